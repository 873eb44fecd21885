"""Reading FUMBBL's team and roster JSON and naming it with the keys of the league's ruleset."""

from __future__ import annotations

import dataclasses

import pytest

from league.interchange.fumbbl.mapping import find_skill, find_team_list, map_team, normalise
from league.interchange.fumbbl.parse import (
    MAX_BYTES,
    FumbblFormatError,
    InjuryMark,
    decode_json,
    parse_injuries,
    parse_team,
)
from league.rules.loading.loader import load_ruleset, ruleset_keys
from tests.interchange.fumbbl_files import as_bytes, changed, roster_json, team_json


@pytest.fixture(scope="module")
def lrb6():
    return load_ruleset("lrb6")


def test_the_sample_team_is_read_with_its_staff_players_and_record():
    team = parse_team(team_json(), roster_json())
    assert (team.id, team.name, team.roster_name, team.treasury) == (710001, "Da Krumpin' Boyz", "Orc", 60000)
    assert (team.rerolls, team.fan_factor, team.assistant_coaches, team.cheerleaders, team.apothecary) == (
        3,
        5,
        1,
        1,
        True,
    )
    assert len(team.players) == 12
    grimgor = next(p for p in team.players if p.number == 8)
    assert grimgor.skills == ["Mighty Blow", "+ST"] and grimgor.skill_costs == [20000, 50000]
    assert team.roster is not None and team.roster.position(1006, "").title == "Troll"
    assert team.roster.position(None, "Goblin").stats == {"ma": "6", "st": "2", "ag": "3", "av": "7"}


def test_apothecary_no_and_string_numbers():
    team = parse_team(changed(team_json(), apothecary="No", treasury="15000", rerolls="2"))
    assert (team.apothecary, team.treasury, team.rerolls) == (False, 15000, 2)
    with pytest.raises(FumbblFormatError, match="neither"):
        parse_team(changed(team_json(), apothecary="Maybe"))


def test_unspent_spp_is_earned_plus_extra_less_spent():
    raw = team_json()
    raw["players"][0]["record"].update(spp=86, extra_spp=2, spent_spp=62)
    assert parse_team(raw).players[0].unspent_spp == 26


@pytest.mark.parametrize(
    ("text", "marks"),
    [
        ("", []),
        ("-MA", [InjuryMark("stat", stat="ma", source="-MA")]),
        ("NI, -av", [InjuryMark("niggling", source="NI"), InjuryMark("stat", stat="av", source="-av")]),
        ("-ST (MNG)", [InjuryMark("stat", stat="st", source="-ST"), InjuryMark("miss_next_game", source="(MNG)")]),
        (
            "Gouged Eye (MNG)",
            [
                InjuryMark("named", name="Gouged Eye", source="Gouged Eye (MNG)"),
                InjuryMark("miss_next_game", source="Gouged Eye (MNG)"),
            ],
        ),
    ],
)
def test_the_injuries_string(text, marks):
    assert parse_injuries(text) == marks


def test_names_are_compared_without_case_accents_spaces_or_values(lrb6):
    assert normalise("Mighty Blow (+1)") == normalise("mighty-blow") == "mightyblow"
    assert find_skill(lrb6, "Sidestep") == find_skill(lrb6, "Side Step") == "side_step"
    assert find_skill(lrb6, "Bone Head") == "bone_head"
    assert find_skill(lrb6, "Claws") == "claw"  # an alias of aliases/skills.csv
    assert find_skill(lrb6, "Blocage") == "block"  # the French name is a name too
    assert find_skill(lrb6, "Brawler") is None


def test_the_sample_maps_onto_lrb6(lrb6):
    mapped = map_team(lrb6, parse_team(team_json(), roster_json()))
    assert mapped.problems == []
    assert mapped.race == "orc"
    by_number = {p.number: p for p in mapped.players}
    assert by_number[1].position == "lineman"  # "Orc Lineman": the race prefix dropped
    assert by_number[5].position == "black_orc_blocker"
    assert by_number[8].advancements == [("new_skill", "mighty_blow"), ("st_increase", "")]
    assert by_number[11].advancements == [("new_skill", "side_step")]  # a Goblin has Agility skills
    assert (by_number[2].injuries, by_number[2].miss_next_game) == ([("smashed_hip", "ma")], True)


