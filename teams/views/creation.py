"""Building a team: the guided form, its live preview (htmx) and drafts made ready.

The form is posted in three ways, and only the last one writes (through the services):
- to the *fields* partial, which re-renders the form after a race change or a row added/removed;
- to the *preview* partial, which shows cost, budget left and every rule currently broken;
- to the page itself, with action=draft (team_save_draft) or action=create.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.humanize.templatetags.humanize import intcomma
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.core.models import League
from league.core.permissions import can_create_team, signed_in
from league.core.selectors import league_or_404, league_ruleset
from league.infra.inputs import posted_id
from league.rules.catalogue import alliances
from teams.errors import TeamRuleError
from teams.forms import (
    MAX_ROWS,
    PlayerRowFormSet,
    TeamOrderForm,
    flat_choices,
    head_allies,
    join_position,
    order_from_data,
    order_from_forms,
    read_order_data,
    team_position_choices,
)
from teams.models import Team
from teams.selectors import active_players
from teams.services import budget_left, order_problems, team_create, team_make_ready, team_save_draft
from teams.views.common import attempt, lang, managed_team_or_403

DEFAULT_ROWS = 11  # the minimum roster: the coach fills these, then adds rows up to 16

Head = dict[str, Any]
Rows = list[dict[str, str]]


def _league_or_403(request: HttpRequest, slug: str) -> League:
    league = league_or_404(slug)
    if not can_create_team(request.user, league):
        raise PermissionDenied(_("Join the league before creating a team in it."))
    return league


def _urls(league: League, team: Team | None) -> dict[str, str]:
    if team is None:
        return {
            "submit_url": reverse("league:team_new", args=[league.slug]),
            "fields_url": reverse("league:team_new_fields", args=[league.slug]),
            "preview_url": reverse("league:team_new_preview", args=[league.slug]),
            "cancel_url": league.get_absolute_url(),
        }
    return {
        "submit_url": reverse("teams:edit", args=[team.pk]),
        "fields_url": reverse("teams:edit_fields", args=[team.pk]),
        "preview_url": reverse("teams:edit_preview", args=[team.pk]),
        "cancel_url": team.get_absolute_url(),
    }


def _preview(league: League, team: Team | None, head: Head, rows: Rows) -> dict[str, Any]:
    """Cost, budget left and broken rules of the order as typed; reads only."""
    ruleset = league_ruleset(league)
    team_list = ruleset.teams.get(head.get("race", ""))
    allies = [a for a in head_allies(head) if a in ruleset.teams]
    allowed = alliances.apothecary_allowed(ruleset, team_list.key, allies) if team_list else True
    order = order_from_data(head, rows, apothecary_allowed=allowed)
    budget = ruleset.params.starting_treasury
    left = budget_left(league, order)
    if team_list is None:
        problems = [_("Choose a race.")]
    else:
        problems = order_problems(league, order, complete=True, team=team)
    return {
        "budget": budget,
        "cost": budget - left,
        "left": left,
        "problems": problems,
        "players": len(order.players),
        "max_players": ruleset.params.roster_max_players,
    }


def _context(
    request: HttpRequest, league: League, team: Team | None, head: Head, rows: Rows, *, bound: bool
) -> dict[str, Any]:
    ruleset = league_ruleset(league)
    team_list = ruleset.teams.get(head.get("race", ""))
    allies = head_allies(head) if alliances.alliance_rules(ruleset) else ()
    positions = team_position_choices(ruleset, head.get("race", ""), allies, lang())
    urls = _urls(league, team)
    kwargs: dict[str, Any] = {
        "ruleset": ruleset,
        "team_list": team_list,
        "lang": lang(),
        "fields_url": urls["fields_url"],
    }
    if bound:
        # A submitted form: validate it so its errors show next to the fields, as typed.
        form = TeamOrderForm(request.POST, **kwargs)
        formset = PlayerRowFormSet(request.POST, prefix="players", form_kwargs={"positions": positions})
    else:
        # Re-rendered while typing: no errors yet; a position the new race lacks is cleared.
        keys = {key for key, _label in flat_choices(positions)}
        for row in rows:
            if row["position"] not in keys:
                row["position"] = ""
        form = TeamOrderForm(initial=head, **kwargs)
        formset = PlayerRowFormSet(initial=rows, prefix="players", form_kwargs={"positions": positions})
    return {
        "league": league,
        "team": team,
        "form": form,
        "formset": formset,
        "preview": _preview(league, team, head, rows),
        "team_list": team_list,
        "reroll_price": intcomma(alliances.reroll_cost(ruleset, team_list.key, allies)) if team_list else "",
        "max_rows": MAX_ROWS,
        **urls,
    }


def _next_free_number(rows: Rows) -> str:
    taken = {r["number"].strip() for r in rows}
    return next(str(n) for n in range(1, 100) if str(n) not in taken)


def _blank_rows(count: int) -> Rows:
    return [{"position": "", "number": str(n), "name": ""} for n in range(1, count + 1)]


def _team_head(team: Team) -> Head:
    return {
        "name": team.name,
        "race": team.race,
        "second_roster": team.second_roster,
        "third_roster": team.third_roster,
        "rerolls": team.rerolls,
        "fan_factor": team.fan_factor,
        "assistant_coaches": team.assistant_coaches,
        "cheerleaders": team.cheerleaders,
        "apothecary": team.apothecary,
        "college": team.college,
    }


def _team_rows(team: Team) -> Rows:
    players = active_players(team)
    rows = [{"position": join_position(p.position, p.roster), "number": str(p.number), "name": p.name} for p in players]
    return rows or _blank_rows(DEFAULT_ROWS)


def _render_page(request: HttpRequest, context: dict[str, Any], refusals: list[str] | None = None) -> HttpResponse:
    context["refusals"] = refusals or []
    return render(request, "teams/team_form.html", context)


def _submit(request: HttpRequest, league: League, team: Team | None) -> HttpResponse:
    head, rows = read_order_data(request.POST)
    context = _context(request, league, team, head, rows, bound=True)
    form, formset = context["form"], context["formset"]
    if not (form.is_valid() and formset.is_valid()):
        return _render_page(request, context, [_("Some fields are not filled in correctly: see below.")])
    order = order_from_forms(form, formset)
    create = request.POST.get("action") == "create"
    user = signed_in(request.user)
    try:
        if team is None and create:
            # One transaction: a refusal writes nothing at all.
            saved = team_create(
                league=league,
                coach=user,
                name=order.name,
                race=order.race,
                players=order.players,
                rerolls=order.rerolls,
                fan_factor=order.fan_factor,
                assistant_coaches=order.assistant_coaches,
                cheerleaders=order.cheerleaders,
                apothecary=order.apothecary,
                college=order.college,
                allies=order.allies,
                by=user,
            )
        else:
            saved = team_save_draft(league=league, coach=team.coach if team else user, order=order, team=team, by=user)
            if create:
                try:
                    team_make_ready(team=saved, by=user)
                except TeamRuleError as refusal:
                    # The draft keeps what was typed; the page says what still stops it.
                    context = _context(request, league, saved, head, rows, bound=True)
                    return _render_page(
                        request, context, [_("The draft was saved but cannot be made ready yet:"), *refusal.messages]
                    )
    except TeamRuleError as refusal:
        return _render_page(request, context, refusal.messages)
    if saved.status == Team.Status.READY:
        messages.success(
            request,
            _("%(team)s is ready to play. Treasury: %(treasury)s gp.")
            % {"team": saved.name, "treasury": intcomma(saved.treasury)},
        )
    else:
        messages.success(request, _("Draft %(team)s saved.") % {"team": saved.name})
    return redirect(saved)


@login_required
@require_http_methods(["GET", "POST"])
def team_new(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league_or_403(request, slug)
    if request.method == "POST":
        return _submit(request, league, None)
    head = {
        "name": "",
        "race": "",
        "second_roster": "",
        "third_roster": "",
        "rerolls": 0,
        "fan_factor": league_ruleset(league).params.fan_factor_min_at_creation,
        "assistant_coaches": 0,
        "cheerleaders": 0,
        "apothecary": False,
        "college": "",
    }
    return _render_page(request, _context(request, league, None, head, _blank_rows(DEFAULT_ROWS), bound=False))


@login_required
@require_http_methods(["GET", "POST"])
def team_edit(request: HttpRequest, pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    if team.status != Team.Status.DRAFT:
        messages.info(request, _("Only a draft can be edited this way."))
        return redirect(team)
    if request.method == "POST":
        return _submit(request, team.league, team)
    context = _context(request, team.league, team, _team_head(team), _team_rows(team), bound=False)
    return _render_page(request, context)


def _fields(request: HttpRequest, league: League, team: Team | None) -> HttpResponse:
    head, rows = read_order_data(request.POST)
    if request.POST.get("add_row") and len(rows) < MAX_ROWS:
        rows.append({"position": "", "number": _next_free_number(rows), "name": ""})
    remove = request.POST.get("remove_row", "")
    index = posted_id(remove)
    if index is not None and index < len(rows):
        rows.pop(index)
    return render(request, "teams/_order_body.html", _context(request, league, team, head, rows, bound=False))


def _preview_response(request: HttpRequest, league: League, team: Team | None) -> HttpResponse:
    head, rows = read_order_data(request.POST)
    return render(request, "teams/_order_preview.html", {"preview": _preview(league, team, head, rows)})


@login_required
@require_POST
def team_new_fields(request: HttpRequest, slug: str) -> HttpResponse:
    return _fields(request, _league_or_403(request, slug), None)


@login_required
@require_POST
def team_new_preview(request: HttpRequest, slug: str) -> HttpResponse:
    return _preview_response(request, _league_or_403(request, slug), None)


@login_required
@require_POST
def team_edit_fields(request: HttpRequest, pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    return _fields(request, team.league, team)


@login_required
@require_POST
def team_edit_preview(request: HttpRequest, pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    return _preview_response(request, team.league, team)


@login_required
@require_POST
def team_ready(request: HttpRequest, pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    attempt(
        request,
        lambda: team_make_ready(team=team, by=signed_in(request.user)),
        _("%(team)s is ready to play.") % {"team": team.name},
    )
    return redirect(team)
