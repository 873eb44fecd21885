"""Broken rulesets are refused with a message naming the file and the row."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.rules import RulesetDataError, load_ruleset_from, team_value
from league.rules.catalogue.value import PlayerFacts, TeamFacts

from .conftest import EditCsv


def _error(folder: Path) -> RulesetDataError:
    with pytest.raises(RulesetDataError) as info:
        load_ruleset_from(folder)
    return info.value


def test_clean_copy_loads(data_copy: Path) -> None:
    assert len(load_ruleset_from(data_copy).teams) == 24


@pytest.mark.parametrize(
    ("file", "match", "column", "value", "expected"),
    [
        (
            "positions.csv",
            {"team_key": "human", "position_key": "blitzer"},
            "skills",
            "block;blok",
            "unknown skill 'blok'",
        ),
        ("star_players.csv", {"star_key": "griff_oberwald"}, "skills", "loner;flying", "unknown skill 'flying'"),
        (
            "positions.csv",
            {"team_key": "human", "position_key": "blitzer"},
            "normal_categories",
            "GX",
            "bad category letter 'X'",
        ),
        (
            "positions.csv",
            {"team_key": "human", "position_key": "ogre"},
            "double_categories",
            "GAPE",
            "bad category letter 'E'",
        ),
        ("skills.csv", {"skill_key": "block"}, "category", "Q", "bad category letter 'Q'"),
        (
            "positions.csv",
            {"team_key": "human", "position_key": "lineman"},
            "cost",
            "55000",
            "column 'cost' = 55000 is not a multiple of 10000 gp",
        ),
        ("star_players.csv", {"star_key": "mighty_zug"}, "cost", "265000", "is not a multiple of 10000"),
        ("teams.csv", {"team_key": "orc"}, "reroll_cost", "65000", "is not a multiple of 10000"),
        ("inducements.csv", {"inducement_key": "wizard"}, "cost", "155000", "is not a multiple of 10000"),
        (
            "inducements.csv",
            {"inducement_key": "bribes"},
            "special_prices",
            "goblin:55000",
            "is not a multiple of 10000",
        ),
        (
            "value_modifiers.csv",
            {"improvement_key": "st_increase"},
            "value_increase",
            "45000",
            "is not a multiple of 10000",
        ),
        (
            "positions.csv",
            {"team_key": "human", "position_key": "lineman"},
            "team_key",
            "humans",
            "unknown team 'humans'",
        ),
        ("star_players.csv", {"star_key": "griff_oberwald"}, "teams", "human;men", "unknown team 'men'"),
        (
            "positions.csv",
            {"team_key": "human", "position_key": "lineman"},
            "ma",
            "six",
            "column 'ma' must be an integer, got 'six'",
        ),
        ("teams.csv", {"team_key": "orc"}, "apothecary_allowed", "maybe", "must be yes or no"),
        ("weather.csv", {"weather_key": "nice"}, "roll_to", "9", "2D6 result 10 is not covered"),
        ("kickoff.csv", {"kickoff_key": "riot"}, "roll_from", "2", "2D6 result 2 is already covered at line 2"),
        (
            "improvement_rolls.csv",
            {"result_key": "st_or_skill"},
            "stat_options",
            "strength",
            "unknown characteristic 'strength'",
        ),
        ("casualty.csv", {"casualty_key": "badly_hurt"}, "d68_to", "37", "D68 result 38 is not covered"),
        ("casualty.csv", {"casualty_key": "broken_ribs"}, "d68_from", "38", "D68 result 38 is already covered"),
        ("casualty.csv", {"casualty_key": "dead"}, "d68_to", "69", "69 is not a D68 result"),
        ("spp_levels.csv", {"level_key": "veteran"}, "spp_min", "17", "spp_min must be 16"),
    ],
)
def test_broken_cell_is_reported_with_file_and_line(
    data_copy: Path, edit_csv: EditCsv, file: str, match: dict[str, str], column: str, value: str, expected: str
) -> None:
    line = edit_csv(file, match=match, set={column: value})
    error = _error(data_copy)
    hits = [p for p in error.problems if expected in p]
    assert hits, error.problems
    assert hits[0].startswith(f"{file} line ") and file in str(error)
    if "covered" not in expected:  # coverage gaps name the row after the gap
        assert hits[0].startswith(f"{file} line {line}:"), hits[0]


@pytest.mark.parametrize(
    ("file", "row", "what"),
    [
        ("skills.csv", {"skill_key": "block", "name_en": "Block", "category": "G"}, "duplicate skill 'block'"),
        (
            "teams.csv",
            {
                "team_key": "orc",
                "name_en": "Orc",
                "reroll_cost": "60000",
                "max_rerolls": "8",
                "apothecary_allowed": "yes",
                "necromancer": "no",
                "crp_new_team": "no",
            },
            "duplicate team 'orc'",
        ),
        (
            "positions.csv",
            {
                "team_key": "orc",
                "position_key": "troll",
                "max_count": "1",
                "cost": "110000",
                "ma": "4",
                "st": "5",
                "ag": "1",
                "av": "9",
                "normal_categories": "S",
                "double_categories": "GAP",
                "journeyman_eligible": "no",
            },
            "duplicate position (team, position) ('orc', 'troll')",
        ),
        (
            "star_players.csv",
            {"star_key": "ripper", "cost": "270000", "ma": "4", "st": "6", "ag": "1", "av": "9", "teams": "orc"},
            "duplicate star 'ripper'",
        ),
        (
            "inducements.csv",
            {
                "inducement_key": "wizard",
                "max_count": "1",
                "cost": "150000",
                "pricing": "fixed",
                "team_condition": "any",
            },
            "duplicate inducement 'wizard'",
        ),
    ],
)
def test_duplicate_keys(data_copy: Path, edit_csv: EditCsv, file: str, row: dict[str, str], what: str) -> None:
    line = edit_csv(file, append=row)
    error = _error(data_copy)
    hits = [p for p in error.problems if what in p]
    assert hits and hits[0].startswith(f"{file} line {line}:"), error.problems
    assert "first defined at line" in hits[0]


def test_missing_column(data_copy: Path) -> None:
    path = data_copy / "skills.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([lines[0].replace(",category,", ",cat,")] + lines[1:]) + "\n", encoding="utf-8")
    error = _error(data_copy)
    assert error.problems[0] == "skills.csv line 1: missing column(s) 'category'"
    assert error.problems[1].startswith("skills.csv line 1: unknown column(s) 'cat' (known: skill_key,")


def test_all_problems_are_collected(data_copy: Path, edit_csv: EditCsv) -> None:
    first = edit_csv("positions.csv", match={"team_key": "human", "position_key": "lineman"}, set={"cost": "55000"})
    second = edit_csv("positions.csv", match={"team_key": "orc", "position_key": "lineman"}, set={"skills": "blok"})
    error = _error(data_copy)
    assert error.problems[0].startswith(f"positions.csv line {first}:")
    assert any(p.startswith(f"positions.csv line {second}:") for p in error.problems)
    assert str(error).startswith(f"positions.csv line {first}:")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "starting_treasury = 1000000",
            "starting_treasury = 1005000",
            "'starting_treasury' = 1005000 is not a multiple",
        ),
        ("free_fan_factor = false", "free_fan_factor = 0", "'free_fan_factor' must be bool"),
        ('mvp_mode = "random"', 'mvp_mode = "best"', "'mvp_mode' must be one of random, chosen, random_living"),
        ("journeyman_fill_to = 11", "journeyman_fill_too = 11", "unknown parameter 'journeyman_fill_too'"),
        ('skills = ["loner"]', 'skills = ["lonely"]', "[journeymen] skills: unknown skill 'lonely'"),
        ('skills = ["loner"]', 'skills = "loner"', "[journeymen] skills must be a list of skill keys"),
    ],
)
def test_bad_parameters(data_copy: Path, old: str, new: str, expected: str) -> None:
    path = data_copy / "ruleset.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    error = _error(data_copy)
    hit = next(p for p in error.problems if expected in p)
    assert hit.startswith(f"ruleset.toml line {line}:"), hit


def test_missing_parameter(data_copy: Path) -> None:
    path = data_copy / "ruleset.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("apothecary_max = 1\n", ""), encoding="utf-8")
    assert any("missing parameter 'apothecary_max'" in p for p in _error(data_copy).problems)


def test_a_cost_comes_only_from_the_data(data_copy: Path, edit_csv: EditCsv) -> None:
    # The same roster valued with the shipped data and with a copy where one cost was edited.
    edit_csv("positions.csv", match={"team_key": "human", "position_key": "blitzer"}, set={"cost": "100000"})
    changed = load_ruleset_from(data_copy)
    assert changed.team("human").position("blitzer").cost == 100000
    facts = TeamFacts(
        "human",
        rerolls=0,
        fan_factor=0,
        assistant_coaches=0,
        cheerleaders=0,
        apothecary=False,
        players=(PlayerFacts(changed.team("human").position("blitzer").cost, True),),
    )
    assert team_value(changed, facts) == 100000


def test_a_journeyman_has_the_rulesets_journeyman_skills(data_copy: Path) -> None:
    from league.rules import player_skills

    rs = load_ruleset_from(data_copy)
    assert rs.journeyman_skills == ("loner",) and rs.skills["loner"].name("fr") == "Solitaire"
    lineman = rs.team("human").position("lineman")
    assert player_skills(rs, lineman, ("block", ""), journeyman=True) == ("block", "loner")
    assert player_skills(rs, lineman, ("block",), journeyman=False) == ("block",)
    ogre = rs.team("human").position("ogre")  # already a Loner: listed once
    assert player_skills(rs, ogre, (), journeyman=True).count("loner") == 1


def test_the_line_of_a_key_after_a_blank_line_is_its_own() -> None:
    from league.rules.loading.loader import _toml_line

    assert _toml_line("a = 1\n\nb = 2\n", "b") == 3  # not the blank line before it
