"""Dumps written by mariadb-dump itself (dumps/make-dumps.sql says how) read as the server holds them."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.interchange.sqldump import read_dump

DUMPS = Path(__file__).resolve().parent / "dumps"

COACHES = [
    (1, "admin", "Site admin", "9dd4e461268c8034f5c8564e155c67a6", None),
    (2, "bob", 'Bob "the" O\'Brien \\ back', None, "k"),
    (3, "tab", "a\tb\nc\rd\0e\x1af", None, "%_"),
    (4, "genuine", "Ã la carte", None, None),
    (5, "utf", "Jörg Œuvre €", None, None),
    (6, "jorg", "Jörg Müller", None, None),  # stored double-encoded: repaired, or dumped as UTF-8 bytes
    (7, "lodz", "Łódź Ćwiczenia", None, None),
]


@pytest.mark.parametrize(
    ("name", "encoding", "repaired", "emoji"),
    [
        ("mariadb-extended.sql", "latin-1", [5, 6], "émoji 🏈"),  # a raw BLOB: the file is not all UTF-8
        ("mariadb-one-row-per-insert-hex-blob.sql", "utf-8", [5, 6], "émoji 🏈"),
        ("mariadb-latin1-connection.sql", "latin-1", [], "émoji ?"),  # what latin1 cannot hold, lost by the server
    ],
)
def test_a_mariadb_dump(name, encoding, repaired, emoji):
    dump = read_dump((DUMPS / name).read_bytes())
    assert (dump.server, dump.encoding) == ("mariadb", encoding)
    assert dump.columns == {
        "coaches": ["coach_id", "name", "realname", "passwd", "key", "retired", "joined"],
        "empty_one": ["id"],
        "matches": ["match_id", "date_played", "d"],
        "teams": ["team_id", "name", "treasury", "tv", "ratio", "logo", "notes"],
    }
    coaches = [(c["coach_id"], c["name"], c["realname"], c["passwd"], c["key"]) for c in dump.tables["coaches"]]
    assert coaches == COACHES
    assert {c["joined"] for c in dump.tables["coaches"]} == {"2000-01-01 00:00:00"}
    assert [r.row for r in dump.repairs] == repaired
    assert dump.tables["matches"] == [
        {"match_id": -1, "date_played": "0000-00-00 00:00:00", "d": "0000-00-00"},
        {"match_id": 2, "date_played": "2010-05-01 20:00:00", "d": "2010-05-01"},
    ]
    assert dump.tables["teams"] == [
        {"team_id": 1, "name": "Orcs", "treasury": -50000, "tv": 1234567, "ratio": 1.5, "logo": None, "notes": emoji},
        {"team_id": 2, "name": "Elves", "treasury": 0, "tv": 0.5, "ratio": -0.002, "logo": "text blob", "notes": None},
    ]
    assert dump.tables["empty_one"] == []  # the procedure's INSERT INTO empty_one is not a row
    assert sum("binary value" in w for w in dump.warnings) == 1  # the JPEG-like logo


def test_only_some_tables_of_a_real_dump():
    dump = read_dump((DUMPS / "mariadb-extended.sql").read_bytes(), tables={"matches"})
    assert list(dump.tables) == ["matches"] and len(dump.tables["matches"]) == 2
