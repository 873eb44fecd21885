"""Level tables of position groups: big guys who need twice the SPP, say (both files optional).

`spp_levels_by_group.csv` holds one level table per group (the columns of spp_levels.csv and a
`level_group`), `level_groups.csv` gives positions their group (`team_key`, `position_key`,
`level_group`; an empty team_key names that position in every team that has it). A position
without a group uses spp_levels.csv (docs/decisions/rules.md, "Level tables per position group").
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..types import SppLevel, TeamList
from .csvio import Problems, Row, position_rows, read_rows
from .inherit import file_in
from .tables import SPP_LEVEL_COLUMNS, spp_levels_of

TABLES_FILE = "spp_levels_by_group.csv"
GROUPS_FILE = "level_groups.csv"


def load_level_tables(
    folder: Path, problems: Problems, teams: Mapping[str, TeamList]
) -> tuple[dict[str, tuple[SppLevel, ...]], dict[tuple[str, str], str]]:
    """(group -> its levels, (team key, position key) -> group), each checked like spp_levels.csv."""
    tables: dict[str, tuple[SppLevel, ...]] = {}
    if file_in(folder, TABLES_FILE).is_file():
        by_group: dict[str, list[Row]] = {}
        for row in read_rows(folder, TABLES_FILE, ("level_group", *SPP_LEVEL_COLUMNS), problems, None):
            group = row.text("level_group")
            if group:
                by_group.setdefault(group, []).append(row)
            else:
                row.error("level_group must not be empty")
        tables = {group: spp_levels_of(rows) for group, rows in by_group.items()}
    groups: dict[tuple[str, str], str] = {}
    if file_in(folder, GROUPS_FILE).is_file():
        seen: dict[object, int] = {}
        for row in read_rows(folder, GROUPS_FILE, ("team_key", "position_key", "level_group"), problems, None):
            group = row.text("level_group")
            if group not in tables:
                row.error(f"level group {group!r} has no levels in {TABLES_FILE}")
                continue
            for pair in position_rows(row, teams, seen):
                groups[pair] = group
    for group in sorted(set(tables) - set(groups.values())):
        problems.add(TABLES_FILE, None, f"level group {group!r} is given to no position (in {GROUPS_FILE})")
    return tables, groups
