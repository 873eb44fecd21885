"""Table-roll pre-match steps declared in data ([pre_match_tables.<step>] of ruleset.toml): the
weather is one, and a ruleset may roll another table with no Python. The strict loader knows a
table's file because the ruleset declares it, and refuses what it cannot read."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.rules import (
    RulesetDataError,
    ScriptedDice,
    load_ruleset,
    load_ruleset_from,
    roll_table,
    roll_weather,
    table_result,
)

DUNGEON = """
[pre_match_tables.dungeon_state]
table = "dungeon_state.csv"
name_en = "Dungeon state"
name_fr = "État du donjon"
"""
ROWS = "roll_from,roll_to,dungeon_state_key,name_en,name_fr\n2,6,flooded,Flooded,Inondé\n7,12,dry,Dry,Sec\n"


def _problems(folder: Path) -> str:
    with pytest.raises(RulesetDataError) as info:
        load_ruleset_from(folder)
    return "\n".join(info.value.problems)


def _edit(folder: Path, old: str = "", new: str = "", extra: str = "") -> None:
    toml = folder / "ruleset.toml"
    text = toml.read_text(encoding="utf-8")
    assert old in text
    toml.write_text(text.replace(old, new, 1) + extra, encoding="utf-8")


@pytest.mark.parametrize("key", ["lrb6", "pbbl110"])
def test_the_weather_is_a_table_roll_step_with_the_same_table_and_rolls(key: str) -> None:
    ruleset = load_ruleset(key)
    table = ruleset.pre_match_tables["weather"]
    assert (table.file, table.name("en"), table.name("fr"), table.show_effect) == (
        "weather.csv",
        "Weather",
        "Météo",
        True,
    )
    assert table.entries == ruleset.weather_table and len(table.entries) == 5
    for dice in ((1, 1), (3, 4), (6, 5), (6, 6)):
        weather, rolled = roll_weather(ruleset, ScriptedDice(dice)), roll_table(ruleset, "weather", ScriptedDice(dice))
        assert (
            (weather.dice, weather.result)
            == (rolled.dice, rolled.result)
            == (dice, table_result(ruleset, "weather", sum(dice)))
        )


def test_a_declared_table_is_rolled_in_place_of_the_weather(data_copy: Path) -> None:
    (data_copy / "dungeon_state.csv").write_text(ROWS, encoding="utf-8")
    _edit(data_copy, 'pre_match_steps = ["weather", ', 'pre_match_steps = ["dungeon_state", ', DUNGEON)
    ruleset = load_ruleset_from(data_copy)
    assert ruleset.pre_match_steps == ("dungeon_state", "petty_cash", "inducements", "journeymen")
    assert table_result(ruleset, "dungeon_state", 4).key == "flooded"
    assert roll_table(ruleset, "dungeon_state", ScriptedDice((5, 6))).result.name("fr") == "Sec"


def test_a_table_file_nobody_declares_is_refused(data_copy: Path) -> None:
    (data_copy / "dungeon_state.csv").write_text(ROWS, encoding="utf-8")
    assert "dungeon_state.csv: unknown file in ruleset folder" in _problems(data_copy)


def test_a_declared_table_must_exist_cover_every_total_and_use_known_keys(data_copy: Path) -> None:
    _edit(data_copy, extra=DUNGEON)
    assert "dungeon_state.csv: file not found" in _problems(data_copy)
    (data_copy / "dungeon_state.csv").write_text(ROWS.replace("7,12,dry", "8,12,dry"), encoding="utf-8")
    assert "2D6 result 7 is not covered by any row" in _problems(data_copy)
    (data_copy / "dungeon_state.csv").write_text(ROWS, encoding="utf-8")
    _edit(data_copy, 'name_fr = "État du donjon"', 'name_fr = "État du donjon"\ndice = "3d6"')
    assert "unknown key 'dice' in [pre_match_tables.dungeon_state]" in _problems(data_copy)


def test_a_step_neither_registered_nor_declared_is_refused(data_copy: Path) -> None:
    _edit(data_copy, 'pre_match_steps = ["weather", ', 'pre_match_steps = ["weather", "dungeon_state", ')
    assert "unknown pre-match step 'dungeon_state'" in _problems(data_copy)


def test_a_table_cannot_take_the_name_of_a_registered_step(data_copy: Path) -> None:
    (data_copy / "petty.csv").write_text(ROWS.replace("dungeon_state_key", "petty_cash_key"), encoding="utf-8")
    _edit(data_copy, extra=DUNGEON.replace("dungeon_state]", "petty_cash]").replace("dungeon_state.csv", "petty.csv"))
    assert "'petty_cash' is already a pre-match step of the engine" in _problems(data_copy)
