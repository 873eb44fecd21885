"""The pre-match page: weather, petty cash and inducements, with a live budget (htmx)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.rules import Ruleset, check_inducements, inducement_budgets, inducement_cost, journeymen_needed
from league.rules.prematch import journeyman_positions, petty_cash_order
from matches.forms import PrematchForm
from matches.models import Match
from matches.services import prematch_record
from matches.services.common import match_ruleset, violation_messages
from matches.views.common import attempt, lang, participant_match_or_403
from teams.models import Player, Team
from teams.selectors import compute_team_value

STRUCTURAL = {
    "unknown_inducement",
    "inducement_needs_details",
    "negative_count",
    "unknown_star",
    "unknown_position",
    "unknown_skill",
}


def _squad(team: Team, ruleset: Ruleset) -> tuple[int, int, dict[str, int]]:
    """(expected TV, squad size, players per position) once the free journeymen have joined."""
    active = list(team.players.filter(status=Player.Status.ACTIVE))
    needed = journeymen_needed(ruleset, sum(1 for p in active if not p.miss_next_game))
    counts: dict[str, int] = {}
    for p in active:
        counts[p.position] = counts.get(p.position, 0) + 1
    tv = compute_team_value(team)
    if needed:
        position = journeyman_positions(ruleset, team.race)[0]
        tv += needed * position.cost
        counts[position.key] = counts.get(position.key, 0) + needed
    return tv, len(active) + needed, counts


def budget_preview(match: Match, ruleset: Ruleset, form: PrematchForm) -> dict[str, Any]:
    """Budgets and every refusal for what the form holds now; nothing is written."""
    form.is_valid()  # fills cleaned_data with whatever is valid
    squads = {side: _squad(match.team(side), ruleset) for side in ("home", "away")}
    cash = {side: form.petty_cash(side) for side in ("home", "away")}
    budgets = inducement_budgets(
        ruleset,
        home_tv=squads["home"][0],
        away_tv=squads["away"][0],
        home_petty_cash=max(cash["home"], 0),
        away_petty_cash=max(cash["away"], 0),
    )
    sides = []
    for side in ("home", "away"):
        team, (tv, size, counts) = match.team(side), squads[side]
        order = form.order(side)
        found = check_inducements(
            ruleset,
            team_key=team.race,
            roster_size=size,
            order=order,
            budget=budgets.budget(side),
            position_counts=counts,
        )
        problems = violation_messages(found, ruleset, team.race)
        if not 0 <= cash[side] <= team.treasury:
            problems.insert(
                0,
                _("%(team)s can move between 0 and %(max)s gp into petty cash.")
                % {"team": team.name, "max": team.treasury},
            )
        cost = None if any(v.code in STRUCTURAL for v in found) else inducement_cost(ruleset, team.race, order)
        budget = budgets.budget(side)
        sides.append(
            {
                "side": side,
                "team": team,
                "tv": tv,
                "match_tv": getattr(budgets, f"{side}_match_tv"),
                "money": budgets.money(side),
                "petty_cash": cash[side],
                "budget": budget,
                "cost": cost,
                "left": None if cost is None else budget - cost,
                "problems": problems,
            }
        )
    return {"sides": sides, "underdog": budgets.underdog, "buys_first": match.team(budgets.buys_first)}


def _context(match: Match, ruleset: Ruleset, form: PrematchForm) -> dict[str, Any]:
    first, second = petty_cash_order(match.home.team_value, match.away.team_value)
    sides = form.side_fields()
    return {
        "match": match,
        "form": form,
        "sides": sides,
        "preview": budget_preview(match, ruleset, form),
        "declares_first": match.team(first),
        "declares_second": match.team(second),
        "cash_sides": sorted(sides, key=lambda s: s["side"] != first),
    }


@login_required
@require_http_methods(["GET", "POST"])
def match_prematch(request: HttpRequest, pk: int) -> HttpResponse:
    match = participant_match_or_403(request, pk)
    if match.status != Match.Status.SCHEDULED:
        return redirect(match)
    ruleset = match_ruleset(match)
    form = PrematchForm(request.POST or None, match=match, ruleset=ruleset, lang=lang())
    if request.method == "POST" and form.is_valid():
        if attempt(
            request,
            lambda: prematch_record(match=match, data=form.to_input(), by=request.user),
            _("Pre-match recorded: the match can be played."),
        ):
            return redirect(match)
    return render(request, "matches/prematch.html", _context(match, ruleset, form))


@login_required
@require_POST
def match_prematch_budget(request: HttpRequest, pk: int) -> HttpResponse:
    """The live budget partial (htmx): the form as typed so far, checked by the rules engine."""
    match = participant_match_or_403(request, pk)
    ruleset = match_ruleset(match)
    form = PrematchForm(request.POST, match=match, ruleset=ruleset, lang=lang())
    return render(request, "matches/_budget.html", {"match": match, "preview": budget_preview(match, ruleset, form)})
