"""The interchange's fixtures: an empty league to import into, and the hand-decoded OBBLM league.

`decoded` stands in for the dump reader and the decoder (league.interchange.sqldump and
league.interchange.obblm.decode, tested on their own in tests/interchange/test_obblm_decode.py):
whatever bytes are handed in decode to the snapshot of tests/interchange/obblm_builders.py, and a
file starting with "BAD" is refused as the decoder refuses a dump that is not OBBLM's (a ValueError).
The real readers on the sample dumps: tests/interchange/test_obblm_samples_load.py.
"""

from __future__ import annotations

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
        return types.SimpleNamespace(bad=data.startswith(b"BAD"))

    def decode(dump, *, version, ruleset, ruleset_data):
        if dump.bad:
            raise ValueError("no players table: not an OBBLM/NAFLM dump")
        holder["calls"].append((version, ruleset))
        return holder["snapshot"]()

    monkeypatch.setattr("league.interchange.runs.read_dump", read_dump)
    monkeypatch.setattr("league.interchange.runs.decode_dump", decode)
    return holder
