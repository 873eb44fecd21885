"""Play-off qualifiers by the rulebooks' methods, ties returned, never hidden.

Each method ranks the teams by one measure and cuts at `places`. When teams tied on the measure
straddle the cut, they come back as `tied` with the number of places still open among them: the
league's tie-breakers (or the commissioner) decide, not an arbitrary sort order.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Qualification(Generic[T]):
    """`qualified` in rank order; `tied` compete for the `places_left` remaining places."""

    qualified: tuple[T, ...]
    tied: tuple[T, ...] = ()
    places_left: int = 0

    @property
    def decided(self) -> bool:
        return not self.tied


def top_groups(groups: Sequence[Sequence[T]], places: int) -> Qualification[T]:
    """The top `places` from an ordered standings table given as groups of teams still tied."""
    if places < 1:
        raise ValueError("at least one place")
    qualified: list[T] = []
    for group in groups:
        if len(qualified) + len(group) <= places:
            qualified.extend(group)
            if len(qualified) == places:
                break
            continue
        return Qualification(tuple(qualified), tuple(group), places - len(qualified))
    return Qualification(tuple(qualified))


def top_by(values: Mapping[T, Fraction | int], places: int, order: Sequence[T] | None = None) -> Qualification[T]:
    """The `places` teams with the highest value; equal values form a tied group.

    `order` (default: the mapping's order) only lists tied teams in a stable order for display.
    """
    listing = list(order) if order is not None else list(values)
    distinct = sorted(set(values.values()), reverse=True)
    groups = [[t for t in listing if values[t] == v] for v in distinct]
    return top_groups(groups, places)


def win_rate(wins: int, played: int) -> Fraction:
    """Wins divided by games played (p.30 L3947-3951); a team that has not played has 0."""
    return Fraction(wins, played) if played else Fraction(0)


def by_standings(groups: Sequence[Sequence[T]], places: int) -> Qualification[T]:
    """Method 5: top of the league table (the standings engine's order, its ties as groups)."""
    return top_groups(groups, places)


def by_team_value(team_value: Mapping[T, int], places: int) -> Qualification[T]:
    """Method 1: highest team value (p.30 L3945-3947)."""
    return top_by(team_value, places)


def by_win_rate(records: Mapping[T, tuple[int, int]], places: int) -> Qualification[T]:
    """Method 2: best win rate; `records` maps a team to (wins, games played)."""
    return top_by({t: win_rate(*r) for t, r in records.items()}, places)


def by_team_value_times_win_rate(
    team_value: Mapping[T, int], records: Mapping[T, tuple[int, int]], places: int
) -> Qualification[T]:
    """Method 3: team value x win rate, e.g. 1,800,000 x 5/10 = 900,000 (p.30 L3949-3955)."""
    return top_by({t: team_value[t] * win_rate(*records[t]) for t in team_value}, places)
