"""Special play cards bought at the pre-match (a house rule, docs/decisions/matches.md): an inducement priced
"card" in inducements.csv is bought in the inducement step like any other (a count at its price,
never in team value); each card bought is then recorded with its deck and the card drawn, as free
text (the card catalogue comes later), on the record form or in an import
(`prematch.<side>.cards`). The inducements step (inducements.py) calls these helpers; the cards are
kept on the match (Match.prematch_values["inducements"]["cards"]) and shown on the match page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.rules import InducementOrder, Ruleset
from matches.services.prematch_steps import PrematchContext

SIDES = ("home", "away")
MAX_TEXT = 60  # characters of a deck's or a card's name


def card_keys(ruleset: Ruleset) -> frozenset[str]:
    """The ruleset's inducements that are special play cards (pricing "card")."""
    return frozenset(key for key, item in ruleset.inducements.items() if item.pricing == "card")


def cards_bought(ruleset: Ruleset, order: InducementOrder) -> int:
    keys = card_keys(ruleset)
    return sum(count for key, count in order.items.items() if key in keys)


def card_fields(ruleset: Ruleset) -> dict[str, Any]:
    """The record form's fields: per side, one line a card bought ("deck: card")."""
    if not card_keys(ruleset):
        return {}
    return {
        f"cards_{side}": forms.CharField(
            label=label,
            required=False,
            max_length=40 * (MAX_TEXT + 2),
            widget=forms.Textarea(attrs={"rows": 2, "placeholder": _("Deck: card drawn")}),
            help_text=gettext_lazy("One line a card bought: the deck, a colon, then the card drawn."),
        )
        for side, label in (
            ("home", gettext_lazy("Special play cards of the home team")),
            ("away", gettext_lazy("Special play cards of the away team")),
        )
    }


def parse_cards(text: str) -> list[tuple[str, str]]:
    """ "Deck: card" lines as (deck, card); a line without a colon names the deck only."""
    found = []
    for line in (text or "").splitlines():
        if line.strip():
            deck, _sep, card = line.partition(":")
            found.append((deck.strip(), card.strip()))
    return found


def form_value(data: Mapping[str, Any]) -> dict[str, Any] | None:
    cards = {side: parse_cards(data.get(f"cards_{side}") or "") for side in SIDES}
    return {"cards": cards} if any(cards.values()) else None


def check_cards(ctx: PrematchContext, orders: Mapping[str, InducementOrder]) -> None:
    """One line a card bought, each naming its deck and its card (both short)."""
    given = ctx.data.given("inducements") or {}
    cards = given.get("cards", {}) if isinstance(given, dict) else {}
    for side in SIDES:
        team, lines = ctx.teams[side], list(cards.get(side) or ())
        bought = cards_bought(ctx.ruleset, orders[side])
        if len(lines) != bought:
            ctx.problems.append(
                _(
                    "%(team)s bought %(bought)s special play cards: record one line each (the deck, then the "
                    "card drawn), not %(given)s."
                )
                % {"team": team.name, "bought": bought, "given": len(lines)}
            )
            continue
        for line in lines:
            deck, card = (tuple(line) + ("", ""))[:2]
            if not str(deck).strip() or not str(card).strip() or max(len(str(deck)), len(str(card))) > MAX_TEXT:
                ctx.problems.append(
                    _(
                        "%(team)s: each special play card names its deck and the card drawn (at most %(max)s characters)."
                    )
                    % {"team": team.name, "max": MAX_TEXT}
                )
                break


def record_cards(ctx: PrematchContext) -> None:
    given = ctx.data.given("inducements") or {}
    cards = given.get("cards", {}) if isinstance(given, dict) else {}
    kept = {
        side: [{"deck": str(deck).strip(), "card": str(card).strip()} for deck, card in (cards.get(side) or ())]
        for side in SIDES
    }
    if any(kept.values()):
        ctx.match.prematch_values = {**ctx.match.prematch_values, "inducements": {"cards": kept}}
        ctx.audit["cards"] = kept


def cards_facts(match: Any) -> dict[str, Any] | None:
    """The cards each side bought, for the match page."""
    value = match.prematch_values.get("inducements")
    cards = value.get("cards") if isinstance(value, dict) else None
    if not cards:
        return None
    return {
        "step": "cards",
        "sides": [{"team": match.team(side).name, "cards": cards.get(side) or []} for side in SIDES if cards.get(side)],
    }
