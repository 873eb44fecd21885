"""Who and which games the NAF report holds (league.interchange.naf.report.build), and the NAF race
names of the shipped rulesets."""

from __future__ import annotations

from datetime import datetime
from xml.etree import ElementTree

import pytest

from league.interchange.naf.report import NAMESPACE, NO_GAME, NO_RACE, SCHEMA, Coach, Game, Side, build, schema, to_xml
from league.rules import load_ruleset
from league.rules.loading.loader import ruleset_keys

ANN = Coach(1, "ann", 11, "")
BEN = Coach(2, "ben", 22, "")
CID = Coach(3, "cid", 33, "")


def side(coach: Coach, race: str, label: str = "") -> Side:
    return Side(coach, race, label or race or "Nowhere Men", "T", 100, 1, 0)


def game(key: int, day: int, home: Side, away: Side) -> Game:
    return Game(key, datetime(2025, 3, day, 20, 0), home, away)


def test_a_coach_whose_team_list_has_no_naf_race_is_left_out_with_his_games():
    report = build(
        "Org",
        [
            game(1, 1, side(ANN, "Humans"), side(BEN, "", "Nowhere Men")),
            game(2, 2, side(ANN, "Humans"), side(CID, "Orc")),
        ],
    )
    assert [(c.username, race) for c, race in report.coaches] == [("ann", "Humans"), ("cid", "Orc")]
    assert [(e.coach.username, e.reason, e.races) for e in report.left_out_coaches] == [
        ("ben", NO_RACE, ("Nowhere Men",))
    ]
    assert [(e.game.key, [c.username for c in e.coaches]) for e in report.left_out_games] == [(1, ["ben"])]


def test_a_coach_with_several_races_is_listed_once_with_his_most_played():
    games = [
        game(1, 1, side(ANN, "Humans"), side(BEN, "Orc")),
        game(2, 2, side(ANN, "Skaven"), side(BEN, "Orc")),
        game(3, 3, side(CID, "Orc"), side(ANN, "Skaven")),
    ]
    report = build("Org", games)
    assert [(c.username, race) for c, race in report.coaches] == [("ann", "Skaven"), ("ben", "Orc"), ("cid", "Orc")]
    assert report.several_races == [(ANN, "Skaven", ("Humans", "Skaven"))]
    schema().validate(to_xml(report).decode())


def test_a_coach_whose_every_opponent_is_left_out_is_listed_apart():
    nobody = Coach(4, "dan", None, "")
    report = build("Org", [game(1, 1, side(ANN, "Humans"), side(nobody, "Orc"))])
    assert report.empty and [(e.coach.username, e.reason) for e in report.left_out_coaches] == [
        ("ann", NO_GAME),
        ("dan", "no_number"),
    ]


@pytest.mark.parametrize("key", ruleset_keys())
def test_every_naf_race_name_of_the_shipped_rulesets_is_in_the_schema(key):
    enumeration = {
        e.get("value") for e in ElementTree.parse(SCHEMA).iter("{http://www.w3.org/2001/XMLSchema}enumeration")
    }
    names = {team.naf_name for team in load_ruleset(key).teams.values()}
    assert names and "" not in names  # every team list of the shipped rulesets has its NAF name
    assert names <= enumeration, names - enumeration
    assert NAMESPACE == schema().target_namespace
