"""Improvement rolls: doubles, stat limits, owned and exclusive skills (seed 000 p.26-27)."""

from __future__ import annotations

import pytest

from league.rules import (
    Characteristics,
    DiceError,
    Ruleset,
    ScriptedDice,
    available_skills,
    choose_improvement,
    improvement_outcome,
    improvement_value_key,
    player_value,
    roll_improvement,
)


def _options(rs: Ruleset, a: int, b: int, team: str = "human", position: str = "blitzer", skills=(), **counts):
    pos = rs.team(team).position(position)
    stats = Characteristics.for_position(
        rs, pos, improvements=counts.get("improvements"), injuries=counts.get("injuries")
    )
    return improvement_outcome(rs, d6a=a, d6b=b, position=pos, skills=skills, stats=stats)


@pytest.mark.parametrize(
    ("a", "b", "result", "stats", "double"),
    [
        (1, 2, "new_skill", (), False),
        (4, 5, "new_skill", (), False),
        (1, 1, "new_skill", (), True),
        (4, 6, "ma_or_av_or_skill", ("ma", "av"), False),
        (5, 5, "ma_or_av_or_skill", ("ma", "av"), True),
        (5, 6, "ag_or_skill", ("ag",), False),
        (6, 6, "st_or_skill", ("st",), True),
    ],
)
def test_table_results(rs: Ruleset, a: int, b: int, result: str, stats: tuple[str, ...], double: bool) -> None:
    options = _options(rs, a, b)
    assert (options.total, options.result.key) == (a + b, result)
    assert (options.stat_choices, options.is_double) == (stats, double)
    assert options.dice == (a, b)


def test_doubles_open_the_double_categories(rs: Ruleset) -> None:
    plain, double = _options(rs, 2, 3), _options(rs, 3, 3)  # Human Blitzer: Normal GS, Double AP
    assert plain.skill_categories == frozenset("GS") and plain.double_categories == frozenset()
    assert double.skill_categories == frozenset("GSAP")
    assert set(available_skills(rs, plain)) == {"G", "S"}
    assert list(available_skills(rs, double)) == ["G", "A", "S", "P"]
    assert "dodge" in available_skills(rs, double)["A"]


def test_owned_and_extraordinary_skills_are_never_offered(rs: Ruleset) -> None:
    options = _options(rs, 6, 6, position="ogre")  # Ogre starts with Mighty Blow and Thick Skull (S)
    offered = {key for keys in available_skills(rs, options).values() for key in keys}
    assert "mighty_blow" not in offered and "thick_skull" not in offered and "guard" in offered
    assert not offered & {k for k, s in rs.skills.items() if s.category == "E"}
    assert "block" not in {k for keys in available_skills(rs, _options(rs, 1, 2)).values() for k in keys}


def test_grab_and_frenzy_exclude_each_other(rs: Ruleset) -> None:
    with_grab = available_skills(rs, _options(rs, 1, 2, skills=("block", "grab")))
    assert "frenzy" not in with_grab["G"] and "grab" not in with_grab["S"]
    with_frenzy = available_skills(rs, _options(rs, 1, 2, team="dwarf", position="troll_slayer"))
    assert "grab" not in with_frenzy["S"]
    with pytest.raises(ValueError, match="already held or excluded"):
        choose_improvement(rs, _options(rs, 1, 2, skills=("block", "grab")), "frenzy")


@pytest.mark.parametrize(
    ("improvements", "injuries", "a", "b", "stats"),
    [
        ({"ma": 2}, None, 4, 6, ("av",)),  # MA already +2
        ({"ma": 2, "av": 2}, None, 4, 6, ()),  # both at +2: only a skill remains
        ({"st": 2}, None, 6, 6, ()),
        ({"st": 1}, None, 6, 6, ("st",)),
        ({"ag": 2}, {"ag": 1}, 5, 6, ()),
    ],  # improvements are counted, not the net value
)
def test_stat_increase_limits(rs: Ruleset, improvements, injuries, a: int, b: int, stats: tuple[str, ...]) -> None:
    assert _options(rs, a, b, improvements=improvements, injuries=injuries).stat_choices == stats


def test_never_above_ten(rs: Ruleset) -> None:
    # Dwarf Deathroller has AV 10: a 10 can only raise MA.
    assert _options(rs, 4, 6, team="dwarf", position="deathroller").stat_choices == ("ma",)


def test_choices_and_their_value(rs: Ruleset) -> None:
    double = _options(rs, 2, 2)
    normal_skill = choose_improvement(rs, double, "tackle")
    double_skill = choose_improvement(rs, double, "dodge")
    assert improvement_value_key(normal_skill) == "new_skill"
    assert improvement_value_key(double_skill) == "new_skill_double"
    assert player_value(rs, position_cost=90000, improvements=[improvement_value_key(double_skill)]) == 120000
    stat = choose_improvement(rs, _options(rs, 5, 6), "ag")
    assert improvement_value_key(stat) == "ag_increase"
    with pytest.raises(ValueError, match="not open"):
        choose_improvement(rs, _options(rs, 1, 2), "dodge")  # Agility needs a double for a Blitzer
    with pytest.raises(ValueError, match=r"\+1 ST is not available"):
        choose_improvement(rs, _options(rs, 1, 2), "st")
    with pytest.raises(ValueError, match="unknown skill"):
        choose_improvement(rs, _options(rs, 1, 2), "flying")


def test_roll_improvement_with_dice(rs: Ruleset) -> None:
    pos = rs.team("orc").position("blitzer")
    options = roll_improvement(
        rs, ScriptedDice([6, 6]), position=pos, skills=pos.skills, stats=Characteristics.for_position(rs, pos)
    )
    assert options.dice == (6, 6) and options.stat_choices == ("st",) and options.is_double
    with pytest.raises(DiceError):
        _options(rs, 0, 6)
