"""Which OBBLM/NAFLM version a dump comes from, read from its columns (spec §5.1, §5.4).

Each version's `[detect]` rule (versions/<version>/version.toml) is tried in its order: NAFLM by the
columns it added (players.ach_pa/inj_pa, players_skills.cost, match_data.agn/hat), a pre-0.8 OBBLM
dump by players.ach_nor_skills without a players_skills table, then OBBLM 0.8+. The user may name
the version instead: the snapshot then says it was named, not detected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .tables import Detection, load_tables, versions


class NotAnObblmDump(ValueError):
    """The dump has no OBBLM players table: nothing to decode."""


class UnknownVersion(ValueError):
    pass


def columns_of(tables: Mapping[str, Sequence[Mapping[str, object]]]) -> dict[str, list[str]]:
    """Column names seen in the rows (a fallback when the reader's CREATE TABLE columns are absent)."""
    found: dict[str, list[str]] = {}
    for table, rows in tables.items():
        names: dict[str, None] = {}
        for row in rows:
            names.update(dict.fromkeys(row))
        found[table] = list(names)
    return found


def _matches(rule: Detection, columns: Mapping[str, Sequence[str]]) -> bool:
    present = {f"{table}.{column}" for table, names in columns.items() for column in names}
    if rule.any_columns and not present.intersection(rule.any_columns):
        return False
    if not present.issuperset(rule.all_columns):
        return False
    return not any(table in columns for table in rule.absent_tables)


def detect_version(columns: Mapping[str, Sequence[str]]) -> str:
    if not columns.get("players"):
        raise NotAnObblmDump("no players table: not an OBBLM/NAFLM dump")
    for version in sorted(versions(), key=lambda v: load_tables(v).detection.order):
        if _matches(load_tables(version).detection, columns):
            return version
    raise NotAnObblmDump("no known OBBLM/NAFLM version has these columns")


def choose_version(columns: Mapping[str, Sequence[str]], named: str | None) -> tuple[str, bool]:
    """(version, detected): the user's version when named, else the detected one."""
    if named:
        if named not in versions():
            raise UnknownVersion(f"unknown version {named!r} (known: {', '.join(versions())})")
        return named, False
    return detect_version(columns), True
