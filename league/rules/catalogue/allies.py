"""Allies: players of another race hired after the team's first matches (seed 002 H:L17-27, spec
§2.1, H6).

A ruleset switches them on with the optional group [parameters.allies] (the rule's numbers). The
league's ally table (host race, ally race, position, cap; kept by the league, edited by its
commissioner) says which positions each race may hire and how many. The loader gives every team
list every other team's positions as possible allies (`TeamList.allies`), so that a roster player
holding one ("<race>:<position>") is valued, described and improved with his own race's profile,
price and skill access by the code that handles any player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..parameters import AllyParameters
from ..types import TeamList


def ally_key(race: str, position: str) -> str:
    """The position key a roster player hired as an ally holds."""
    return f"{race}:{position}"


def split_ally_key(key: str) -> tuple[str, str] | None:
    """(race, position) of an ally's key, None for a position of the team's own list."""
    race, sep, position = key.partition(":")
    return (race, position) if sep else None


def with_allies(teams: Mapping[str, TeamList], groups: Mapping[str, object]) -> dict[str, TeamList]:
    """The team lists, each with every other team's positions as possible allies where the ruleset
    has allies; unchanged otherwise."""
    if AllyParameters.KEY not in groups:
        return dict(teams)
    return {
        key: replace(team, allies=tuple(p for other in teams.values() if other.key != key for p in other.positions))
        for key, team in teams.items()
    }


@dataclass(frozen=True, slots=True)
class AllyFee:
    """What hiring one ally costs beyond his price: Fan Factor, or gold when FF is at its floor."""

    fan_factor: int
    gold: int


def ally_fee(group: AllyParameters, fan_factor: int) -> AllyFee:
    """1 FF, or 10,000 gp when the FF would fall below its floor of 1 (H:L25-26, H6)."""
    if fan_factor - group.fan_factor_cost >= group.fan_factor_floor:
        return AllyFee(group.fan_factor_cost, 0)
    return AllyFee(0, group.gold_at_floor)


def may_hire_allies(group: AllyParameters, processed_matches: int) -> bool:
    """From the team's `from_match`-th match: after this many processed matches of its own."""
    return processed_matches >= group.from_match - 1
