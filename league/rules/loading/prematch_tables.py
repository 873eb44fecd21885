"""Reading `[pre_match_tables.<step>]` of a ruleset.toml: the table-roll pre-match steps.

Each declares the file of its 2D6 table (its key column is `<step>_key`), its label in English and
French and whether the match page shows a result's effect (league/rules/prematch/tables.py). Its
file becomes one the strict loader accepts (strict.folder_problems): declaring the step is what
makes the file part of the ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from ..types import PreMatchTable
from .csvio import Problems
from .strict import RULESET_FILE, key_line
from .tables import two_d6_rows

TABLE = "pre_match_tables"
KEYS = frozenset({"table", "name_en", "name_fr", "show_effect"})
STEP_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
FILE_NAME = re.compile(r"^[a-z][a-z0-9_]*\.csv$")


def declared_files(document: Mapping[str, object]) -> frozenset[str]:
    """The table files the ruleset.toml declares (checked by load_pre_match_tables)."""
    raw = document.get(TABLE)
    if not isinstance(raw, dict):
        return frozenset()
    return frozenset(
        str(step["table"]) for step in raw.values() if isinstance(step, dict) and isinstance(step.get("table"), str)
    )


def load_pre_match_tables(
    folder: Path, document: Mapping[str, object], text: str, problems: Problems, registered: Mapping[str, object]
) -> dict[str, PreMatchTable]:
    """The declared table-roll steps, by name, their tables read and checked (every 2D6 total once).
    A name that a registered pre-match step already has is refused: the list could not tell them apart."""
    raw = document.get(TABLE, {})
    if not isinstance(raw, dict):
        problems.add(RULESET_FILE, key_line(text, TABLE, TABLE), f"[{TABLE}] must hold one table per step")
        return {}
    found: dict[str, PreMatchTable] = {}
    for step, config in raw.items():
        header = f"{TABLE}.{step}"
        where = key_line(text, header, "table")
        if not isinstance(config, dict):
            problems.add(RULESET_FILE, where, f"[{header}] must be a table")
            continue
        for key in config:
            if key not in KEYS:
                problems.add(
                    RULESET_FILE,
                    key_line(text, header, key),
                    f"unknown key {key!r} in [{header}] (known: {', '.join(sorted(KEYS))})",
                )
        if not STEP_NAME.match(step):
            problems.add(RULESET_FILE, where, f"[{header}]: a step name is lower-case letters, digits and _")
            continue
        if step in registered:
            problems.add(RULESET_FILE, where, f"[{header}]: {step!r} is already a pre-match step of the engine")
            continue
        file, names = config.get("table"), [config.get("name_en"), config.get("name_fr")]
        if not isinstance(file, str) or not FILE_NAME.match(file):
            problems.add(RULESET_FILE, where, f"[{header}] table must name a CSV file of the folder, e.g. {step}.csv")
            continue
        if not all(isinstance(name, str) and name for name in names):
            problems.add(RULESET_FILE, where, f"[{header}] needs a text name_en and name_fr")
            continue
        show_effect = config.get("show_effect", True)
        if not isinstance(show_effect, bool):
            problems.add(
                RULESET_FILE, key_line(text, header, "show_effect"), f"[{header}] show_effect is true or false"
            )
            continue
        entries = tuple(two_d6_rows(folder, file, f"{step}_key", problems))
        found[step] = PreMatchTable(step, file, str(names[0]), str(names[1]), entries, show_effect)
    return found
