"""Fixtures for the pure rules-engine tests (no database, no Django)."""

from __future__ import annotations

import csv
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from league.rules import Ruleset, load_ruleset
from league.rules.loading.loader import DATA_DIR


@pytest.fixture(scope="session")
def rs() -> Ruleset:
    return load_ruleset("lrb6")


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A private copy of the shipped lrb6 folder that a test may break or edit."""
    target = tmp_path / "lrb6"
    shutil.copytree(DATA_DIR / "lrb6", target)
    return target


EditCsv = Callable[..., int]


@pytest.fixture
def edit_csv(data_copy: Path) -> EditCsv:
    """edit_csv(file, match={col: value}, set={col: value}) -> line number of the edited row.

    With append={...} a new row is added instead (returns its line number).
    """

    def edit(
        file: str,
        *,
        match: dict[str, str] | None = None,
        set: dict[str, str] | None = None,
        append: dict[str, str] | None = None,
    ) -> int:
        path = data_copy / file
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            header = list(reader.fieldnames or [])
            rows = list(reader)
        if append is not None:
            rows.append({col: append.get(col, "") for col in header})
            line = len(rows) + 1
        else:
            assert match is not None and set is not None
            hits = [i for i, row in enumerate(rows) if all(row[k] == v for k, v in match.items())]
            assert len(hits) == 1, f"{match} matches {len(hits)} rows of {file}"
            rows[hits[0]].update(set)
            line = hits[0] + 2  # header is line 1, and these files have no multi-line cells
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=header, lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        return line

    return edit
