"""CSV reading with typed cells and problems reported as "<file> line <n>: <what>".

Problems are collected rather than raised one at a time, so that a data author sees every broken
row of a file at once; the loader raises them together as one RulesetDataError.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import RulesetDataError
from .inherit import file_in

if TYPE_CHECKING:
    from ..types import TeamList


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, file: str, line: int | None, message: str) -> None:
        self.items.append(f"{file} line {line}: {message}" if line else f"{file}: {message}")

    def raise_if_any(self) -> None:
        if self.items:
            raise RulesetDataError(self.items)


@dataclass(slots=True)
class Row:
    file: str
    line: int  # physical line of the row in the file (the header is line 1)
    values: dict[str, str]
    problems: Problems
    granularity: int | None

    def error(self, message: str) -> None:
        self.problems.add(self.file, self.line, message)

    def text(self, column: str) -> str:
        return (self.values.get(column) or "").strip()

    def integer(self, column: str, *, gp: bool = False) -> int | None:
        """An integer cell; None (after reporting) when empty or not an integer."""
        raw = self.text(column)
        try:
            value = int(raw)
        except ValueError:
            self.error(f"column {column!r} must be an integer, got {raw!r}")
            return None
        if gp:
            self.check_gp(f"column {column!r}", value)
        return value

    def opt_integer(self, column: str, *, gp: bool = False) -> int | None:
        """An integer cell where empty means "none/variable"."""
        return self.integer(column, gp=gp) if self.text(column) else None

    def check_gp(self, what: str, value: int) -> None:
        if value < 0:
            self.error(f"{what} must not be negative, got {value}")
        elif self.granularity and value % self.granularity:
            self.error(f"{what} = {value} is not a multiple of {self.granularity} gp")

    def flag(self, column: str) -> bool:
        raw = self.text(column).lower()
        if raw not in ("yes", "no"):
            self.error(f"column {column!r} must be yes or no, got {raw!r}")
        return raw == "yes"

    def items(self, column: str) -> tuple[str, ...]:
        return tuple(part.strip() for part in self.text(column).split(";") if part.strip())

    def letters(self, column: str, allowed: str) -> frozenset[str]:
        raw = self.text(column)
        for letter in raw:
            if letter not in allowed:
                self.error(f"column {column!r}: bad category letter {letter!r} (allowed: {' '.join(allowed)})")
        return frozenset(letter for letter in raw if letter in allowed)


# A column every file may carry: the page or source each row was taken from, for the reviewer only.
SOURCE_COLUMN = "source"


def read_rows(
    folder: Path,
    name: str,
    columns: Iterable[str],
    problems: Problems,
    granularity: int | None,
    optional: Iterable[str] = (),
) -> list[Row]:
    """Rows of folder/name; reports a missing file or missing columns and then returns [].

    Every column of the header must be one of `columns` (required), `optional` or "source": an
    unknown one is refused (line 1), since a house rule typed as a new column would otherwise
    silently do nothing."""
    path = file_in(folder, name)  # its own file, else its base's (inherit.py)
    if not path.is_file():
        problems.add(name, None, "file not found")
        return []
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        header = reader.fieldnames or []
        columns = tuple(columns)
        known = dict.fromkeys((*columns, *optional, SOURCE_COLUMN))
        missing = [c for c in columns if c not in header]
        if missing:
            problems.add(name, 1, "missing column(s) " + ", ".join(repr(c) for c in missing))
        unknown = [c for c in header if c not in known]
        if unknown:  # after the missing ones: a misspelt column is both, and its fix is the missing name
            listed = ", ".join(repr(c) for c in unknown)
            problems.add(name, 1, f"unknown column(s) {listed} (known: {', '.join(known)})")
        if missing:
            return []
        rows = []
        for values in reader:
            if not any((v or "").strip() for v in values.values() if isinstance(v, str)):
                continue  # blank line
            if None in values:
                problems.add(name, reader.line_num, "more cells than header columns")
            rows.append(Row(name, reader.line_num, values, problems, granularity))
        return rows


def unique_key(row: Row, key: object, seen: dict[object, int], what: str) -> bool:
    """Record `key`; report and return False when an earlier row already used it."""
    if key in seen:
        row.error(f"duplicate {what} {key!r} (first defined at line {seen[key]})")
        return False
    seen[key] = row.line
    return True


def position_rows(row: Row, teams: Mapping[str, TeamList], seen: dict[object, int]) -> list[tuple[str, str]]:
    """The (team, position) pairs a row's team_key and position_key name, each once in a file: an
    empty team_key names the position in every team list that has it. Errors go on the row."""
    team_key, position_key = row.text("team_key"), row.text("position_key")
    if team_key and team_key not in teams:
        row.error(f"unknown team {team_key!r}")
        return []
    named = [teams[team_key]] if team_key else list(teams.values())
    pairs = [(t.key, position_key) for t in named if any(p.key == position_key for p in t.positions)]
    if not pairs:
        row.error(f"no team has a position {position_key!r}" if not team_key else f"unknown position {position_key!r}")
    return [pair for pair in pairs if unique_key(row, pair, seen, "position")]
