"""The special play cards of matches recorded before the cards were sold from the decks: a house
rule once sold them as an inducement, each card typed as "deck: card" and kept on the match
(Match.prematch_values["inducements"]["cards"]). Nothing records them this way any more (cards are
bought from the decks: matches/services/cards.py); the match page still shows those it holds, so
nothing recorded is lost (docs/decisions/matches.md).
"""

from __future__ import annotations

from typing import Any

SIDES = ("home", "away")


def cards_facts(match: Any) -> dict[str, Any] | None:
    """The cards each side bought, as typed then, for the match page; None where none are kept."""
    value = match.prematch_values.get("inducements")
    cards = value.get("cards") if isinstance(value, dict) else None
    if not isinstance(cards, dict) or not any(cards.get(side) for side in SIDES):
        return None
    return {
        "step": "cards",
        "sides": [{"team": match.team(side).name, "cards": cards.get(side) or []} for side in SIDES if cards.get(side)],
    }
