"""The correction sheet's fields for the special play cards (matches.services.card_plays): for each
card a side bought for the match, whether it was played and the players it touched, as the
commissioner corrects them. Only the correction sheet has them: on the coaches' result sheet a
side's cards not played stay secret from the other coach (the match page marks them instead).
The service checks the entries (card_play_problems); the engine, at the replay, that the card had
something to undo."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from league.rules import Ruleset
from matches.card_models import MatchCard
from matches.forms.common import checkbox
from matches.models import SIDES, MatchPlayer


def card_field(side: str, card: str, what: str) -> str:
    return f"card__{side}__{card}__{what}"


def add_card_play_fields(
    form: forms.Form, ruleset: Ruleset, cards: Sequence[MatchCard], lines: Sequence[MatchPlayer]
) -> list[dict[str, Any]]:
    """A "played" box and a players' choice per card bought, prefilled from the form's initial
    `cards_played` (the stored entries); the cards with their bound fields, for the page."""
    lang = get_language() or "en"
    match = form.match  # type: ignore[attr-defined]
    choices = [
        (
            match.team(side).name,
            [(ln.player_id, f"#{ln.player.number} {ln.player.name}") for ln in lines if ln.side == side],
        )
        for side, _l in SIDES
    ]
    stored = form.initial.get("cards_played")
    played = {(e.get("side"), e.get("card")): e for e in stored or [] if isinstance(e, dict)}
    rows: list[dict[str, Any]] = []
    for row in cards:
        card = ruleset.special_cards.cards.get(row.card)
        name = card.name(lang) if card else row.card
        lasting = card.lasting if card else ""
        box, who = card_field(row.side, row.card, "played"), card_field(row.side, row.card, "players")
        form.fields[box] = forms.BooleanField(
            label=pgettext("special play card", "Played"), required=False, widget=checkbox()
        )
        form.fields[who] = forms.TypedMultipleChoiceField(
            label=_("The player it touched") if lasting else _("Players it touched (if any)"),
            choices=choices,
            coerce=int,
            required=False,
            widget=forms.SelectMultiple(attrs={"class": "form-select", "size": 6}),
        )
        entry = played.get((row.side, row.card))
        if entry is not None:
            form.initial[box], form.initial[who] = True, list(entry.get("players") or [])
        rows.append(
            {
                "side": row.side,
                "key": row.card,
                "name": name,
                "team": match.team(row.side),
                "effect": card.effect(lang) if card else "",
                "lasting": lasting,
                "played": form[box],
                "players": form[who],
            }
        )
    return rows


def clean_card_plays(form: forms.Form, rows: Sequence[dict[str, Any]], stored: Sequence[Any]) -> list[dict[str, Any]]:
    """The cards ticked as played with their players, in the order they were played (`stored`, the
    entries the correction starts from), a card newly ticked after them in buying order. Players
    chosen for a card left unticked are ignored: unticking is how a card is taken back."""
    order = [(e.get("side"), e.get("card")) for e in stored if isinstance(e, dict)]
    entries = []
    for row in rows:
        side, key = row["side"], row["key"]
        if not form.cleaned_data.get(card_field(side, key, "played")):
            continue
        players = sorted(set(form.cleaned_data.get(card_field(side, key, "players")) or []))
        entries.append({"side": side, "card": key, "players": players})
    rank = {pair: n for n, pair in enumerate(order)}
    return sorted(entries, key=lambda e: rank.get((e["side"], e["card"]), len(rank)))
