"""What a match's page shows of its pre-match, its result and its post-match sequence, read in a
fixed number of queries whatever the rosters, the dice or the effects (matches/views/outcome.py
words them). Each function is one query, but outcome(), three."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q

from matches.models import (
    Decision,
    DiceRoll,
    Match,
    MatchCasualty,
    MatchEffect,
    MatchInducement,
    MatchPlayer,
    MatchStep,
)
from teams.models import ImprovementRoll


@dataclass(frozen=True)
class Outcome:
    """A match's post-match sequence as its page shows it: the steps in the ruleset's order, every
    effect with its player and team, and the improvement rolls by (player, index)."""

    steps: list[MatchStep]
    effects: list[MatchEffect]
    rolls: dict[tuple[int, int], ImprovementRoll]


def outcome(match: Match) -> Outcome:
    """The post-match sequence in three queries, whatever the rosters and the effects."""
    return Outcome(steps(match), effects(match), improvement_rolls(match))


def effects(match: Match) -> list[MatchEffect]:
    """Every post-match effect, with its player and team."""
    return list(MatchEffect.objects.filter(match=match).select_related("player", "team"))


def improvement_rolls(match: Match) -> dict[tuple[int, int], ImprovementRoll]:
    """The match's improvement rolls by (player, index)."""
    return {(r.player_id, r.index): r for r in ImprovementRoll.objects.filter(match=match)}


def steps(match: Match) -> list[MatchStep]:
    """The post-match steps run or to run, in the ruleset's order."""
    return list(MatchStep.objects.filter(match=match))


def weather_roll(match: Match) -> DiceRoll | None:
    return step_roll(match, "weather")


def step_roll(match: Match, step: str) -> DiceRoll | None:
    """The dice of a table-roll pre-match step (stored under the step's name)."""
    return DiceRoll.objects.filter(match=match, purpose=step).first()


def inducements(match: Match) -> list[MatchInducement]:
    """Both sides' inducements."""
    return list(MatchInducement.objects.filter(match=match))


def lines(match: Match) -> list[MatchPlayer]:
    """Every player's line of the result, with the player."""
    return list(MatchPlayer.objects.filter(match=match).select_related("player"))


def casualties(match: Match) -> list[MatchCasualty]:
    """Every casualty with its victim and his team (named beside him)."""
    return list(MatchCasualty.objects.filter(match=match).select_related("victim__team"))


def mvp_effects(match: Match) -> dict[str, MatchEffect]:
    """Whom each MVP draw designated once the sequence has run, keyed as the die."""
    kinds = ("mvp", "mvp_wasted")
    return {e.key: e for e in MatchEffect.objects.filter(match=match, kind__in=kinds).select_related("player")}


def dice(match: Match, exclude: Iterable[str] = ("weather",)) -> list[DiceRoll]:
    """Every die of the match but the pre-match's (`exclude`: the weather's..., shown with the pre-match)."""
    return list(DiceRoll.objects.filter(match=match).exclude(purpose__in=list(exclude)))


def mvp_and_reroll_decisions(match: Match) -> list[Decision]:
    """The MVP picks and the winnings re-rolls."""
    keys = Q(key__startswith="mvp:") | Q(key__startswith="winnings_reroll:")
    return list(Decision.objects.filter(match=match).filter(keys))
