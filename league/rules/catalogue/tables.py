"""2D6 table lookups: weather (seed 000 p.20) and kick-off (p.19)."""

from __future__ import annotations

from ..ruleset import Ruleset
from ..types import TableEntry


def _lookup(table: tuple[TableEntry, ...], total: int, what: str) -> TableEntry:
    if type(total) is not int or not 2 <= total <= 12:
        raise ValueError(f"a {what} roll is a 2D6 total (2-12), got {total!r}")
    return next(entry for entry in table if entry.roll_from <= total <= entry.roll_to)


def weather(ruleset: Ruleset, total: int) -> TableEntry:
    return _lookup(ruleset.weather_table, total, "weather")


def kickoff(ruleset: Ruleset, total: int) -> TableEntry:
    return _lookup(ruleset.kickoff_table, total, "kick-off")
