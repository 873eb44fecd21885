"""Post-match table rolls declared in data: a [table_rolls.<key>] table of ruleset.toml and the CSV
file it names (a house rule's ageing roll, say). The step is listed by its key in post_match_steps;
postmatch/table_rolls.py makes the rolls (docs/rulesets.md, "A post-match roll on a table").

    [table_rolls.ageing]
    name_en = "Ageing"
    name_fr = "Vieillissement"
    trigger = "improvement"        # after each improvement roll; "level": once per player who levelled
    table = "ageing.csv"           # roll_from, roll_to, outcome_key, name_en, name_fr, effect, stat
    dice = "2D6"
    avoid_dice = "2D6"             # optional: a first roll at least the level's target avoids the table
    avoid_targets = { experienced = 3, veteran = 4 }   # level key -> target; a level not named: no roll
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from pathlib import Path

from ..types import STATS, TABLE_ROLL_EFFECTS, TABLE_ROLL_TRIGGERS, TableRoll, TableRollOutcome
from .csvio import Problems, read_rows, unique_key
from .strict import RULESET_FILE, key_line
from .tables import _check_coverage, _range

TABLE_COLUMNS = ("roll_from", "roll_to", "outcome_key", "name_en", "name_fr", "effect")
KEY = re.compile(r"^[a-z][a-z0-9_]*$")
DICE = re.compile(r"^([1-9])D([1-9][0-9]?)$")
OUTCOME_KEY_MAX = 40  # an outcome's key is stored as the injury's cause (teams.Injury.casualty)


def declared(document: Mapping[str, object]) -> dict[str, object]:
    rolls = document.get("table_rolls", {})
    return dict(rolls) if isinstance(rolls, dict) else {}


def table_files(document: Mapping[str, object]) -> set[str]:
    """The CSV files the table rolls name: the strict folder check accepts them."""
    return {str(raw["table"]) for raw in declared(document).values() if isinstance(raw, dict) and "table" in raw}


def _dice(raw: object, where: str, problems: Problems, line: int | None) -> tuple[int, int] | None:
    found = DICE.match(raw) if isinstance(raw, str) else None
    if found is None:
        problems.add(RULESET_FILE, line, f'{where} must be dice such as "2D6", got {raw!r}')
        return None
    return int(found.group(1)), int(found.group(2))


def _outcomes(
    folder: Path, name: str, dice: tuple[int, int], casualty_keys: Collection[str], problems: Problems
) -> tuple[TableRollOutcome, ...]:
    rows = read_rows(folder, name, TABLE_COLUMNS, problems, None, ("stat",))
    outcomes, covered, seen = [], [], {}  # type: ignore[var-annotated]
    for row in rows:
        low, high = _range(row)
        covered.append((row, range(low, high + 1)))
        key, effect, stat = row.text("outcome_key"), row.text("effect"), row.text("stat") or None
        unique_key(row, key, seen, "outcome")
        if not KEY.match(key) or len(key) > OUTCOME_KEY_MAX:
            row.error(f"outcome_key {key!r} must be lower-case letters, digits and _ (at most {OUTCOME_KEY_MAX})")
        if key in casualty_keys:
            row.error(f"outcome_key {key!r} is a casualty of casualty.csv: give the outcome its own key")
        if effect not in TABLE_ROLL_EFFECTS:
            row.error(f"effect {effect!r} is not one of {', '.join(TABLE_ROLL_EFFECTS)}")
        if (effect == "stat_injury") != (stat is not None) or (stat is not None and stat not in STATS):
            row.error(f"a stat_injury names its stat ({', '.join(STATS)}), and only a stat_injury does")
        outcomes.append(TableRollOutcome(low, high, key, row.text("name_en"), row.text("name_fr"), effect, stat))
    count, sides = dice
    if rows:
        _check_coverage(name, problems, covered, tuple(range(count, count * sides + 1)), f"{count}D{sides}")
    return tuple(outcomes)


def load_table_rolls(
    folder: Path,
    document: Mapping[str, object],
    text: str,
    problems: Problems,
    *,
    level_keys: Collection[str],
    casualty_keys: Collection[str],
    reserved: Collection[str],
    known_files: Collection[str],
) -> dict[str, TableRoll]:
    """Every [table_rolls.<key>], checked: its keys, trigger, dice, table file and targets.
    `reserved`: the registered step names (a roll may not take one); `known_files`: the files the
    other loaders read (a table may not be one of them)."""
    rolls: dict[str, TableRoll] = {}
    for key, raw in declared(document).items():
        header = f"table_rolls.{key}"
        line = key_line(text, header, "table")
        if not isinstance(raw, dict):
            problems.add(RULESET_FILE, line, f"[{header}] must be a table")
            continue
        if not KEY.match(key) or key in reserved:
            problems.add(RULESET_FILE, line, f"[{header}]: {key!r} must be a new lower-case step name")
        names = [raw.get(n) for n in ("name_en", "name_fr", "trigger", "table")]
        if not all(isinstance(n, str) and n for n in names):
            problems.add(RULESET_FILE, line, f"[{header}] needs a text name_en, name_fr, trigger and table")
            continue
        name_en, name_fr, trigger, table = (str(n) for n in names)
        if trigger not in TABLE_ROLL_TRIGGERS:
            where = key_line(text, header, "trigger")
            problems.add(RULESET_FILE, where, f"trigger {trigger!r} is not one of {', '.join(TABLE_ROLL_TRIGGERS)}")
        if "/" in table or "\\" in table or not table.endswith(".csv") or table in known_files:
            problems.add(RULESET_FILE, line, f"table {table!r} must be a new .csv file of the ruleset's folder")
            continue
        dice = _dice(raw.get("dice"), f"[{header}] dice", problems, key_line(text, header, "dice"))
        avoid_line = key_line(text, header, "avoid_targets")
        avoid, targets = None, raw.get("avoid_targets", {})
        if "avoid_dice" in raw:
            avoid = _dice(raw["avoid_dice"], f"[{header}] avoid_dice", problems, key_line(text, header, "avoid_dice"))
        if ("avoid_dice" in raw) != ("avoid_targets" in raw) or not isinstance(targets, dict):
            problems.add(RULESET_FILE, avoid_line, f"[{header}] gives both avoid_dice and avoid_targets, or neither")
            targets = {}
        for level, target in targets.items():
            if level not in level_keys:
                problems.add(RULESET_FILE, avoid_line, f"avoid_targets: unknown level {level!r}")
            if type(target) is not int or target < 0:
                problems.add(
                    RULESET_FILE, avoid_line, f"avoid_targets: {level!r} must be a whole number, not {target!r}"
                )
        if dice is None:
            continue
        outcomes = _outcomes(folder, table, dice, casualty_keys, problems)
        rolls[key] = TableRoll(key, name_en, name_fr, trigger, dice, outcomes, avoid, targets)
    return rolls
