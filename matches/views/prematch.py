"""The pre-match page: the ruleset's pre-match steps (matches.prematch_steps: the weather, petty
cash, inducements...), with a live budget (htmx).

Petty cash is declared side by side before the rest is recorded, in the ruleset's order (the
higher team value first; league.rules.prematch.petty_cash_turn): each coach declares his own (the
commissioner either), and the second sees the first's amount, as at the table. Inducements are
chosen the same way (the stronger side first; league.rules.prematch.inducement_turn); then either
coach records the rest (the table rolls: the weather...) and the pre-match.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.humanize.templatetags.humanize import intcomma
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.core.permissions import signed_in
from league.rules import Ruleset, inducement_cost
from league.rules.prematch.cards import paid_with_inducements
from matches.forms.prematch import InducementsForm, PettyCashForm, PrematchForm
from matches.models import Match
from matches.selectors.cards import card_panel
from matches.services import petty_cash_declare, prematch_record
from matches.services.card_gold import cards_paid
from matches.services.cards import card_options
from matches.services.common import match_ruleset, violation_messages
from matches.services.inducement_orders import order_from_json
from matches.services.inducements import (
    SIDES,
    PrematchState,
    inducements_choose,
    match_budgets,
    prematch_state,
    side_violations,
)
from matches.services.prematch import expected_squad, has_step, may_declare, treasury_gold
from matches.services.prematch_steps import steps_for
from matches.views.common import attempt, closed_by_playoffs, lang, participant_match_or_403
from teams.hooks import team_benefits

STRUCTURAL = {
    "unknown_inducement",
    "inducement_needs_details",
    "negative_count",
    "unknown_star",
    "unknown_position",
    "unknown_skill",
}


def budget_preview(match: Match, ruleset: Ruleset, form: PrematchForm) -> dict[str, Any]:
    """Budgets and every refusal: for a side whose fields the form has, what it holds now; for the
    other, what it chose (nothing yet if it has not). Nothing is written."""
    form.is_valid()  # fills cleaned_data with whatever is valid
    squads = {side: expected_squad(match.team(side), ruleset) for side in SIDES}
    budgets = match_budgets(match, ruleset, {side: squads[side][0] for side in SIDES})
    petty = has_step(ruleset, "petty_cash")
    cash = {side: getattr(match, f"{side}_petty_cash") for side in SIDES}
    # Cards bought from the inducement gold spend the same budget (league.rules.prematch.cards).
    cards = cards_paid(match)
    sides = []
    for side in SIDES:
        team, tv = match.team(side), squads[side][0]
        order = form.order(side) if side in form.sides else order_from_json(getattr(match, f"{side}_inducements"))
        found = side_violations(match, ruleset, side, order, squads[side], budgets.budget(side), cards[side])
        problems = violation_messages(found, ruleset, team.race)
        if petty and not 0 <= cash[side] <= team.treasury:
            problems.insert(
                0,
                _("%(team)s can move between 0 and %(max)s gp into petty cash.")
                % {"team": team.name, "max": team.treasury},
            )
        prices = team_benefits(match.league, team.pk).inducement_prices
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
                "cards": cards[side],
                "left": None if cost is None else budget - cost - cards[side],
                "problems": problems,
                "order": order,
            }
        )
    return {
        "sides": sides,
        "underdog": budgets.underdog,
        "buys_first": match.team(budgets.buys_first),
        "petty_cash_step": petty,
        "free_journeymen": has_step(ruleset, "journeymen"),
        "cards_shown": paid_with_inducements(card_options(ruleset)),
    }


def awaited(match: Match, state: PrematchState, recorded: list[str]) -> str:
    """What the pre-match waits for, and from whom, in words; `recorded`: the labels of what the
    record form enters (the weather...)."""
    if state.step == "petty_cash":
        return _("Awaited: %(team)s declares its petty cash.") % {"team": match.team(cast(str, state.side)).name}
    if state.step == "inducements":
        return _("Awaited: %(team)s chooses its inducements.") % {"team": match.team(cast(str, state.side)).name}
    if not recorded:
        return _("Awaited: either coach records the pre-match.")
    return _("Awaited: either coach records the %(steps)s and the pre-match.") % {"steps": words(recorded)}


def words(labels: list[str]) -> str:
    """Labels in a sentence, lower-cased: "weather", "weather and dungeon state"."""
    lowered = [label.lower() for label in labels]
    if len(lowered) < 2:
        return "".join(lowered)
    return _("%(first)s and %(last)s") % {"first": ", ".join(lowered[:-1]), "last": lowered[-1]}


def _context(
    request: HttpRequest, match: Match, ruleset: Ruleset, form: PrematchForm, chooser: InducementsForm | None = None
) -> dict[str, Any]:
    """The page: `form` records the pre-match (the steps' fields: the weather...), `chooser` is
    the inducement form of the side whose turn it is (bound after a refusal), when the user may
    choose for it. Each step with a section of its own (petty cash, inducements) fills it
    (matches.prematch_steps)."""
    petty = has_step(ruleset, "petty_cash")
    tvs: dict[str, int] = {side: expected_squad(match.team(side), ruleset)[0] for side in SIDES}
    state = prematch_state(match, ruleset, tvs)
    # The inducements step always names the side whose turn it is.
    if chooser is None and state.step == "inducements" and may_declare(match, cast(str, state.side), request.user):
        chooser = InducementsForm(match=match, ruleset=ruleset, lang=lang(), side=cast(str, state.side))
    preview = budget_preview(match, ruleset, chooser or form)
    recorded = [part["label"] for part in form.step_parts()]
    page: dict[str, Any] = {
        "match": match,
        "form": form,
        "chooser": chooser,
        "chooser_fields": chooser.side_fields()[0] if chooser else None,
        "preview": preview,
        "state": state,
        "lang": lang(),
        "awaited": awaited(match, state, recorded),
        "recorded": words(recorded),
        "petty_cash_step": petty,
    }
    sections = []
    for step in steps_for(ruleset):
        if step.section_template:
            page.update(step.section_context(request, match, ruleset, page))
            sections.append({"template": step.section_template, "label": step.label(ruleset, lang())})
    page["sections"] = sections
    page["card_panel"] = card_panel(match, ruleset, request.user, lang())
    return page


@login_required
@require_http_methods(["GET", "POST"])
def match_prematch(request: HttpRequest, pk: int) -> HttpResponse:
    """The pre-match page; its POST records the pre-match (the weather, then what each side chose)."""
    match = participant_match_or_403(request, pk)
    if match.status != Match.Status.SCHEDULED or (request.method == "GET" and closed_by_playoffs(match)):
        return redirect(match)
    ruleset = match_ruleset(match)
    form = PrematchForm(request.POST or None, match=match, ruleset=ruleset, lang=lang(), sides=())
    if request.method == "POST" and form.is_valid():
        if attempt(
            request,
            lambda: prematch_record(match=match, data=form.to_input(), by=signed_in(request.user)),
            _("Pre-match recorded: the match can be played."),
        ):
            return redirect(match)
    return render(request, "matches/prematch.html", _context(request, match, ruleset, form))


@login_required
@require_POST
def match_inducements(request: HttpRequest, pk: int) -> HttpResponse:
    """One side chooses its inducements (the service checks whose turn it is and who may)."""
    match = participant_match_or_403(request, pk)
    if match.status != Match.Status.SCHEDULED:
        return redirect(match)
    side = request.POST.get("side")
    if side not in SIDES:
        return HttpResponseBadRequest(_("A side is home or away."))
    team = match.team(side)
    if not may_declare(match, side, request.user):
        raise PermissionDenied(
            _("Only the coach of %(team)s or the commissioner chooses its inducements.") % {"team": team.name}
        )
    ruleset = match_ruleset(match)
    chooser = InducementsForm(request.POST, match=match, ruleset=ruleset, lang=lang(), side=side)
    if chooser.is_valid():
        if attempt(
            request,
            lambda: inducements_choose(match=match, side=side, order=chooser.order(side), by=signed_in(request.user)),
            _("%(team)s has chosen its inducements.") % {"team": team.name},
        ):
            return redirect(reverse("matches:prematch", args=[match.pk]))
    form = PrematchForm(match=match, ruleset=ruleset, lang=lang(), sides=())
    return render(request, "matches/prematch.html", _context(request, match, ruleset, form, chooser))


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
                messages.error(request, str(error))
        return redirect(back)
    side, amount = form.cleaned_data["side"], form.cleaned_data["amount"]
    attempt(
        request,
        lambda: petty_cash_declare(match=match, side=side, amount=amount, by=signed_in(request.user)),
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
    side = request.POST.get("side")
    form = (
        InducementsForm(request.POST, match=match, ruleset=ruleset, lang=lang(), side=side)
        if side in SIDES
        else PrematchForm(request.POST, match=match, ruleset=ruleset, lang=lang(), sides=())
    )
    return render(request, "matches/_budget.html", {"match": match, "preview": budget_preview(match, ruleset, form)})
