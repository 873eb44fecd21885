"""The interchange's fixtures: an empty league to import into, and the hand-decoded OBBLM league.

`decoded` stands in for the dump reader and decoder (their own tests are tests/interchange/
test_obblm_decode.py): the loader under test gets the snapshot of tests/interchange/obblm_builders.py
whatever bytes are handed in.
"""

from __future__ import annotations

import pytest

from tests.interchange import obblm_builders


@pytest.fixture
def target(commissioner):
    from league.core.services import league_create

    return league_create(name="Reikland Reborn", ruleset="lrb6", commissioner=commissioner)


@pytest.fixture
def decoded(monkeypatch):
    """The snapshot the readers would return; tests may swap it (decoded["snapshot"] = ...)."""
    holder = {"snapshot": obblm_builders.snapshot}

    def read(data, *, version, league):
        return holder["snapshot"]()

    monkeypatch.setattr("league.interchange.runs.read_snapshot", read)
    return holder
