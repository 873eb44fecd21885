"""The dump reader's mojibake repairs, carried into the snapshot with the id of the row they touched.

The reader (league.interchange.sqldump) reports each repaired value by its row's index in the table
(spec §5.7 and the addendum: OBBLM wrote UTF-8 over a latin1 connection); the dry run shows it by
the row's OBBLM id, like every other line of the snapshot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from ..snapshot import Repair, Source

ID_COLUMNS = {
    "coaches": "coach_id",
    "teams": "team_id",
    "players": "player_id",
    "matches": "match_id",
    "tours": "tour_id",
    "leagues": "lid",
    "divisions": "did",
    "races": "race_id",
    "texts": "txt_id",
}


class ReaderRepair(Protocol):
    @property
    def table(self) -> str: ...
    @property
    def row(self) -> object: ...  # the row's index in its table, or the row itself
    @property
    def column(self) -> str: ...
    @property
    def before(self) -> str: ...
    @property
    def after(self) -> str: ...


def _row_id(tables: Mapping[str, Sequence[Mapping[str, object]]], table: str, row: object) -> int:
    if isinstance(row, int):
        rows = tables.get(table, ())
        row = rows[row] if 0 <= row < len(rows) else {}
    value = row.get(ID_COLUMNS.get(table, "id")) if isinstance(row, Mapping) else None
    return int(str(value)) if isinstance(value, int | str) and str(value).lstrip("-").isdigit() else 0


def carried_repairs(
    tables: Mapping[str, Sequence[Mapping[str, object]]], repairs: Iterable[ReaderRepair]
) -> list[Repair]:
    return [
        Repair(Source(r.table, _row_id(tables, r.table, r.row)), r.column, str(r.before), str(r.after)) for r in repairs
    ]
