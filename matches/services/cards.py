"""Special play cards bought at the pre-match, one at a time (league.rules.prematch.cards).

A side's coach (or the commissioner) buys one card from a deck; the site draws it with a die it
stores, or the coach enters the card drawn at the table. Both sides draw from the same decks, so a
purchase locks the match row: two coaches buying at once never draw the same card. The gold comes
from the league's per-match card budget, or where cards are inducements (or replace them) from the
side's inducement gold, in the window and turn in which it chooses its inducements; the inducement
step counts those cards and the pre-match record debits them (docs/decisions/matches.md).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.rules import Dice, Ruleset, SeededDice
from league.rules.catalogue.team_building import Violation
from league.rules.parameter_groups import CardParameters
from league.rules.prematch.cards import (
    buyable_decks,
    card_purchase_violations,
    card_spending,
    cards_left,
    draw_card,
    paid_with_inducements,
)
from matches.card_models import MatchCard
from matches.models import Match
from matches.services.common import MatchError, check_participant, lock_match, match_ruleset, require_status
from matches.services.inducements import inducement_gold_left
from matches.services.prematch import may_declare
from teams.errors import gp

SIDES = ("home", "away")

# Worded when shown, in the language active then.
CARD_MESSAGES = {
    "cards_not_sold": gettext_lazy("This league does not sell special play cards."),
    "cards_over_limit": gettext_lazy("A coach may buy at most %(limit)s special play cards a match."),
    "card_deck_unknown": gettext_lazy("There is no deck “%(deck)s” to buy from."),
    "card_deck_empty": gettext_lazy("The deck “%(deck)s” has no card left: both coaches drew them all."),
    "card_gold": gettext_lazy("A card from this deck costs %(cost)s; the side has %(budget)s left for cards."),
    "card_not_in_deck": gettext_lazy("“%(card)s” is not a card of the deck “%(deck)s”."),
    "card_already_drawn": gettext_lazy("“%(card)s” has already been drawn in this match."),
}


def card_options(ruleset: Ruleset) -> CardParameters | None:
    """The league's card options, where its ruleset has decks and the league sells cards."""
    options = ruleset.group(CardParameters)
    if not ruleset.special_cards or options is None or options.mode == "none":
        return None
    return options


def card_messages(violations: tuple[Violation, ...], ruleset: Ruleset) -> list[str]:
    decks, cards = ruleset.special_cards.decks, ruleset.special_cards.cards
    out = []
    for v in violations:
        params = dict(v.params)
        lang = get_language() or "en"
        if params.get("deck") in decks:
            params["deck"] = decks[str(params["deck"])].name(lang)
        if params.get("card") in cards:
            params["card"] = cards[str(params["card"])].name(lang)
        params = {k: gp(p) if k in {"cost", "budget"} else p for k, p in params.items()}
        out.append(str(CARD_MESSAGES[v.code]) % params)
    return out


@dataclass(frozen=True)
class CardGold:
    """What a side may still spend on cards, or why it cannot buy any (`refusal`)."""

    gold: int
    refusal: str | None = None


def side_card_gold(
    match: Match, ruleset: Ruleset, options: CardParameters, rows: list[MatchCard], side: str, by: Any
) -> CardGold:
    """The gold `side` may still spend on cards: its card budget less its cards (mode "budget"), or
    what its inducement gold has left, while it may choose its inducements (league.rules.prematch.cards)."""
    if paid_with_inducements(options):
        gold, refusal = inducement_gold_left(match, ruleset, side, by)
        return CardGold(gold, refusal)
    spent = sum(r.price for r in rows if r.side == side and not r.inducement_gold)
    return CardGold(card_spending(options, spent))


def card_buy(
    *,
    match: Match,
    side: str,
    deck: str,
    by: User | None,
    entered: str | None = None,
    dice: Dice | None = None,
) -> MatchCard:
    """One card bought by `side` from `deck` before the pre-match is recorded: drawn by the site
    (a stored die over the cards left, in file order), or `entered` as drawn at the table."""
    check_participant(match, by)
    if side not in SIDES:
        raise MatchError([_("A side is home or away.")])
    if not may_declare(match, side, by):
        raise PermissionDenied(
            _("Only the coach of %(team)s or the commissioner buys its cards.") % {"team": match.team(side).name}
        )
    ruleset = match_ruleset(match)
    options = card_options(ruleset)
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.SCHEDULED)
        if options is None:
            raise MatchError(card_messages((Violation("cards_not_sold"),), ruleset))
        rows = list(MatchCard.objects.filter(match=match))
        gold = side_card_gold(match, ruleset, options, rows, side, by)
        if gold.refusal:
            raise MatchError([gold.refusal])
        drawn = [r.card for r in rows]
        side_rows = [r for r in rows if r.side == side]
        violations = card_purchase_violations(
            ruleset.special_cards,
            options,
            deck_key=deck,
            side_draws=len(side_rows),
            drawn=drawn,
            gold=gold.gold,
            entered=entered or None,
        )
        if violations:
            raise MatchError(card_messages(violations, ruleset))
        price = buyable_decks(ruleset.special_cards, options)[deck].price
        if entered:
            card, how, roll, sides = entered, MatchCard.How.TABLE, None, None
        else:
            left = cards_left(ruleset.special_cards, options, deck, drawn)
            draw = draw_card(left, dice or SeededDice(secrets.randbits(64)))
            card, how, roll, sides = draw.card.key, MatchCard.How.SERVER, draw.roll, draw.sides
        row = MatchCard.objects.create(
            match=match,
            side=side,
            deck=deck,
            card=card,
            order=len(side_rows) + 1,
            how=how,
            roll=roll,
            sides=sides,
            price=price,
            inducement_gold=paid_with_inducements(options),
            by=by,
        )
        # The card itself stays out of the log, which the opponent may read: secret until played.
        log_action(
            action="matches.card.bought",
            actor=by,
            team=match.team(side),
            league=match.league,
            match=match.pk,
            side=side,
            deck=deck,
            price=price,
            how=str(how),
        )
    return row
