"""Gate, FAME, Fan Factor roll and Star Player Points (seed 000 p.18, p.26, p.29)."""

from __future__ import annotations

import pytest

from league.rules import (
    Ruleset,
    ScriptedDice,
    fame,
    fan_factor_change,
    fan_factor_dice,
    fans,
    improvement_rolls_due,
    improvement_rolls_pending,
    roll_fan_factor,
    spp_for,
    spp_level,
)


def test_fans_worked_example(rs: Ruleset) -> None:
    assert fans(2 + 6, 5, rs) == 13000  # p.18: FF 5, dice 2 and 6
    assert fans(8, 5) == 13000  # default ruleset
    with pytest.raises(ValueError):
        fans(13, 0, rs)


@pytest.mark.parametrize(
    ("own", "other", "expected"),
    [(10000, 10000, 0), (9000, 10000, 0), (11000, 10000, 1), (19000, 10000, 1), (20000, 10000, 2), (30000, 9000, 2)],
)
def test_fame(own: int, other: int, expected: int) -> None:
    assert fame(own, other) == expected


@pytest.mark.parametrize(("outcome", "dice"), [("win", 3), ("draw", 2), ("loss", 2)])
def test_fan_factor_dice(rs: Ruleset, outcome: str, dice: int) -> None:
    assert fan_factor_dice(outcome, rs) == dice
    assert fan_factor_dice(outcome) == dice


@pytest.mark.parametrize(
    ("ff", "outcome", "roll", "delta"),
    [
        (5, "win", 6, 1),
        (5, "win", 5, 0),
        (5, "win", 3, 0),  # a winner never loses FF on the roll
        (5, "draw", 6, 1),
        (5, "draw", 5, 0),
        (5, "draw", 4, -1),  # a draw can go either way
        (5, "loss", 4, -1),
        (5, "loss", 5, 0),
        (5, "loss", 12, 0),  # a loser never gains
        (0, "loss", 2, 0),
        (0, "draw", 2, 1),
        (18, "win", 18, 0),
    ],
)
def test_fan_factor_change(ff: int, outcome: str, roll: int, delta: int) -> None:
    assert fan_factor_change(fan_factor=ff, outcome=outcome, roll_total=roll) == delta


def test_unjustified_concession_costs_one_point_without_roll_never_below_zero() -> None:
    assert fan_factor_change(fan_factor=3, outcome="loss", roll_total=None, conceded_unjustified=True) == -1
    assert fan_factor_change(fan_factor=0, outcome="loss", roll_total=None, conceded_unjustified=True) == 0
    with pytest.raises(ValueError, match="roll total is required"):
        fan_factor_change(fan_factor=3, outcome="loss", roll_total=None)


def test_roll_fan_factor_keeps_the_dice(rs: Ruleset) -> None:
    result = roll_fan_factor(rs, ScriptedDice([2, 3, 4]), fan_factor=8, outcome="win")
    assert (result.dice, result.total, result.delta) == ((2, 3, 4), 9, 1)
    loss = roll_fan_factor(rs, ScriptedDice([1, 1]), fan_factor=3, outcome="loss")
    assert (loss.dice, loss.total, loss.delta) == ((1, 1), 2, -1)
    conceded = roll_fan_factor(rs, ScriptedDice([]), fan_factor=3, outcome="loss", conceded_unjustified=True)
    assert (conceded.dice, conceded.total, conceded.delta) == ((), None, -1)


def test_spp_awards(rs: Ruleset) -> None:
    assert dict(rs.spp_awards) == {"completion": 1, "casualty": 2, "interception": 2, "touchdown": 3, "mvp": 5}
    assert spp_for(rs, completions=2, touchdowns=1, interceptions=1, casualties=1, mvps=1) == 2 + 3 + 2 + 2 + 5
    assert spp_for(rs) == 0


@pytest.mark.parametrize(
    ("spp", "key", "fr", "rolls"),
    [
        (0, "rookie", "Débutant", 0),
        (5, "rookie", "Débutant", 0),
        (6, "experienced", "Expérimenté", 1),
        (15, "experienced", "Expérimenté", 1),
        (16, "veteran", "Vétéran", 2),
        (30, "veteran", "Vétéran", 2),
        (31, "emerging_star", "Futur Champion", 3),
        (50, "emerging_star", "Futur Champion", 3),
        (51, "star", "Champion", 4),
        (75, "star", "Champion", 4),
        (76, "super_star", "Super Champion", 5),
        (175, "super_star", "Super Champion", 5),
        (176, "legend", "Légende", 6),
        (1000, "legend", "Légende", 6),
    ],
)
def test_spp_levels(rs: Ruleset, spp: int, key: str, fr: str, rolls: int) -> None:
    level = spp_level(rs, spp)
    assert (level.key, level.name("fr"), level.improvement_rolls) == (key, fr, rolls)


@pytest.mark.parametrize(
    ("before", "after", "due"),
    [(0, 5, 0), (5, 6, 1), (0, 16, 2), (50, 176, 3), (6, 15, 0), (15, 16, 1), (0, 176, 6), (30, 31, 1), (80, 80, 0)],
)
def test_improvement_rolls_due(rs: Ruleset, before: int, after: int, due: int) -> None:
    assert improvement_rolls_due(rs, before, after) == due


def test_improvement_rolls_guards(rs: Ruleset) -> None:
    with pytest.raises(ValueError):
        improvement_rolls_due(rs, 10, 5)
    with pytest.raises(ValueError):
        spp_level(rs, -1)
    assert improvement_rolls_pending(rs, 16, rolls_taken=1) == 1
