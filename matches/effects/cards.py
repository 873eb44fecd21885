"""The special play card played in a match, as the outcome page names it: a record only, the change
itself (a casualty gone, an MVP candidate fewer) is in the report the plan read
(league/rules/postmatch/card_plays.py)."""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from matches.effects.words import player_label
from matches.models import MatchEffect
from matches.services.appliers import EffectApp, Reading, apply_nothing, register


def card_name(reading: Reading, key: str) -> str:
    card = reading.ruleset.special_cards.cards.get(key)
    return card.name(get_language() or "en") if card else key


def describe_card_played(reading: Reading, effect: MatchEffect) -> str:
    d = effect.data or {}
    words = {"card": card_name(reading, str(d.get("card", ""))), "player": player_label(effect.player)}
    lasting = d.get("lasting") or ""
    if lasting in ("cancel_casualty", "cancel_death"):
        return _("%(card)s played: the casualty of %(player)s is cancelled, he was only KO'd.") % words
    if lasting == "sponge":
        return _("%(card)s played: the injury of %(player)s is erased.") % words
    if lasting == "not_mvp":
        return _("%(card)s played: %(player)s missed the match and may not be MVP.") % words
    return _("%(card)s played: nothing lasts after the match.") % words


register("card_played", app=EffectApp(apply_nothing, describe_card_played))
