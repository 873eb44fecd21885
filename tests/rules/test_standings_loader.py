"""The [standings] table of ruleset.toml: loaded into the Ruleset, refused with file and line when broken."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.rules import RulesetDataError, load_ruleset_from
from league.rules.standings import scheme_from_mapping


def _problems(folder: Path, old: str, new: str) -> tuple[str, list[str]]:
    path = folder / "ruleset.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(RulesetDataError) as info:
        load_ruleset_from(folder)
    return text, info.value.problems


def _line(text: str, fragment: str) -> int:
    return text[: text.index(fragment)].count("\n") + 1


def test_a_scheme_edited_in_the_data_reaches_the_ruleset(data_copy: Path) -> None:
    path = data_copy / "ruleset.toml"
    text = path.read_text(encoding="utf-8")
    extra = (
        "\n[standings.schemes.pbbl_printed]\nwin = 3\ndraw = 1\nloss = 1\n"
        'bonuses = [{ key = "td_3_plus", metric = "td_for", comparator = ">=", threshold = 3, points = 1 }]\n'
    )
    path.write_text(text + extra, encoding="utf-8")
    scheme = load_ruleset_from(data_copy).standings_schemes["pbbl_printed"]
    assert (scheme.win, scheme.draw, scheme.loss, scheme.forfeit_loss, scheme.concede) == (3, 1, 1, 1, 1)
    assert [(b.key, b.metric, b.threshold, b.applies_to) for b in scheme.bonuses] == [("td_3_plus", "td_for", 3, "any")]


@pytest.mark.parametrize(
    ("old", "new", "at", "expected"),
    [
        ('default_scheme = "w3d1l0"', 'default_scheme = "w9"', "default_scheme", "default_scheme 'w9' is not one"),
        ('["points", "commissioner"]', '["points", "alphabet"]', "default_tie_breakers", "'alphabet'"),
        ('["points", "commissioner"]', '["points", "points"]', "default_tie_breakers", "listed more than once"),
        ("draw = 3\n", 'draw = "3"\n', "[standings.schemes.w5d3l1]", "'draw' must be a whole number"),
        ("draw = 3\n", "", "[standings.schemes.w5d3l1]", "missing 'draw'"),
        ("draw = 3\n", "draw = 3\nbonus = 1\n", "[standings.schemes.w5d3l1]", "unknown field 'bonus'"),
        (
            "draw = 3\n",
            'draw = 3\nbonuses = [{ key = "x", metric = "kills", comparator = ">=", threshold = 1, points = 1 }]\n',
            "[standings.schemes.w5d3l1]",
            "unknown metric 'kills'",
        ),
    ],
)
def test_broken_standings_name_the_line(data_copy: Path, old: str, new: str, at: str, expected: str) -> None:
    text, problems = _problems(data_copy, old, new)
    hit = next(p for p in problems if expected in p)
    assert hit.startswith(f"ruleset.toml line {_line(text, at)}:"), hit


def test_missing_standings_table_is_refused(data_copy: Path) -> None:
    path = data_copy / "ruleset.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("[standings]")], encoding="utf-8")
    with pytest.raises(RulesetDataError) as info:
        load_ruleset_from(data_copy)
    assert any("missing [standings] table" in p for p in info.value.problems)


def test_scheme_defaults() -> None:
    scheme, problems = scheme_from_mapping("s", {"win": 2, "draw": 1, "loss": 0, "bye": 1})
    assert problems == [] and scheme is not None
    assert (scheme.forfeit_win, scheme.forfeit_loss, scheme.bye, scheme.concede) == (2, 0, 1, 0)
    assert scheme.concession_counts_as_loss is True
