"""Casualty table (seed 000 p.25) and characteristic limits (p.25-26, spec §14 A5/A6)."""

from __future__ import annotations

import pytest

from league.rules import (
    Characteristics,
    DiceError,
    Ruleset,
    ScriptedDice,
    StatLimits,
    StatLine,
    casualty,
    casualty_effect,
    casualty_from_dice,
    roll_casualty,
)

# Seed 000 p.25, expanded to the 48 D6 x D8 results.
EXPECTED = {
    **{t * 10 + u: ("badly_hurt", "none") for t in (1, 2, 3) for u in range(1, 9)},
    41: ("broken_ribs", "miss_next_game"),
    42: ("groin_strain", "miss_next_game"),
    43: ("gouged_eye", "miss_next_game"),
    44: ("broken_jaw", "miss_next_game"),
    45: ("fractured_arm", "miss_next_game"),
    46: ("fractured_leg", "miss_next_game"),
    47: ("smashed_hand", "miss_next_game"),
    48: ("pinched_nerve", "miss_next_game"),
    51: ("damaged_back", "niggling"),
    52: ("smashed_knee", "niggling"),
    53: ("smashed_hip", "ma"),
    54: ("smashed_ankle", "ma"),
    55: ("serious_concussion", "av"),
    56: ("fractured_skull", "av"),
    57: ("broken_neck", "ag"),
    58: ("smashed_collar_bone", "st"),
    **{60 + u: ("dead", "dead") for u in range(1, 9)},
}


def test_worked_example_2_and_3_is_badly_hurt(rs: Ruleset) -> None:
    result = casualty_from_dice(rs, 2, 3)
    assert (result.d68, result.key, result.name("fr")) == (23, "badly_hurt", "Commotion")
    assert not result.misses_next_game
    assert result.dice == (2, 3)


def test_all_48_results(rs: Ruleset) -> None:
    assert len(EXPECTED) == 48
    assert sorted(rs.casualty_table) == sorted(EXPECTED)
    for d68, (key, effect) in EXPECTED.items():
        result = casualty(rs, d68)
        assert (result.d68, result.key, result.effect) == (d68, key, effect)
        assert result == casualty_from_dice(rs, d68 // 10, d68 % 10)
        assert result.misses_next_game == (effect not in ("none", "dead"))
        assert result.niggling == (effect == "niggling")
        assert result.stat == (effect if effect in ("ma", "av", "ag", "st") else None)
        assert result.dead == (effect == "dead")


@pytest.mark.parametrize("bad", [10, 19, 20, 39, 49, 69, 70, 71, 5, 0, -11])
def test_impossible_d68_values(rs: Ruleset, bad: int) -> None:
    with pytest.raises(ValueError, match="not a D68 result"):
        casualty(rs, bad)


@pytest.mark.parametrize(("d6", "d8"), [(0, 1), (7, 1), (1, 9), (1, 0)])
def test_impossible_dice(rs: Ruleset, d6: int, d8: int) -> None:
    with pytest.raises(DiceError):
        casualty_from_dice(rs, d6, d8)


def test_roll_casualty_reads_d6_then_d8(rs: Ruleset) -> None:
    assert roll_casualty(rs, ScriptedDice([5, 7])).key == "broken_neck"
    assert roll_casualty(rs, ScriptedDice([6, 1])).dead


# --- characteristic limits -------------------------------------------------------------------------


def _stats(rs: Ruleset, **lines: StatLine) -> Characteristics:
    base = {"ma": StatLine(6), "st": StatLine(3), "ag": StatLine(3), "av": StatLine(8)}
    return Characteristics(StatLimits.of(rs), **{**base, **lines})


@pytest.mark.parametrize(
    ("line", "effective", "can_improve"),
    [
        (StatLine(3), 3, True),
        (StatLine(3, 1), 4, True),
        (StatLine(3, 2), 5, False),  # +2 max over base
        (StatLine(9), 9, True),
        (StatLine(9, 1), 10, False),  # never above 10
        (StatLine(10), 10, False),
        (StatLine(3, 1, 1), 3, True),
        (StatLine(3, 2, 2), 3, False),
    ],
)
def test_improvement_limits(rs: Ruleset, line: StatLine, effective: int, can_improve: bool) -> None:
    stats = _stats(rs, st=line)
    assert stats.effective("st") == effective
    assert stats.can_improve("st") is can_improve


@pytest.mark.parametrize(
    ("line", "effective", "applies"),
    [
        (StatLine(3), 3, True),
        (StatLine(3, 0, 1), 2, True),
        (StatLine(3, 0, 2), 1, False),  # -2 max
        (StatLine(2, 0, 1), 1, False),  # never below 1
        (StatLine(1), 1, False),
        (StatLine(4, 0, 2), 2, False),
        (StatLine(3, 2, 1), 4, True),
    ],
)
def test_injury_limits(rs: Ruleset, line: StatLine, effective: int, applies: bool) -> None:
    stats = _stats(rs, ag=line)
    assert stats.effective("ag") == effective
    assert stats.injury_applies("ag") is applies


def test_improved_and_injured(rs: Ruleset) -> None:
    stats = Characteristics.for_position(rs, rs.team("human").position("blitzer"))
    assert stats.values() == {"ma": 7, "st": 3, "ag": 3, "av": 8}
    twice = stats.improved("ma").improved("ma")
    assert twice.effective("ma") == 9 and not twice.can_improve("ma")
    with pytest.raises(ValueError, match="MA cannot be improved"):
        twice.improved("ma")
    hurt = stats.injured("av").injured("av").injured("av")
    assert hurt.effective("av") == 6 and hurt.av.injuries == 2  # the third injury is ignored
    with pytest.raises(ValueError, match="unknown characteristic"):
        stats.effective("str")


def test_casualty_effect_ignored_injury_still_misses_the_game(rs: Ruleset) -> None:
    position = rs.team("human").position("blitzer")
    worn = Characteristics.for_position(rs, position, injuries={"av": 2})
    effect = casualty_effect(rs, casualty(rs, 55), worn)  # -1 AV on a player already at -2
    assert effect.stat is None and effect.stat_ignored and effect.misses_next_game
    assert effect.characteristics is not None and effect.characteristics.effective("av") == 6
    lenient = rs.with_overrides({"ignored_injury_misses_next_game": False})
    assert not casualty_effect(lenient, casualty(rs, 55), worn).misses_next_game
    fresh = casualty_effect(rs, casualty(rs, 58), Characteristics.for_position(rs, position))
    assert fresh.stat == "st" and fresh.characteristics is not None and fresh.characteristics.effective("st") == 2
    assert casualty_effect(rs, casualty(rs, 51)).niggling
    assert casualty_effect(rs, casualty(rs, 64)).dead
