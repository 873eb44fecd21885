"""Which OBBLM/NAFLM version a dump comes from, read from its columns (spec §5.1, §5.4).

NAFLM (BB2020+ data) adds players.ach_pa/inj_pa, players_skills.cost and match_data.hat, and has a
single match_data.agn where OBBLM has agn1/agn2; a pre-0.8 OBBLM dump still holds skills as names in
players.ach_nor_skills and has no players_skills table. The user may name the version instead: the
snapshot then says it was named, not detected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .tables import NAFLM, OBBLM_LRB6, OBBLM_OLD_NAMES, VERSIONS


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


def detect_version(columns: Mapping[str, Sequence[str]]) -> str:
    players = set(columns.get("players", ()))
    if not players:
        raise NotAnObblmDump("no players table: not an OBBLM/NAFLM dump")
    skills = set(columns.get("players_skills", ()))
    match_data = set(columns.get("match_data", ()))
    if {"ach_pa", "inj_pa"} & players or "cost" in skills or {"agn", "hat"} & match_data:
        return NAFLM
    if "ach_nor_skills" in players and "players_skills" not in columns:
        return OBBLM_OLD_NAMES
    return OBBLM_LRB6


def choose_version(columns: Mapping[str, Sequence[str]], named: str | None) -> tuple[str, bool]:
    """(version, detected): the user's version when named, else the detected one."""
    if named:
        if named not in VERSIONS:
            raise UnknownVersion(f"unknown version {named!r} (known: {', '.join(VERSIONS)})")
        return named, False
    return detect_version(columns), True
