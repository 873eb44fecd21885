"""Knock-out brackets for 2..64 teams, seeded or drawn (seed 000 p.30: semi-finals drawn at random)."""

from __future__ import annotations

import random

import pytest

from league.scheduling.brackets import (
    Bracket,
    BracketError,
    Source,
    advance,
    bracket,
    champion,
    participants,
    round_code,
    standard_order,
    winner,
    with_third_place,
)


def _first_round_slots(b: Bracket[str]) -> list[Source]:
    return [s for g in b.games if g.round == 1 for s in (g.home, g.away)]


def _teams(n: int) -> list[str]:
    return [f"t{k}" for k in range(1, n + 1)]


def _play_out(b: Bracket[str], pick_better_seed: bool = True) -> Bracket[str]:
    for game in b.games:
        if winner(b, game.number) is None:
            home, away = participants(b, game.number)
            assert home is not None and away is not None
            better = min((home, away), key=b.seeds.index)
            b = advance(b, game.number, better if pick_better_seed else ({home, away} - {better}).pop())
    return b


def test_standard_order_for_eight() -> None:
    assert standard_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


@pytest.mark.parametrize("random_draw", [False, True])
@pytest.mark.parametrize("n", range(2, 65))
def test_bracket_properties(n: int, random_draw: bool) -> None:
    b = bracket(_teams(n), random_draw=random_draw, rng=random.Random(n))
    size = b.size
    assert size >= n > size // 2
    slots = _first_round_slots(b)
    seeds = sorted(s.ref for s in slots if s.kind == "seed")
    assert seeds == list(range(1, n + 1))  # each team exactly once
    assert sum(s.kind == "bye" for s in slots) == size - n
    for g in b.games:
        assert (g.home.kind, g.away.kind) != ("bye", "bye")
    assert len(b.games) == size - 1 and 2**b.rounds == size
    if not random_draw:
        # Byes go to seeds 1..P-N.
        bye_games = [g for g in b.games if g.round == 1 and Source("bye") in (g.home, g.away)]
        assert sorted(g.home.ref for g in bye_games) == list(range(1, size - n + 1))
        # The top 2^k seeds are in different sections of P/2^k slots.
        position = {s.ref: i for i, s in enumerate(slots) if s.kind == "seed"}
        k = 1
        while 2**k <= size:
            section = size // 2**k
            top = [s for s in range(1, 2**k + 1) if s <= n]
            assert len({position[s] // section for s in top}) == len(top)
            k += 1
        # Seeds 1 and 2 meet only in the final: when the better seed always wins, they do.
        played = _play_out(b)
        final = b.games[-1].number
        assert set(participants(played, final)) == {"t1", "t2"}
        assert champion(played) == "t1"


def test_random_draw_is_reproducible_and_random() -> None:
    semis = {
        tuple(participants(bracket(_teams(4), random_draw=True, rng=random.Random(seed)), 1)) for seed in range(20)
    }
    assert len(semis) > 1
    a = bracket(_teams(13), random_draw=True, rng=random.Random(5))
    assert a == bracket(_teams(13), random_draw=True, rng=random.Random(5))


def test_random_draw_needs_an_rng() -> None:
    with pytest.raises(ValueError):
        bracket(_teams(4), random_draw=True)


def test_third_place_game_takes_the_semi_final_losers() -> None:
    b = with_third_place(bracket(_teams(4)))
    third = b.games[-1]
    assert third.third_place and (third.home, third.away) == (Source("loser", 1), Source("loser", 2))
    b = advance(advance(b, 1, "t4"), 2, "t2")
    assert participants(b, third.number) == ("t1", "t3")
    assert round_code(b, 1) == "semi_final" and round_code(b, 2) == "final"
    with pytest.raises(BracketError):
        with_third_place(bracket(_teams(3)))


def test_advancing_the_winner() -> None:
    b = bracket(_teams(5))  # P = 8: seeds 1, 2, 3 have byes
    assert winner(b, 1) == "t1"
    assert participants(b, 5) == ("t1", None)  # seed 4 v 5 not played yet
    with pytest.raises(BracketError) as refused:
        advance(b, 1, "t1")
    assert refused.value.code == "bye_game"
    with pytest.raises(BracketError) as refused:
        advance(b, 5, "t1")
    assert refused.value.code == "game_not_ready"
    b = advance(b, 2, "t5")
    assert participants(b, 5) == ("t1", "t5")
    with pytest.raises(BracketError) as refused:
        advance(b, 2, "t4")
    assert refused.value.code == "already_decided"
    with pytest.raises(BracketError) as refused:
        advance(b, 5, "t3")
    assert refused.value.code == "not_in_game"
    assert round_code(b, 1) == "quarter_final"
    assert champion(_play_out(b, pick_better_seed=False)) is not None


@pytest.mark.parametrize("teams", [["a"], _teams(65), ["a", "a"]])
def test_refused_sizes(teams: list[str]) -> None:
    with pytest.raises(BracketError):
        bracket(teams)
