"""The ELO arithmetic in integers: known values of Elo's table, zero-sum games, the 400-point cap."""

from __future__ import annotations

import pytest

from league.ratings import elo


@pytest.mark.parametrize(
    ("gap_points", "expected"),
    [(0, 5000), (100, 6401), (200, 7597), (400, 9091), (-100, 3599), (800, 9091), (-1000, 909)],
)
def test_expected_score_follows_elos_curve_in_ten_thousandths(gap_points, expected):
    # 1 / (1 + 10^(-d/400)): 0.64006 for 100 points, 0.75975 for 200, 0.90909 for 400 (the cap).
    assert elo.expected(15000 + gap_points * 10, 15000) == expected


def test_equal_ratings_a_win_moves_half_k_and_a_draw_nothing():
    assert elo.game(15000, 15000, elo.WIN, 20) == (100, -100)  # +10.0 / -10.0 points
    assert elo.game(15000, 15000, elo.DRAW, 20) == (0, 0)
    assert elo.game(15000, 15000, elo.LOSS, 32) == (-160, 160)


def test_the_favourite_gains_less_and_an_upset_moves_more():
    assert elo.game(16000, 15000, elo.WIN, 20) == (72, -72)  # 20 x (1 - 0.6401) = 7.2
    assert elo.game(15000, 16000, elo.WIN, 20) == (128, -128)  # 20 x (1 - 0.3599) = 12.8
    assert elo.game(16000, 15000, elo.DRAW, 20) == (-28, 28)  # 20 x (0.5 - 0.6401) = -2.8


def test_every_game_is_zero_sum_and_symmetric():
    for home in range(12000, 18000, 137):
        for score in (elo.WIN, elo.DRAW, elo.LOSS):
            moved, other = elo.game(home, 15000, score, 20)
            assert moved == -other
            assert elo.game(15000, home, elo.WIN + elo.LOSS - score, 20) == (other, moved)


def test_a_score_other_than_win_draw_or_loss_is_refused():
    with pytest.raises(ValueError):
        elo.delta(15000, 15000, 7000, 20)


def test_points_are_shown_with_their_tenth():
    assert [elo.points(v) for v in (15000, 15234, -28, 7)] == ["1500.0", "1523.4", "-2.8", "0.7"]
