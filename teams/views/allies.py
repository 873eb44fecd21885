"""Hiring an ally from the team page (a house rule: the ruleset's [parameters.allies], spec H6): the league's ally table offers
the positions; the service checks the match count, the cap, the roster and the treasury."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.humanize.templatetags.humanize import intcomma
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.core.allies import ally_rules_for
from league.core.permissions import signed_in
from league.rules import AllyParameters, Ruleset
from league.rules.catalogue.allies import ally_fee, ally_key
from teams import services
from teams.hire_forms import AllyHireForm
from teams.models import Team
from teams.selectors import processed_matches, team_ruleset
from teams.views.common import hired, lang, managed_team_or_403


def ally_choices(ruleset: Ruleset, team: Team) -> list[tuple[str, str]]:
    """The allies the league's table offers this team, with price and cap."""
    found = []
    for rule in ally_rules_for(team.league, team.race):
        if rule.ally_race not in ruleset.teams:
            continue
        try:
            pos = ruleset.team(team.race).position(ally_key(rule.ally_race, rule.position))
        except KeyError:
            continue
        words = {"position": pos.name(lang()), "team": ruleset.team(rule.ally_race).name(lang())}
        label = _("%(position)s (%(team)s)") % words
        found.append((ally_key(rule.ally_race, rule.position), f"{label} — {intcomma(pos.cost)} (0–{rule.cap})"))
    return found


def ally_context(ruleset: Ruleset, team: Team, data: Any = None) -> dict[str, Any]:
    """The team page's ally section: the form (None where the ruleset has no allies or the table
    none for this race), the fee a hire costs now and whether the team may hire yet."""
    group = ruleset.group(AllyParameters)
    choices = ally_choices(ruleset, team) if group is not None else []
    if group is None or not choices:
        return {"ally_form": None}
    fee = ally_fee(group, team.fan_factor)
    return {
        "ally_form": AllyHireForm(data, allies=choices),
        "ally_fee_gold": fee.gold,
        "ally_fee_fan_factor": fee.fan_factor,
        "ally_open": processed_matches(team) >= group.from_match - 1,
        "ally_from_match": group.from_match,
        "ally_max_on_pitch": group.max_on_pitch,
    }


@login_required
@require_POST
def ally_hire(request: HttpRequest, pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    ruleset = team_ruleset(team)
    form = AllyHireForm(request.POST, allies=ally_choices(ruleset, team))
    if form.is_valid():
        cd = form.cleaned_data
        race, _sep, position = cd["ally"].partition(":")
        hired(
            request,
            lambda: services.ally_hire(
                team=team,
                ally_race=race,
                position=position,
                name=cd["name"],
                number=cd["number"],
                by=signed_in(request.user),
            ),
        )
    else:
        for field_errors in form.errors.values():
            for error in field_errors:
                messages.error(request, str(error))
    return redirect(team)
