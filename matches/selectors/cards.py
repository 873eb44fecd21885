"""The pre-match's special play cards panel: for each side, the decks it may buy from (price, cards
left) and its cards. A side's cards are named only to its coach and the commissioner; the opponent
sees how many it bought from which deck (cards stay secret until played, as the rulebooks say)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from league.core.permissions import is_commissioner
from league.rules import Ruleset
from league.rules.catalogue.cards import Deck
from league.rules.prematch.cards import buyable_decks, cards_left, deck_cards, paid_with_inducements
from matches.card_models import MatchCard
from matches.models import Match
from matches.services.cards import SIDES, CardGold, card_options, side_card_gold
from matches.services.common import side_of_user


def card_panel(
    match: Match, ruleset: Ruleset, user: AbstractBaseUser | AnonymousUser, lang: str, *, buying: bool = True
) -> dict[str, Any] | None:
    """The panel, or None where the league sells no cards. Not `buying` (the match page, once the
    pre-match is recorded): the cards bought, the same secrecy, no form; None when none were bought."""
    options = card_options(ruleset)
    if options is None:
        return None
    catalogue = ruleset.special_cards
    rows = list(MatchCard.objects.filter(match=match))
    if not buying and not rows:
        return None
    drawn = [r.card for r in rows]
    decks = buyable_decks(catalogue, options)
    commissioner = is_commissioner(user, match.league)
    mine = side_of_user(match, user)
    deck_rows = [
        {
            "key": d.key,
            "name": d.name(lang),
            "price": d.price,
            "left": len(cards_left(catalogue, options, d.key, drawn)),
            "cards": [
                {"key": c.key, "name": c.name(lang), "label": c.label} for c in deck_cards(catalogue, options, d.key)
            ],
        }
        for d in decks.values()
    ]
    sides = []
    for side in SIDES:
        own = [r for r in rows if r.side == side]
        sees = commissioner or mine == side
        gold = side_card_gold(match, ruleset, options, rows, side, user) if sees and buying else CardGold(0)
        counts: dict[str, int] = {}
        for r in own:
            counts[r.deck] = counts.get(r.deck, 0) + 1
        sides.append(
            {
                "side": side,
                "team": match.team(side),
                "sees": sees,
                "may_buy": sees and buying,
                "gold": gold.gold,
                "refusal": gold.refusal,
                "bought": len(own),
                "cards": [_card_row(r, ruleset, decks, lang) for r in own] if sees else [],
                "counts": [{"deck": decks[k].name(lang) if k in decks else k, "count": n} for k, n in counts.items()],
            }
        )
    return {
        "decks": deck_rows,
        "sides": sides,
        "mode": options.mode,
        "max_draws": options.max_draws,
        "budget": options.budget,
        "inducement_gold": paid_with_inducements(options),
    }


def _card_row(row: MatchCard, ruleset: Ruleset, decks: dict[str, Deck], lang: str) -> dict[str, Any]:
    catalogue = ruleset.special_cards
    card = catalogue.cards.get(row.card)
    timing = catalogue.timings.get(card.timing) if card else None
    return {
        "order": row.order,
        "name": card.name(lang) if card else row.card,
        "label": card.label if card else "",
        "timing": timing.name(lang) if timing else (card.timing if card else ""),
        "effect": card.effect(lang) if card else "",
        "deck": decks[row.deck].name(lang) if row.deck in decks else row.deck,
        "how": row.get_how_display(),
        "roll": row.roll,
        "sides": row.sides,
    }
