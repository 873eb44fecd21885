"""Each coach chooses his own inducements, in the ruleset's order, before the pre-match is recorded.

The stronger side chooses first, then the underdog, who sees what the other bought (the rulebook:
league.rules.prematch.inducement_turn); where the ruleset has petty cash, both sides declare it before (the
inducement budgets depend on it). A side's own coach chooses for it; the commissioner may choose for
an absent coach, and the audit log says so. prematch_record then records what each side chose.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.permissions import is_commissioner
from league.rules import (
    InducementBudgets,
    InducementOrder,
    Ruleset,
    check_inducements,
    inducement_budgets,
    inducement_cost,
    inducement_turn,
)
from league.rules.catalogue.team_building import Violation
from league.rules.parameter_groups import CardParameters
from league.rules.postmatch.finance import Side
from league.rules.prematch.cards import with_inducement_cards
from matches.models import Match
from matches.services.card_gold import cards_paid
from matches.services.common import (
    MatchError,
    check_participant,
    lock_match,
    match_ruleset,
    require_status,
    violation_messages,
)
from matches.services.inducement_orders import order_from_json, order_to_json
from matches.services.prematch import expected_squad, has_step, may_declare, petty_cash_state, treasury_gold
from teams.hooks import team_benefits

SIDES: tuple[Side, Side] = ("home", "away")


def chosen(match: Match, side: str) -> bool:
    return getattr(match, f"{side}_inducements") is not None


def match_budgets(match: Match, ruleset: Ruleset, tvs: Mapping[str, int]) -> InducementBudgets:
    """The inducement budgets with the petty cash declared so far and the roster TVs `tvs` (home,
    away: expected_squad's, the free journeymen included)."""
    petty = has_step(ruleset, "petty_cash")
    return inducement_budgets(
        ruleset,
        home_tv=tvs["home"],
        away_tv=tvs["away"],
        home_petty_cash=max(match.home_petty_cash, 0) if petty else 0,
        away_petty_cash=max(match.away_petty_cash, 0) if petty else 0,
        final=match.is_final_stage,
        home_treasury=treasury_gold(ruleset, match.home),
        away_treasury=treasury_gold(ruleset, match.away),
    )


@dataclass(frozen=True)
class PrematchState:
    """What the pre-match waits for: "petty_cash" or "inducements" from `side`, or "record" (the
    weather and the rest, by either coach) once every side has chosen."""

    step: str
    side: str | None
    budgets: InducementBudgets | None = None


def prematch_state(match: Match, ruleset: Ruleset, tvs: Mapping[str, int]) -> PrematchState:
    """The step awaited, from the match's declarations and the roster TVs `tvs` (no query)."""
    if has_step(ruleset, "petty_cash"):
        _order, turn = petty_cash_state(match, ruleset, tvs)
        if turn is not None:
            return PrematchState("petty_cash", turn)
    budgets = match_budgets(match, ruleset, tvs)
    if has_step(ruleset, "inducements"):
        turn = inducement_turn(budgets, {side: chosen(match, side) for side in SIDES})
        if turn is not None:
            return PrematchState("inducements", turn, budgets)
    return PrematchState("record", None, budgets)


def side_violations(
    match: Match,
    ruleset: Ruleset,
    side: str,
    order: InducementOrder,
    squad: tuple[int, int, dict[str, int]],
    budget: int,
    cards: int = 0,
) -> tuple[Violation, ...]:
    """Every rule the side's order breaks against its expected squad and budget (`cards`: the gold
    of the cards it already bought from that budget, league.rules.prematch.cards)."""
    team = match.team(side)
    _tv, size, counts = squad
    found = check_inducements(
        ruleset,
        team_key=team.race,
        roster_size=size,
        order=order,
        budget=budget - cards,
        position_counts=counts,
        final=match.is_final_stage,  # no stars or mercenaries in a semi-final or a final (p.30)
        trophy_prices=team_benefits(match.league, team.pk).inducement_prices,
        allies=team.allies,
    )
    empty = not (order.items or order.stars or order.mercenaries)
    return with_inducement_cards(found, ruleset.group(CardParameters), empty=empty, cards=cards, budget=budget)


def choose_refusal(
    match: Match, ruleset: Ruleset, side: str, by: Any, state: PrematchState, tvs: Mapping[str, int]
) -> str | None:
    """Why `by` may not choose (or correct) `side`'s inducements now, None if he may: in turn, the
    stronger side first; the commissioner corrects a choice the other side has not yet answered.
    Cards paid from the inducement gold are bought in the same window (matches.services.cards)."""
    team = match.team(side)
    other = "away" if side == "home" else "home"
    commissioner = by is not None and by.is_authenticated and is_commissioner(by, match.league)
    if state.step == "petty_cash":
        return _("Both sides declare their petty cash before choosing inducements.")
    budgets = state.budgets or match_budgets(match, ruleset, tvs)
    if chosen(match, side) and not commissioner:
        return _("%(team)s has already chosen its inducements.") % {"team": team.name}
    if chosen(match, side) and side == budgets.buys_first and chosen(match, other):
        return _("The other side has chosen knowing these inducements: they can no longer change.")
    if not chosen(match, side) and budgets.budget(cast(Side, side)) <= 0:
        return _("%(team)s has no gold to spend: nothing to choose.") % {"team": team.name}
    if not chosen(match, side) and state.side != side:
        first = match.team(budgets.buys_first)
        return _("%(first)s chooses its inducements first (the stronger team); %(team)s chooses after.") % {
            "first": first.name,
            "team": team.name,
        }
    return None


def inducement_gold_left(match: Match, ruleset: Ruleset, side: str, by: Any) -> tuple[int, str | None]:
    """What `side` has left of its inducement gold for a card (its budget less the inducements it
    chose, if saved, and the cards it bought), or why it may not buy one now (turn, step)."""
    if not has_step(ruleset, "inducements"):
        return 0, _("This league's pre-match has no inducements to pay cards with.")
    tvs: dict[str, int] = {s: expected_squad(match.team(s), ruleset)[0] for s in SIDES}
    state = prematch_state(match, ruleset, tvs)
    refusal = choose_refusal(match, ruleset, side, by, state, tvs)
    if refusal:
        return 0, refusal
    budgets = state.budgets or match_budgets(match, ruleset, tvs)
    team = match.team(side)
    kept = getattr(match, f"{side}_inducements")
    spent = 0
    if kept is not None:
        prices = team_benefits(match.league, team.pk).inducement_prices
        spent = inducement_cost(ruleset, team.race, order_from_json(kept), prices)
    return max(budgets.budget(cast(Side, side)) - spent - cards_paid(match)[side], 0), None


def inducements_choose(*, match: Match, side: str, order: InducementOrder, by: User | None) -> Match:
    """One side chooses its inducements, in turn; nothing is bought until the pre-match is recorded.

    A side's own coach chooses for it, the commissioner for either (an absent coach: audited with
    `for_absent_coach`). A choice is final once the other side has chosen knowing it; until then
    the commissioner may correct it."""
    check_participant(match, by)
    if side not in SIDES:
        raise MatchError([_("A side is home or away.")])
    team = match.team(side)
    if not may_declare(match, side, by):
        raise PermissionDenied(
            _("Only the coach of %(team)s or the commissioner chooses its inducements.") % {"team": team.name}
        )
    ruleset = match_ruleset(match)
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.SCHEDULED)
        squads = {s: expected_squad(match.team(s), ruleset) for s in SIDES}
        state = prematch_state(match, ruleset, {s: squads[s][0] for s in SIDES})
        refusal = choose_refusal(match, ruleset, side, by, state, {s: squads[s][0] for s in SIDES})
        if refusal:
            raise MatchError([refusal])
        budgets = state.budgets or match_budgets(match, ruleset, {s: squads[s][0] for s in SIDES})
        found = side_violations(
            match, ruleset, side, order, squads[side], budgets.budget(side), cards_paid(match)[side]
        )
        if found:
            raise MatchError(violation_messages(found, ruleset, team.race))
        setattr(match, f"{side}_inducements", order_to_json(order))
        match.save(update_fields=[f"{side}_inducements"])
        log_action(
            action="matches.inducements.chosen",
            actor=by,
            team=team,
            league=match.league,
            match=match.pk,
            side=side,
            order=order_to_json(order),
            for_absent_coach=by is not None and team.coach_id != by.pk,
        )
    return match
