"""The pre-match page: weather, petty cash and inducements, with a live budget (htmx).

Petty cash is declared side by side before the rest is recorded, in the ruleset's order (the
higher team value first; league.rules.prematch.petty_cash_turn): each coach declares his own (the
commissioner either), and the second sees the first's amount, as at the table.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.humanize.templatetags.humanize import intcomma
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.rules import Ruleset, check_inducements, inducement_budgets, inducement_cost
from matches.forms_prematch import PettyCashForm, PrematchForm
from matches.models import Match
from matches.services import petty_cash_declare, prematch_record
from matches.services.common import match_ruleset, violation_messages
from matches.services.prematch import expected_squad, has_step, may_declare, petty_cash_state, treasury_gold
from matches.views.common import attempt, lang, participant_match_or_403
from teams.models import Team

STRUCTURAL = {
    "unknown_inducement",
    "inducement_needs_details",
    "negative_count",
    "unknown_star",
    "unknown_position",
    "unknown_skill",
}


def budget_preview(match: Match, ruleset: Ruleset, form: PrematchForm) -> dict[str, Any]:
    """Budgets and every refusal for what the form holds now, with the petty cash declared so far;
    nothing is written."""
    form.is_valid()  # fills cleaned_data with whatever is valid
    squads = {side: expected_squad(match.team(side), ruleset) for side in ("home", "away")}
    cash = {side: getattr(match, f"{side}_petty_cash") for side in ("home", "away")}
    petty = has_step(ruleset, "petty_cash")
    budgets = inducement_budgets(
        ruleset,
        home_tv=squads["home"][0],
        away_tv=squads["away"][0],
        home_petty_cash=max(cash["home"], 0) if petty else 0,
        away_petty_cash=max(cash["away"], 0) if petty else 0,
        final=match.is_final_stage,
        home_treasury=treasury_gold(ruleset, match.home),
        away_treasury=treasury_gold(ruleset, match.away),
    )
    sides = []
    for side in ("home", "away"):
        team, (tv, size, counts) = match.team(side), squads[side]
        order = form.order(side)
        prices = form.sides[side]["trophy_prices"]
        found = check_inducements(
            ruleset,
            team_key=team.race,
            roster_size=size,
            order=order,
            budget=budgets.budget(side),
            position_counts=counts,
            final=match.is_final_stage,
            trophy_prices=prices,
        )
        problems = violation_messages(found, ruleset, team.race)
        if petty and not 0 <= cash[side] <= team.treasury:
            problems.insert(
                0,
                _("%(team)s can move between 0 and %(max)s gp into petty cash.")
                % {"team": team.name, "max": team.treasury},
            )
        cost = None if any(v.code in STRUCTURAL for v in found) else inducement_cost(ruleset, team.race, order, prices)
        budget = budgets.budget(side)
        sides.append(
            {
                "side": side,
                "team": team,
                "tv": tv,
                "match_tv": getattr(budgets, f"{side}_match_tv"),
                "money": budgets.money(side),
                "petty_cash": cash[side] if petty else treasury_gold(ruleset, team),
                "budget": budget,
                "cost": cost,
                "left": None if cost is None else budget - cost,
                "problems": problems,
            }
        )
    return {
        "sides": sides,
        "underdog": budgets.underdog,
        "buys_first": match.team(budgets.buys_first),
        "petty_cash_step": petty,
        "free_journeymen": has_step(ruleset, "journeymen"),
    }


def petty_cash_rows(request: HttpRequest, match: Match, ruleset: Ruleset) -> dict[str, Any]:
    """The petty cash step in declaring order: each side's amount once declared, and a form for the
    side whose turn it is, shown to whoever may declare for it."""
    (first, second), turn = petty_cash_state(match, ruleset)
    rows = []
    for side in (first, second):
        team: Team = match.team(side)
        mine = side == turn and may_declare(match, side, request.user)
        rows.append(
            {
                "side": side,
                "team": team,
                "declared": getattr(match, f"{side}_petty_cash_declared"),
                "amount": getattr(match, f"{side}_petty_cash"),
                "turn": side == turn,
                "form": PettyCashForm(
                    initial={"side": side, "amount": 0},
                    team=team,
                    step=ruleset.params.gp_granularity,
                    form_id=f"petty-cash-form-{side}",
                )
                if mine
                else None,
            }
        )
    return {
        "declares_first": match.team(first),
        "declares_second": match.team(second),
        "cash_sides": rows,
        "petty_cash_done": turn is None,
    }


def _context(request: HttpRequest, match: Match, ruleset: Ruleset, form: PrematchForm) -> dict[str, Any]:
    petty = has_step(ruleset, "petty_cash")
    return {
        "match": match,
        "form": form,
        "sides": form.side_fields(),
        "preview": budget_preview(match, ruleset, form),
        "petty_cash_step": petty,
        **(petty_cash_rows(request, match, ruleset) if petty else {"petty_cash_done": True}),
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
    return render(request, "matches/prematch.html", _context(request, match, ruleset, form))


@login_required
@require_POST
def match_petty_cash(request: HttpRequest, pk: int) -> HttpResponse:
    """One side declares its petty cash (the service checks whose turn it is and who may)."""
    match = participant_match_or_403(request, pk)
    back = reverse("matches:prematch", args=[match.pk])
    if match.status != Match.Status.SCHEDULED:
        return redirect(match)
    form = PettyCashForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(back)
    side, amount = form.cleaned_data["side"], form.cleaned_data["amount"]
    attempt(
        request,
        lambda: petty_cash_declare(match=match, side=side, amount=amount, by=request.user),
        _("%(team)s moves %(amount)s gp into petty cash.")
        % {"team": match.team(side).name, "amount": intcomma(amount)},
    )
    return redirect(back)


@login_required
@require_POST
def match_prematch_budget(request: HttpRequest, pk: int) -> HttpResponse:
    """The live budget partial (htmx): the form as typed so far, checked by the rules engine."""
    match = participant_match_or_403(request, pk)
    ruleset = match_ruleset(match)
    form = PrematchForm(request.POST, match=match, ruleset=ruleset, lang=lang())
    return render(request, "matches/_budget.html", {"match": match, "preview": budget_preview(match, ruleset, form)})
