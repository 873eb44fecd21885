"""Round robin properties for n = 2..20 teams and 1-4 legs."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from league.scheduling import Pairing, breaks, round_robin


def _games(rounds: list[list[Pairing[int]]]) -> list[Pairing[int]]:
    return [p for games in rounds for p in games if not p.bye]


@pytest.mark.parametrize("legs", [1, 2, 3, 4])
@pytest.mark.parametrize("n", range(2, 21))
def test_round_robin_properties(n: int, legs: int) -> None:
    teams = list(range(100, 100 + n))
    rounds = round_robin(teams, legs=legs, rng=random.Random(n * 10 + legs))
    per_leg = n - 1 if n % 2 == 0 else n
    assert len(rounds) == per_leg * legs
    # Every unordered pair meets exactly `legs` times.
    pairs = Counter(frozenset((p.home, p.away)) for p in _games(rounds))
    assert len(pairs) == n * (n - 1) // 2
    assert set(pairs.values()) == {legs}
    # A team appears at most once per round (exactly once: in a game or on a bye).
    for games in rounds:
        seen = [p.home for p in games] + [p.away for p in games if not p.bye]
        assert sorted(seen) == teams
    # Home/away balance per leg, and over an even number of legs none at all.
    for leg in range(legs):
        leg_games = _games(rounds[leg * per_leg : (leg + 1) * per_leg])
        home = Counter(p.home for p in leg_games)
        away = Counter(p.away for p in leg_games)
        assert all(abs(home[t] - away[t]) <= 1 for t in teams), (n, leg)
        if n % 2:
            # Odd n: exactly one bye per team in each leg.
            byes = Counter(p.home for games in rounds[leg * per_leg : (leg + 1) * per_leg] for p in games if p.bye)
            assert byes == Counter(teams)
    if legs % 2 == 0:
        home = Counter(p.home for p in _games(rounds))
        away = Counter(p.away for p in _games(rounds))
        assert all(home[t] == away[t] for t in teams)


@pytest.mark.parametrize("n", range(2, 21))
def test_breaks_are_minimal(n: int) -> None:
    # de Werra: a single round robin of an even n has at least n - 2 breaks; we reach it, and an
    # odd n has none.
    counts = breaks(round_robin(list(range(n)), rng=random.Random(n)))
    assert sum(counts.values()) == (n - 2 if n % 2 == 0 else 0)
    assert set(counts) == set(range(n))


def test_bye_is_an_explicit_record_with_one_team() -> None:
    rounds = round_robin(["a", "b", "c"])
    for games in rounds:
        byes = [p for p in games if p.bye]
        assert len(byes) == 1 and byes[0].away is None and len(games) == 2


def test_second_leg_mirrors_the_first() -> None:
    rounds = round_robin(list(range(6)), legs=2)
    first, second = rounds[:5], rounds[5:]
    for a, b in zip(first, second, strict=True):
        assert [(p.away, p.home) for p in a] == [(p.home, p.away) for p in b]


def test_fixed_team_side_alternates() -> None:
    rounds = round_robin(list(range(8)))
    sides = ["home" if any(p.home == 0 for p in games) else "away" for games in rounds]
    assert sides == ["home", "away"] * 3 + ["home"]


def test_same_seed_same_schedule_and_the_seed_matters() -> None:
    teams = list(range(10))
    assert round_robin(teams, 2, random.Random(7)) == round_robin(teams, 2, random.Random(7))
    draws = {str(round_robin(teams, 1, random.Random(seed))) for seed in range(5)}
    assert len(draws) > 1


@pytest.mark.parametrize("teams,legs", [([1], 1), ([1, 1], 1), ([1, 2], 0)])
def test_refusals(teams: list[int], legs: int) -> None:
    with pytest.raises(ValueError):
        round_robin(teams, legs)
