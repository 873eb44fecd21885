"""The consecutive-meeting check for coach-arranged matches (the rulebook's league rules).

The rulebook: two teams may not play each other more than twice in a row. The limit is ruleset data
(`Parameters.max_consecutive_meetings`); the caller passes it in. A team's fixtures are taken
played and pending alike, ordered in time (season and round, then play date, then creation), so a
back-dated insertion can create a run in the middle of the list: the whole run around the new
fixture is measured, which covers every window of `limit + 1` containing it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
T = TypeVar("T", bound=Hashable)

# Refusal code, worded in the user's language by the web layer.
TOO_MANY_CONSECUTIVE_MEETINGS = "too_many_consecutive_meetings"


def consecutive_run(
    fixtures_of_team: Sequence[tuple[K, T]],
    opponent: T,
    limit: int,
    position: int | None = None,
) -> list[K]:
    """The existing fixtures that would make an over-long run with a new match against `opponent`.

    `fixtures_of_team` is one team's fixtures in time order as (fixture key, opponent), without
    the proposed one; the proposed match goes in at `position` (default: at the end). Returns the
    keys of the fixtures against `opponent` that sit next to it without a break, when together
    with the new match they exceed `limit`; an empty list means the match is allowed.
    """
    if limit < 1:
        raise ValueError("the consecutive-meeting limit must be at least 1")
    at = len(fixtures_of_team) if position is None else position
    if not 0 <= at <= len(fixtures_of_team):
        raise ValueError("the new fixture's position is outside the team's fixture list")
    before: list[K] = []
    for key, other in reversed(fixtures_of_team[:at]):
        if other != opponent:
            break
        before.append(key)
    after: list[K] = []
    for key, other in fixtures_of_team[at:]:
        if other != opponent:
            break
        after.append(key)
    run = [*reversed(before), *after]
    return run if len(run) + 1 > limit else []


def overlong_runs(fixtures_of_team: Sequence[tuple[K, T]], limit: int) -> list[list[K]]:
    """Every run of more than `limit` consecutive fixtures against one opponent.

    For a reschedule or a cancellation (removing a game can join two runs): the caller builds the
    team's list as it would be and checks it whole.
    """
    runs: list[list[K]] = []
    current: list[K] = []
    current_opponent: object = object()
    for key, other in fixtures_of_team:
        if current and other == current_opponent:
            current.append(key)
            continue
        if len(current) > limit:
            runs.append(current)
        current, current_opponent = [key], other
    if len(current) > limit:
        runs.append(current)
    return runs


@dataclass(frozen=True, slots=True)
class ConsecutiveRefusal(Generic[K, T]):
    """Why an arranged match is refused: `team` would meet `opponent` too often in a row."""

    team: T
    opponent: T
    fixtures: tuple[K, ...]
    limit: int
    code: str = TOO_MANY_CONSECUTIVE_MEETINGS


def check_arranged_match(
    home: T,
    away: T,
    home_fixtures: Sequence[tuple[K, T]],
    away_fixtures: Sequence[tuple[K, T]],
    limit: int,
    home_position: int | None = None,
    away_position: int | None = None,
) -> list[ConsecutiveRefusal[K, T]]:
    """Check both teams' lists for a proposed `home` v `away` match; [] when it is allowed.

    Both sides are checked because their lists differ: a game one team played against someone
    else between two meetings breaks that team's run but not the other's.
    """
    refusals: list[ConsecutiveRefusal[K, T]] = []
    for team, other, fixtures, position in (
        (home, away, home_fixtures, home_position),
        (away, home, away_fixtures, away_position),
    ):
        run = consecutive_run(fixtures, other, limit, position)
        if run:
            refusals.append(ConsecutiveRefusal(team, other, tuple(run), limit))
    return refusals
