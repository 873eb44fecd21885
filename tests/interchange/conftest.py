"""The interchange's fixtures: an empty league to import into, and the hand-decoded OBBLM league.

`decoded` stands in for the dump reader and the decoder (league.interchange.sqldump and
league.interchange.obblm.decode, tested on their own in tests/interchange/test_obblm_decode.py):
whatever bytes are handed in decode to the snapshot of tests/interchange/obblm_builders.py, and a
file starting with "BAD" is refused as the reader refuses unsafe input (a worded ValueError).
"""

from __future__ import annotations

import sys
import types

import pytest

from tests.interchange import obblm_builders


@pytest.fixture
def target(commissioner):
    from league.core.services import league_create

    return league_create(name="Reikland Reborn", ruleset="lrb6", commissioner=commissioner)


@pytest.fixture
def decoded(monkeypatch):
    """The snapshot the readers return; a test may swap it (decoded["snapshot"] = a function)."""
    holder = {"snapshot": obblm_builders.snapshot, "calls": []}

    def read_dump(data: bytes):
        if data.startswith(b"BAD"):
            raise ValueError("Line 1: this is not a MySQL dump.")
        return types.SimpleNamespace(tables={"coaches": []})

    def decode(tables, *, version, ruleset, ruleset_data):
        holder["calls"].append((version, ruleset))
        return holder["snapshot"]()

    monkeypatch.setitem(sys.modules, "league.interchange.sqldump", types.SimpleNamespace(read_dump=read_dump))
    monkeypatch.setitem(sys.modules, "league.interchange.obblm.decode", types.SimpleNamespace(decode=decode))
    return holder
