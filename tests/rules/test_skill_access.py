"""Skill access per position and what a double offers besides skills (skill_access.csv; seed 002's
big guys, spec §2.5, H4): General and Strength only, never a Double category, and on a double +1 ST,
+1 AV or a skill removed (its value key skill_removed, worth nothing)."""

from __future__ import annotations

import pytest

from league.rules import Characteristics, RulesetDataError, gained_skills, player_skills
from league.rules.postmatch.improvements import (
    available_skills,
    choose_improvement,
    improvement_outcome,
    improvement_value_key,
)
from tests.builders import lrb6_copy

ACCESS = "team_key,position_key,normal,double,double_choices\n,ogre,GS,,st av remove_skill\nvampire,vampire,GA,,st av\n"
REMOVED = "skill_removed,Skill removed,Compétence retirée,0,seed 002\n"


@pytest.fixture
def big_guys(tmp_path, monkeypatch):
    yield from lrb6_copy(
        tmp_path, monkeypatch, "accesstest", append={"skill_access.csv": ACCESS, "value_modifiers.csv": REMOVED}
    )


def ogre_roll(rs, d6a: int, d6b: int, gained: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    ogre = rs.team("human").position("ogre")
    stats = Characteristics.for_position(rs, ogre)
    return improvement_outcome(rs, d6a=d6a, d6b=d6b, position=ogre, skills=gained, stats=stats)


def test_the_file_replaces_the_positions_access(big_guys):
    for team in ("human", "ogre"):
        ogre = big_guys.team(team).position("ogre")
        assert (ogre.normal_categories, ogre.double_categories) == (frozenset("GS"), frozenset())
        assert ogre.double_choices == ("st", "av", "remove_skill")
    vampire = big_guys.team("vampire").position("vampire")
    assert vampire.normal_categories == frozenset("GA") and vampire.double_choices == ("st", "av")
    lineman = big_guys.team("human").position("lineman")
    assert lineman.double_categories == frozenset("ASP") and lineman.double_choices == ()


def test_a_double_offers_st_av_or_a_skill_removed_besides_the_table(big_guys):
    double = ogre_roll(big_guys, 3, 3)
    assert double.stat_choices == ("st", "av")
    assert set(available_skills(big_guys, double)) == {"G", "S"}  # no Double category, ever
    assert "bone_head" in double.removable and "mighty_blow" in double.removable
    assert improvement_value_key(choose_improvement(big_guys, double, "st")) == "st_increase"
    removal = choose_improvement(big_guys, double, "remove:bone_head")
    assert (removal.kind, removal.key, improvement_value_key(removal)) == ("remove", "bone_head", "skill_removed")
    plain = ogre_roll(big_guys, 2, 3)
    assert plain.stat_choices == () and plain.removable == ()
    with pytest.raises(ValueError):
        choose_improvement(big_guys, plain, "remove:bone_head")
    with pytest.raises(ValueError):
        choose_improvement(big_guys, plain, "st")


def test_a_removed_skill_is_gone_and_not_offered_again(big_guys):
    gained = gained_skills([("skill_removed", "bone_head"), ("new_skill", "block")])
    assert gained == ("-bone_head", "block")
    ogre = big_guys.team("human").position("ogre")
    skills = player_skills(big_guys, ogre, gained, journeyman=False)
    assert "bone_head" not in skills and "block" in skills and "mighty_blow" in skills
    assert "bone_head" not in ogre_roll(big_guys, 4, 4, gained).removable
    assert big_guys.value_increases["skill_removed"] == 0


@pytest.mark.parametrize(
    ("csv", "append", "message"),
    [
        (ACCESS, {}, "remove_skill needs the value key 'skill_removed'"),
        ("team_key,position_key,normal,double,double_choices\n,ogre,GX,,\n", {}, "category letters"),
        ("team_key,position_key,normal,double,double_choices\n,ogre,GS,,fly\n", {}, "unknown double_choices fly"),
        ("team_key,position_key,normal,double,double_choices\n,wizard,GS,,\n", {}, "no team has a position"),
    ],
)
def test_the_file_is_checked_with_its_line(tmp_path, monkeypatch, csv, append, message):
    with pytest.raises(RulesetDataError, match=message):
        next(lrb6_copy(tmp_path, monkeypatch, "badaccess", append={"skill_access.csv": csv, **append}))


def test_the_shipped_house_rules_give_their_big_guys_this_access():
    from league.rules import load_ruleset

    house = load_ruleset("fr_house")
    expected = {("human", "ogre"): "GS", ("vampire", "vampire"): "GA", ("skaven", "rat_ogre"): "GSM"}
    expected |= {("chaos", "minotaur"): "GSM", ("norse", "snow_troll"): "GS", ("human", "lineman"): "G"}
    for (team, key), normal in expected.items():
        position = house.team(team).position(key)
        assert position.normal_categories == frozenset(normal), (team, key)
    ogre = house.team("ogre").position("ogre")
    assert ogre.double_categories == frozenset() and ogre.double_choices == ("st", "av", "remove_skill")
    assert house.team("human").position("lineman").double_choices == ()
    assert house.value_increases["skill_removed"] == 0 and house.value_increases["st_increase"] == 50_000
    for key in ("lrb6", "pbbl110", "dungeon_lutece", "classic3"):
        assert load_ruleset(key).team("human").position("ogre").double_choices == ()
