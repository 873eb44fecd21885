"""The gold of the special play cards a side bought from its inducement gold (cards as inducements,
or replacing them: league.rules.prematch.cards.paid_with_inducements). The inducement step, the
live budget, the pre-match record and the post-match snapshot all count it from here, so the
card's gold is spent once, with the inducements (docs/decisions/matches.md)."""

from __future__ import annotations

from django.db.models import Sum

from league.rules import Ruleset
from league.rules.parameter_groups import CardParameters
from matches.card_models import MatchCard
from matches.models import Match


def card_mode(ruleset: Ruleset) -> str:
    """How the league sells cards ("none" where its ruleset has no decks)."""
    options = ruleset.group(CardParameters)
    return options.mode if ruleset.special_cards and options is not None else "none"


def cards_replace_inducements(ruleset: Ruleset) -> bool:
    """Whether the inducement list offers nothing but cards (mode "replace")."""
    return card_mode(ruleset) == "replace"


def cards_paid(match: Match) -> dict[str, int]:
    """Per side, the gold of the cards it bought from its inducement gold in this match."""
    out = {"home": 0, "away": 0}
    rows = MatchCard.objects.filter(match=match, inducement_gold=True).values("side").annotate(gold=Sum("price"))
    for row in rows:
        out[row["side"]] = int(row["gold"] or 0)
    return out
