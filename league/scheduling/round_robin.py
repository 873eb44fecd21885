"""Round robin by the circle method, with explicit byes and balanced home and away.

Pure Python (no Django). Team identities are opaque hashables; randomness only from an injected
`random.Random`, so a stored seed reproduces the schedule.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Pairing(Generic[T]):
    """One fixture of a round: `home` against `away`, or `home` alone with `bye=True`.

    A bye is an explicit record (not a missing game) so bye points, the "bye week" display and
    the calendar can all be driven from it.
    """

    home: T
    away: T | None = None
    bye: bool = False


Round = list[Pairing[T]]


def _first_leg(teams: list[T]) -> list[Round[T]]:
    """One leg by the circle method.

    Even n: teams[0] is fixed and its side alternates every round; the others rotate through the
    positions 1..n-1. The pair at index i >= 1 (position i against position n-1-i) has the top
    team at home when i is odd (de Werra's canonical orientation): every team is within one game of
    balanced, and home and away alternate so well that the whole leg has n - 2 breaks (two home or
    two away games in a row), the minimum for an even n.
    Odd n: the fixed slot is the ghost (the bye), so the game a rotating team would play against
    the fixed team becomes its bye: every team has one bye, as many home as away games and no
    break around the games it plays.
    """
    slots: list[T | None] = list(teams)
    ghost = len(slots) % 2 == 1
    if ghost:
        slots.insert(0, None)
    m = len(slots)
    fixed, rotating = slots[0], slots[1:]
    rounds: list[Round[T]] = []
    for r in range(m - 1):
        row: list[T | None] = [fixed, *rotating]
        games: Round[T] = []
        for i in range(m // 2):
            top, bottom = row[i], row[m - 1 - i]
            if i == 0:
                if fixed is None:
                    assert bottom is not None
                    games.append(Pairing(bottom, None, bye=True))
                    continue
                # The fixed team's side alternates round by round (OBBLM keeps it at home).
                if r % 2 == 1:
                    top, bottom = bottom, top
            elif i % 2 == 0:
                top, bottom = bottom, top
            assert top is not None and bottom is not None
            games.append(Pairing(top, bottom))
        # The bye is listed last in its round, after the games.
        games.sort(key=lambda p: p.bye)
        rounds.append(games)
        rotating = [rotating[-1], *rotating[:-1]]
    return rounds


def _swapped(pairing: Pairing[T]) -> Pairing[T]:
    if pairing.bye or pairing.away is None:
        return pairing
    return Pairing(pairing.away, pairing.home)


def _mirrored(rounds: list[Round[T]]) -> list[Round[T]]:
    return [[_swapped(p) for p in games] for games in rounds]


def round_robin(teams: Sequence[T], legs: int = 1, rng: random.Random | None = None) -> list[Round[T]]:
    """Rounds of pairings for a `legs`-leg round robin of `teams`.

    With `rng` the teams are shuffled first (the draw); without it the given order is used. Leg 2
    is leg 1 mirrored (same pairs in the same round order, sides swapped), and further legs
    alternate, so over an even number of legs every team is home exactly as often as away.
    """
    if legs < 1:
        raise ValueError("a round robin needs at least one leg")
    order = list(teams)
    if len(set(order)) != len(order):
        raise ValueError("a team appears twice in the round robin")
    if len(order) < 2:
        raise ValueError("a round robin needs at least two teams")
    if rng is not None:
        rng.shuffle(order)
    first = _first_leg(order)
    second = _mirrored(first)
    schedule: list[Round[T]] = []
    for leg in range(legs):
        schedule.extend([list(games) for games in (first if leg % 2 == 0 else second)])
    return schedule


def breaks(rounds: Sequence[Sequence[Pairing[T]]]) -> dict[T, int]:
    """For each team, how often it plays two home or two away games in a row (byes skipped)."""
    last: dict[T, bool] = {}
    counts: dict[T, int] = {}
    for games in rounds:
        for pairing in games:
            if pairing.bye or pairing.away is None:
                counts.setdefault(pairing.home, 0)
                continue
            for team, at_home in ((pairing.home, True), (pairing.away, False)):
                counts.setdefault(team, 0)
                if last.get(team) is at_home:
                    counts[team] += 1
                last[team] = at_home
    return counts
