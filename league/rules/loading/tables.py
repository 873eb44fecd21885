"""Loading and checking the dice tables: casualty (D68), SPP, improvements, values, kick-off, and the
2D6 rows of the pre-match tables (the weather...: prematch_tables.py)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from ..parameters import Parameters
from ..types import STATS, CasualtyResult, ImprovementResult, SppLevel, TableEntry
from .csvio import Problems, Row, read_rows, unique_key

TWO_D6 = tuple(range(2, 13))
# D6 tens x D8 units: 11-18, 21-28, ... 61-68, the 48 results that exist (spec §14 A20).
D68 = tuple(tens * 10 + units for tens in range(1, 7) for units in range(1, 9))
CASUALTY_EFFECTS = ("none", "miss_next_game", "niggling", "ma", "av", "ag", "st", "dead")
SPP_ACTIONS = ("completion", "touchdown", "interception", "casualty", "mvp")
# Optional wording of a table result's effect (TableEntry.effect, CasualtyResult has its own).
EFFECT_COLUMNS = ("effect_en", "effect_fr")
# spp_actions.csv: how the result sheet names and abbreviates each action (load_spp_action_names).
SPP_ACTION_TEXTS = ("name_en", "name_fr", "abbr_en", "abbr_fr")
VALUE_KEYS = ("new_skill", "new_skill_double", "ma_increase", "av_increase", "ag_increase", "st_increase")


def _check_coverage(
    file: str, problems: Problems, covered: Sequence[tuple[Row, Iterable[int]]], universe: tuple[int, ...], what: str
) -> None:
    """Every value of `universe` must be covered by exactly one row."""
    owner: dict[int, int] = {}
    for row, values in covered:
        for value in values:
            if value not in universe:
                row.error(f"{value} is not a possible {what} result")
            elif value in owner:
                row.error(f"{what} result {value} is already covered at line {owner[value]}")
            else:
                owner[value] = row.line
    rows = [row for row, _ in covered]
    for value in universe:
        if value not in owner:
            # Name the first row after the gap (or the last row): that is where the fix goes.
            after = [r for r, vals in covered if any(v > value for v in vals)]
            line = (after[0] if after else rows[-1]).line if rows else None
            problems.add(file, line, f"{what} result {value} is not covered by any row")


def _range(row: Row) -> tuple[int, int]:
    low, high = row.integer("roll_from") or 0, row.integer("roll_to") or 0
    if high < low:
        row.error(f"roll_to {high} is below roll_from {low}")
    return low, high


def two_d6_rows(folder: Path, name: str, key_column: str, problems: Problems) -> list[TableEntry]:
    rows = read_rows(
        folder, name, ("roll_from", "roll_to", key_column, "name_en", "name_fr"), problems, None, EFFECT_COLUMNS
    )
    entries, covered = [], []
    for row in rows:
        low, high = _range(row)
        covered.append((row, range(low, high + 1)))
        entries.append(
            TableEntry(
                low,
                high,
                row.text(key_column),
                row.text("name_en"),
                row.text("name_fr"),
                row.text("effect_en"),
                row.text("effect_fr"),
            )
        )
    if rows:
        _check_coverage(name, problems, covered, TWO_D6, "2D6")
    return entries


def load_kickoff(folder: Path, problems: Problems) -> tuple[TableEntry, ...]:
    return tuple(two_d6_rows(folder, "kickoff.csv", "kickoff_key", problems))


def load_improvements(folder: Path, problems: Problems) -> tuple[ImprovementResult, ...]:
    name = "improvement_rolls.csv"
    rows = read_rows(
        folder, name, ("roll_from", "roll_to", "result_key", "name_en", "name_fr", "stat_options"), problems, None
    )
    results, covered = [], []
    for row in rows:
        low, high = _range(row)
        stats = row.items("stat_options")
        for stat in stats:
            if stat not in STATS:
                row.error(f"unknown characteristic {stat!r} in column 'stat_options'")
        covered.append((row, range(low, high + 1)))
        results.append(
            ImprovementResult(low, high, row.text("result_key"), row.text("name_en"), row.text("name_fr"), stats)
        )
    if rows:
        _check_coverage(name, problems, covered, TWO_D6, "2D6")
    return tuple(results)


def load_casualties(folder: Path, problems: Problems) -> dict[int, CasualtyResult]:
    name = "casualty.csv"
    rows = read_rows(
        folder,
        name,
        ("d68_from", "d68_to", "casualty_key", "name_en", "name_fr", "effect", "misses_next_game", "niggling"),
        problems,
        None,
        EFFECT_COLUMNS,
    )
    table: dict[int, CasualtyResult] = {}
    covered = []
    for row in rows:
        low, high = row.integer("d68_from") or 0, row.integer("d68_to") or 0
        for end in (low, high):
            if end not in D68:
                row.error(f"{end} is not a D68 result (tens 1-6 on a D6, units 1-8 on a D8)")
        values = [v for v in D68 if low <= v <= high]
        covered.append((row, values))
        effect = row.text("effect")
        if effect not in CASUALTY_EFFECTS:
            row.error(f"column 'effect' must be one of {', '.join(CASUALTY_EFFECTS)}, got {effect!r}")
        misses, niggling = row.flag("misses_next_game"), row.flag("niggling")
        for d68 in values:
            table.setdefault(
                d68,
                CasualtyResult(
                    d68,
                    row.text("casualty_key"),
                    row.text("name_en"),
                    row.text("name_fr"),
                    effect,
                    misses,
                    niggling,
                    effect if effect in STATS else None,
                    effect == "dead",
                ),
            )
    if rows:
        _check_coverage(name, problems, covered, D68, "D68")
    return dict(sorted(table.items()))


def load_spp_awards(folder: Path, problems: Problems) -> dict[str, int]:
    name = "spp_actions.csv"
    rows = read_rows(folder, name, ("action_key", "spp"), problems, None, SPP_ACTION_TEXTS)
    awards: dict[str, int] = {}
    seen: dict[object, int] = {}
    for row in rows:
        key = row.text("action_key")
        if unique_key(row, key, seen, "SPP action"):
            awards[key] = row.integer("spp") or 0
    for key in SPP_ACTIONS:
        if rows and key not in awards:
            problems.add(name, None, f"missing SPP action {key!r}")
    return awards


SPP_LEVEL_COLUMNS = ("level_key", "name_en", "name_fr", "spp_min", "spp_max", "improvement_rolls")


def load_spp_levels(folder: Path, problems: Problems) -> tuple[SppLevel, ...]:
    return spp_levels_of(read_rows(folder, "spp_levels.csv", SPP_LEVEL_COLUMNS, problems, None))


def spp_levels_of(rows: Sequence[Row]) -> tuple[SppLevel, ...]:
    """One level table: levels from 0 SPP without gap, the last open-ended, rolls never fewer."""
    levels: list[SppLevel] = []
    expected_min, last_rolls = 0, -1
    for index, row in enumerate(rows):
        low, high = row.integer("spp_min") or 0, row.opt_integer("spp_max")
        rolls = row.integer("improvement_rolls") or 0
        if low != expected_min:
            row.error(f"spp_min must be {expected_min} (levels must follow each other without gap), got {low}")
        if high is None and index != len(rows) - 1:
            row.error("only the last level may have an empty spp_max")
        if high is not None and high < low:
            row.error(f"spp_max {high} is below spp_min {low}")
        if index == len(rows) - 1 and high is not None:
            row.error("the last level must be open-ended (empty spp_max)")
        if rolls < last_rolls:
            row.error("improvement_rolls must never decrease from one level to the next")
        expected_min, last_rolls = (high if high is not None else low) + 1, rolls
        levels.append(SppLevel(row.text("level_key"), row.text("name_en"), row.text("name_fr"), low, high, rolls))
    return tuple(levels)


def load_value_increases(folder: Path, problems: Problems, params: Parameters) -> dict[str, int]:
    name = "value_modifiers.csv"
    rows = read_rows(
        folder, name, ("improvement_key", "value_increase"), problems, params.gp_granularity, ("name_en", "name_fr")
    )
    values: dict[str, int] = {}
    seen: dict[object, int] = {}
    for row in rows:
        key = row.text("improvement_key")
        if unique_key(row, key, seen, "improvement"):
            values[key] = row.integer("value_increase", gp=True) or 0
    for key in VALUE_KEYS:
        if rows and key not in values:
            problems.add(name, None, f"missing value increase {key!r}")
    return values


def load_ledger_kinds(folder: Path, problems: Problems) -> dict[str, tuple[str, str]]:
    """ledger_kinds.csv: every kind of gold movement a team of this ruleset may have, key ->
    (English, French). The database stores the key as text and checks it against this list."""
    name = "ledger_kinds.csv"
    rows = read_rows(folder, name, ("kind_key", "name_en", "name_fr"), problems, None)
    kinds: dict[str, tuple[str, str]] = {}
    seen: dict[object, int] = {}
    for row in rows:
        key = row.text("kind_key")
        if unique_key(row, key, seen, "ledger kind"):
            kinds[key] = (row.text("name_en"), row.text("name_fr"))
    return kinds


def load_spp_action_names(folder: Path) -> dict[str, tuple[str, str, str, str]]:
    """Each SPP action's (English, French, English abbreviation, French abbreviation), for the match
    sheet's fields of a ruleset's own actions (load_spp_awards reports the file's problems)."""
    rows = read_rows(folder, "spp_actions.csv", ("action_key",), Problems(), None, ("spp", *SPP_ACTION_TEXTS))
    return {
        row.text("action_key"): (row.text("name_en"), row.text("name_fr"), row.text("abbr_en"), row.text("abbr_fr"))
        for row in rows
    }
