"""What the competitions (a layer above teams) tell the teams, without teams importing them.

A held trophy changes a team's rules (more re-rolls, cheaper inducements: the trophies' data in
league/rules). The competitions register how to read that in LeagueConfig.ready(); with nothing
registered a team holds no trophy. Read through the functions below, never through `_provided`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.dispatch import Signal

from league.rules.catalogue.trophies import HolderBenefits

_provided: dict[str, Callable[..., Any]] = {}

# Sent in the transaction that records a coach's improvement choice (roll=<ImprovementRoll>,
# choice=<the option posted>, by=<user>): the matches keep it among the match's decisions, so
# that a replay of the match makes the same choice.
improvement_chosen = Signal()


def provide(**functions: Callable[..., Any]) -> None:
    """Register the competitions' readers, by the names of the functions below."""
    unknown = set(functions) - {"team_benefits", "held_keys"}
    if unknown:
        raise ValueError(f"unknown team hooks: {sorted(unknown)}")
    _provided.update(functions)


def team_benefits(league: Any, team_id: int) -> HolderBenefits:
    """What the team gains from the trophies it holds now."""
    reader = _provided.get("team_benefits")
    return HolderBenefits() if reader is None else reader(league, team_id)


def held_keys(team_ids: Iterable[int]) -> dict[int, list[str]]:
    """The ruleset keys of the trophies each team holds now."""
    reader = _provided.get("held_keys")
    return {} if reader is None else reader(team_ids)