@pytest.mark.parametrize("key", ruleset_keys())
def test_names_are_the_target_rulesets_own(key):
    """No ruleset is named in the importer: the sample maps onto whichever shipped ruleset has Orcs."""
    ruleset = load_ruleset(key)
    if find_team_list(ruleset, "Orc") is None:
        pytest.skip(f"{key} has no Orc team")
    mapped = map_team(ruleset, parse_team(team_json(), roster_json()))
    assert mapped.race in ruleset.teams and mapped.problems == []
    assert all(p.position in {pos.key for pos in ruleset.teams[mapped.race].positions} for p in mapped.players)


def test_a_gain_the_ruleset_cannot_record_is_refused(lrb6):
    kinds = {k: v for k, v in lrb6.value_increases.items() if k != "st_increase"}
    mapped = map_team(dataclasses.replace(lrb6, value_increases=kinds), parse_team(team_json()))
    assert [p.english() for p in mapped.problems] == ["#8 Grimgor: a gain of +1 ST cannot be recorded in this ruleset."]


def test_every_missing_part_of_a_bb2020_team_is_named_at_once(lrb6):
    mapped = map_team(lrb6, parse_team(team_json("team-bb2020.json")))
    texts = [p.english() for p in mapped.problems]
    assert texts == [
        "No characteristic PA in this ruleset (#3 Carl Ritter, #9 Ida Sommer).",
        "No skill “Brawler” in this ruleset (#5 Emil Brandt).",
        "No skill “Arm Bar” in this ruleset (#10 Jonas Berg).",
    ]


def test_a_roster_file_with_pa_names_the_characteristic(lrb6):
    roster = roster_json()
    roster["positions"][0]["stats"]["PA"] = "4"
    mapped = map_team(lrb6, parse_team(team_json(), roster))
    assert [p.english() for p in mapped.problems] == ["No characteristic PA in this ruleset (Orc Lineman)."]


def test_race_positions_counts_gains_and_debt_refused(lrb6):
    raw = team_json()
    raw["players"][0]["position"] = "Halfling Hopeful"
    raw["players"][1]["skills"] = ["Pass Block", "Hypnotic Gaze"]  # a Lineman: G only, no Extraordinary skill
    raw["players"][2]["injuries"] = "Weird Rash"
    raw["players"][4]["skills"] = ["+PA"]
    for p in raw["players"][6:9]:
        p["position"] = "Troll"
    raw.update(treasury=-500000, rerolls=9)
    texts = [p.english() for p in map_team(lrb6, parse_team(raw)).problems]
    assert "No position “Halfling Hopeful” in this team list (#1 Grubnak)." in texts
    assert "#2 Snorg: a Lineman cannot learn Hypnotic Gaze in this ruleset." in texts
    assert "No injury “Weird Rash” in this ruleset's casualty table (#3 Urzog)." in texts
    assert "No characteristic PA in this ruleset (#5 Gorbad)." in texts
    assert "4 players are Troll; the team list allows 1." in texts
    assert "The team has 9 re-rolls; this team list allows 8." in texts
    assert any(t.startswith("The team is 500000 gp in debt on FUMBBL") for t in texts)
    mapped = parse_team(changed(team_json(), roster={"id": 1, "name": "Elven Kingdom"}))
    assert [p.english() for p in map_team(lrb6, mapped).problems] == [
        "This ruleset has no team list for the FUMBBL roster “Elven Kingdom”."
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"x" * (MAX_BYTES + 1), "too large"),
        ('{"name": "Caf\u00e9"}'.encode("latin-1"), "not UTF-8"),
        (b'{"id": 1, ', "malformed"),
        (b"[" * 100_000 + b"]" * 100_000, "nested more than"),
        (b'{"id": NaN}', "cannot be read"),
        (b"\x00" * 100, "binary data"),
        (as_bytes([1, 2, 3]), "not a JSON object"),
        (as_bytes({"id": 1}), "not a FUMBBL team"),
        (as_bytes(changed(team_json(), treasury="a lot")), "not a whole number"),
    ],
)
def test_hostile_or_foreign_files_are_refused(data, message):
    with pytest.raises(FumbblFormatError, match=message):
        parse_team(decode_json(data))
