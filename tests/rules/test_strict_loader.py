"""A ruleset folder holds only what the loader reads: an unknown file, CSV column, ruleset.toml
table or key is refused with its file and line, never silently ignored (a house rule typed as a
new column would otherwise do nothing)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from league.rules import RulesetDataError, load_ruleset_from
from league.rules.loading.loader import DATA_DIR, ruleset_keys


def _problems(folder: Path) -> tuple[str, ...]:
    with pytest.raises(RulesetDataError) as info:
        load_ruleset_from(folder)
    return info.value.problems


def _toml(folder: Path) -> Path:
    return folder / "ruleset.toml"


def _line_of(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if needle in line)


@pytest.mark.parametrize("key", ruleset_keys())
def test_the_shipped_rulesets_hold_nothing_unknown(key: str) -> None:
    load_ruleset_from(DATA_DIR / key)


def test_an_unknown_file_is_refused_but_a_readme_and_hidden_files_are_not(data_copy: Path) -> None:
    (data_copy / ".DS_Store").write_text("", encoding="utf-8")
    assert (data_copy / "README.md").is_file()
    load_ruleset_from(data_copy)
    (data_copy / "house_rules.csv").write_text("key,value\n", encoding="utf-8")
    (data_copy / "extra").mkdir()
    problems = _problems(data_copy)
    assert len(problems) == 2
    assert problems[0].startswith("extra: unknown file in ruleset folder 'lrb6'")
    assert problems[1].startswith("house_rules.csv: unknown file in ruleset folder 'lrb6'")


def test_an_unknown_column_is_refused_on_the_header_line(data_copy: Path) -> None:
    path = data_copy / "teams.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[0] = lines[0].rstrip("\n") + ",reroll_discount\n"
    lines[1:] = [line.rstrip("\n") + ",10000\n" for line in lines[1:]]
    path.write_text("".join(lines), encoding="utf-8")
    (problem,) = _problems(data_copy)
    assert problem.startswith("teams.csv line 1: unknown column(s) 'reroll_discount' (known: team_key, name_en")


def test_the_optional_columns_of_the_shipped_files_are_known(data_copy: Path) -> None:
    # source, notes, aliases, effect_*, abbr_*: read or shown to the reader, so not refused.
    header = (data_copy / "star_players.csv").read_text(encoding="utf-8").splitlines()[0]
    assert "notes" in header and "source" in header
    load_ruleset_from(data_copy)


@pytest.mark.parametrize(
    ("after", "insert", "expected"),
    [
        ("[ruleset]", "house = true", "unknown key 'house' in [ruleset]"),
        ("[sequence]", "kickoff_steps = []", "unknown key 'kickoff_steps' in [sequence]"),
        ("[journeymen]", "cost = 0", "unknown key 'cost' in [journeymen]"),
        ("[standings]", "promote = 2", "unknown key 'promote' in [standings]"),
        ("[settings.mvp_mode]", "hidden = true", "unknown key 'hidden' in [settings.mvp_mode]"),
        (
            "[setting_groups]",
            "odd = { en = 'Odd', fr = 'Bizarre', de = 'Seltsam' }",
            "unknown key 'de' in setting group 'odd'",
        ),
        ("[parameters]", "ageing_roll = 2", "unknown parameter 'ageing_roll'"),
    ],
)
def test_an_unknown_key_is_refused_with_its_line(data_copy: Path, after: str, insert: str, expected: str) -> None:
    path = _toml(data_copy)
    text = path.read_text(encoding="utf-8")
    assert after + "\n" in text, after
    path.write_text(text.replace(after + "\n", f"{after}\n{insert}\n", 1), encoding="utf-8")
    line = _line_of(path, insert)
    problems = [p for p in _problems(data_copy) if expected in p]
    assert problems == [p for p in problems if p.startswith(f"ruleset.toml line {line}: ")] and problems


def test_an_unknown_table_is_refused_with_its_line(data_copy: Path) -> None:
    path = _toml(data_copy)
    path.write_text(path.read_text(encoding="utf-8") + "\n[house_rules]\nno_wizards = true\n", encoding="utf-8")
    (problem,) = _problems(data_copy)
    line = _line_of(path, "[house_rules]")
    assert problem.startswith(f"ruleset.toml line {line}: unknown table or key 'house_rules' (known tables: [ruleset]")


GUIDE = Path(__file__).resolve().parents[2] / "docs" / "rulesets.md"


def test_the_contributor_guide_names_only_the_optional_groups_the_engine_knows() -> None:
    from league.rules.parameters import GROUPS

    text = GUIDE.read_text(encoding="utf-8")
    bullet = text[text.index("* **An optional group**") :].split("\n* ", 1)[0].split("\n\n", 1)[0]
    assert "ageing" not in bullet
    assert all(f"`{key}`" in bullet for key in GROUPS)
    assert set(re.findall(r"\[parameters\.(\w+)\]", text)) - {"key"} <= set(GROUPS)


def test_the_contributor_guide_says_a_copy_is_not_the_reference() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    recipe = text[text.index("## Adding a ruleset") :].split("\n## ", 1)[0]
    assert "reference = false" in recipe
