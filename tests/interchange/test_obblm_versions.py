"""Version detection and the §5 pitfalls: the same id means another thing in another version."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from league.interchange.obblm import recompute
from league.interchange.obblm.decode import BadDumpValue, decode
from league.interchange.obblm.detect import NotAnObblmDump, UnknownVersion, choose_version, detect_version
from league.interchange.obblm.tables import load_tables, versions
from league.interchange.snapshot import Source
from league.rules import load_ruleset

from .obblm_samples import P, T, player, sample

LRB6 = load_ruleset("lrb6")
OBBLM_COLUMNS = {"players": ["player_id", "ach_ma"], "players_skills": ["f_pid"], "match_data": ["agn1", "agn2"]}


def test_the_versions_are_the_folders():
    assert versions() == ("naflm", "obblm-lrb6", "obblm-old-names")


@pytest.mark.parametrize(
    "extra",
    [
        {"players": ["player_id", "ach_pa"]},
        {"players": ["player_id", "inj_pa"]},
        {"players_skills": ["f_pid", "cost"]},
        {"match_data": ["agn"]},
        {"match_data": ["agn1", "hat"]},
    ],
)
def test_each_naflm_column_says_naflm(extra):
    assert detect_version({**OBBLM_COLUMNS, **extra}) == "naflm"


def test_old_names_need_the_name_columns_and_no_skills_table():
    old = {"players": ["player_id", "ach_nor_skills"], "match_data": ["agn1"]}
    assert detect_version(old) == "obblm-old-names"
    assert detect_version({**old, "players_skills": ["f_pid"]}) == "obblm-lrb6"
    assert detect_version(OBBLM_COLUMNS) == "obblm-lrb6"


def test_a_named_version_is_used_and_said_so():
    assert choose_version(OBBLM_COLUMNS, None) == ("obblm-lrb6", True)
    assert choose_version(OBBLM_COLUMNS, "naflm") == ("naflm", False)
    with pytest.raises(UnknownVersion):
        choose_version(OBBLM_COLUMNS, "obblm-9")
    with pytest.raises(NotAnObblmDump):
        detect_version({"coaches": ["coach_id"]})


def test_reused_ids_decode_with_their_own_version():
    obblm, naflm = load_tables("obblm-lrb6"), load_tables("naflm")
    # Skills 7 and 8 (§1.3), injury 8 (§1.4), races 24-26 (§1.3), Human 91-94 and Orc 123/124 (addendum).
    assert (obblm.skills[7].key, naflm.skills[7].name, naflm.skills[7].key) == ("kick_off_return", "Give and Go", "")
    assert (obblm.skills[8].key, naflm.skills[8].name, naflm.skills[8].key) == ("pass_block", "On the Ball", "")
    assert (obblm.skills[26].key, naflm.skills[26].name, naflm.skills[26].key) == ("side_step", "Sidestep", "side_step")
    assert (obblm.injuries[8], naflm.injuries[8], naflm.injuries[9]) == ("dead", "pa", "dead")
    assert [obblm.races[i].name for i in (24, 25, 26)] == ["Brettonia", "Daemons of Khorne", "Apes of Wrath"]
    assert [naflm.races[i].name for i in (24, 25, 26)] == ["Old World Alliance", "Snotling", "Black Orc"]
    assert all(obblm.races[i].key == naflm.races[i].key == "" for i in (24, 25, 26))
    assert [obblm.positions[i].key for i in (91, 92, 93, 94)] == ["catcher", "thrower", "blitzer", "ogre"]
    assert [naflm.positions[i].key for i in (91, 92, 93, 94, 95)] == ["", "catcher", "thrower", "blitzer", "ogre"]
    assert [obblm.positions[i].key for i in (123, 124)] == ["black_orc_blocker", "blitzer"]
    assert [naflm.positions[i].key for i in (123, 124)] == ["blitzer", "black_orc_blocker"]
    assert load_tables("obblm-old-names").skill_names["bone head"].key == "bone_head"


def test_every_key_of_the_tables_is_one_of_ours():
    for version in versions():
        t = load_tables(version)
        assert {r.key for r in t.races.values()} - {""} <= set(LRB6.teams)
        assert {s.key for s in t.skills.values()} - {""} <= set(LRB6.skills)
        for pos in t.positions.values():
            if pos.key:
                assert pos.key in {p.key for p in LRB6.teams[t.races[pos.race_id].key].positions}, pos


def test_the_old_names_sample_repairs_old_spellings():
    snap = sample("obblm-old-names")
    assert (snap.version, snap.version_detected, snap.unmapped) == ("obblm-old-names", True, [])
    assert [(r.source, r.column, r.before, r.after) for r in snap.repairs] == [
        (P(5), "ach_nor_skills", "Claws", "Claw/Claws"),
        (P(7), "extra_skills", "Bone Head", "Bone-Head"),
    ]
    assert player(snap, "Gor").skills == ["claw"] and player(snap, "Bullhorn").skill_kinds == {"bone_head": "E"}
    assert player(snap, "Khorgar").skills == ["block", "mighty_blow"] and player(snap, "Grom").skill_kinds == {
        "block": "D"
    }
    counts = recompute.players(snap, LRB6)
    assert [counts[P(i)].spp for i in range(1, 9)] == [0, 4, 7, 8, 3, 8, 7, 3]
    assert counts[P(1)].games == 1 and counts[P(8)].injuries == {"ni": 1}
    records = recompute.team_totals(snap)
    assert (records[T(1)].won, records[T(1)].draw, records[T(1)].lost, records[T(1)].gf, records[T(1)].ga) == (
        0,
        1,
        1,
        2,
        3,
    )


def test_the_naflm_sample_reports_what_lrb6_has_not():
    snap = sample("naflm")
    assert (snap.version, snap.version_detected) == ("naflm", True)
    reasons = [(u.source, u.reason % u.params) for u in snap.unmapped]
    assert reasons == [
        (T(3), "no such team list in this ruleset: Snotling"),
        (P(6), "no such characteristic in this ruleset: PA"),
        (P(7), "no such position in this ruleset: Halfling Hopeful"),
        (P(10), "his team cannot be brought over: Fungus Flingers"),
        (P(11), "his team cannot be brought over: Fungus Flingers"),
        (P(6), "no such skill in this ruleset: Give and Go"),
        (Source("match_data", 1), "no such injury in this ruleset: PA"),
    ]
    assert all(u.blocking for u in snap.unmapped)
    brewers = [p for p in snap.players if p.team == T(1)]
    assert not any(u.source in {p.source for p in brewers} | {T(1)} for u in snap.unmapped)
    first = {line.player: line for line in snap.matches[0].lines}
    assert first[P(5)].injury == "dead" and first[P(6)].injury == ""  # 9 DEAD; 8 is PA here
    durin = next(line for line in snap.matches[1].lines if line.player == P(1))
    assert (durin.injury, durin.injuries_more) == ("damaged_back", ["smashed_hip"])  # inj NI, agn MA
    assert (
        player(snap, "Bromm Stonejaw").skill_kinds == {"guard": "N"}
        and player(snap, "Rurik Fleetbeard").extra_spp == -6
    )
    counts = recompute.players(snap, LRB6)
    assert [counts[P(i)].spp for i in (1, 2, 3, 4, 5, 6, 8, 9)] == [5, 1, 2, 4, 0, 5, 3, 1]
    assert counts[P(6)].games == 1 and counts[P(1)].injuries == {"ni": 1, "ma": 1}


def test_a_wrongly_named_version_reads_injury_8_as_dead():
    # The user says OBBLM for a NAFLM dump: Konrad's PA loss (8) becomes a death. The snapshot says
    # the version was named, which the dry run shows next to the detected one.
    snap = sample("naflm", version="obblm-lrb6")
    assert not snap.version_detected
    konrad = next(line for line in snap.matches[0].lines if line.player == P(6))
    assert konrad.injury == "dead"


def test_another_ruleset_without_the_team_list_reports_it():
    tables = {
        "teams": [{"team_id": 1, "name": "Pact", "owned_by_coach_id": 1, "f_race_id": 21}],
        "players": [{"player_id": 1, "owned_by_team_id": 1, "f_pos_id": 210, "name": "Marauder"}],
    }
    snap = decode(tables, version="obblm-lrb6", ruleset="pbbl110", ruleset_data=load_ruleset("pbbl110"))
    assert [(u.source, u.reason % u.params) for u in snap.unmapped] == [
        (T(1), "no such team list in this ruleset: Chaos Pact"),
        (P(1), "his team cannot be brought over: Pact"),
    ]
    assert decode(tables, version="obblm-lrb6", ruleset="lrb6", ruleset_data=LRB6).players[0].position == "marauder"


def test_an_unknown_old_name_and_a_repair_by_row_index():
    tables = {
        "teams": [{"team_id": 1, "name": "Reavers", "owned_by_coach_id": 1, "f_race_id": 9}],
        "players": [
            {
                "player_id": 4,
                "owned_by_team_id": 1,
                "f_pos_id": 90,
                "name": "Bob",
                "ach_nor_skills": "Block, Fancy Footwork",
            }
        ],
    }
    repair = SimpleNamespace(table="players", row=0, column="name", before="BÃ¶b", after="Bob")
    snap = decode(tables, version="obblm-old-names", ruleset="lrb6", ruleset_data=LRB6, repairs=[repair])
    assert snap.players[0].skills == ["block"]
    assert [(u.source, u.reason % u.params) for u in snap.unmapped] == [
        (P(4), "no such skill in this ruleset: Fancy Footwork")
    ]
    assert [(r.source, r.before, r.after) for r in snap.repairs] == [(P(4), "BÃ¶b", "Bob")]


def test_zero_dates_are_none_and_naflm_retirement_is_kept():
    tables = {
        "teams": [{"team_id": 1, "name": "Reavers", "owned_by_coach_id": 1, "f_race_id": 9}],
        "players": [
            {"player_id": 1, "owned_by_team_id": 1, "f_pos_id": 90, "name": "Old", "date_bought": "0000-00-00 00:00:00"}
        ],
        "matches": [{"match_id": 3, "f_tour_id": 1, "team1_id": 1, "team2_id": 2, "date_played": "0000-00-00"}],
        "match_data": [{"f_player_id": 1, "f_team_id": 1, "f_match_id": 3, "inj": 0, "agn": 1, "hat": 0}],
    }
    snap = decode(tables, version=None, ruleset="lrb6", ruleset_data=LRB6)
    assert snap.version == "naflm" and snap.unmapped == []
    assert snap.players[0].hired is None and snap.matches[0].played is None
    assert snap.players[0].retired and snap.matches[0].lines[0].injury == ""


def test_a_value_obblm_never_writes_is_a_clear_error():
    bad = {"players": [{"player_id": "x1", "owned_by_team_id": 1}]}
    with pytest.raises(BadDumpValue, match="not a whole number: 'x1'"):
        decode(bad, version=None, ruleset="lrb6", ruleset_data=LRB6)
