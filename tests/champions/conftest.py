"""A ruleset with champions (star players hired for good), made for the test, and its leagues.

`champtest` is LRB6 copied with the optional group [parameters.champions] and one MVP award per
player and match (seed 002 §2.1, §2.5, §2.11, H9). The loader reads it by its key like a shipped
ruleset (tests/builders.py, `lrb6_copy`); nothing else is patched.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from league.rules import Ruleset
from tests.builders import lrb6_copy

KEY = "champtest"
CHAMPIONS = """
[parameters.champions]
unique_in_league = {unique}
"""


def _ruleset(tmp_path, monkeypatch, *, unique: bool, mvps: int = 1) -> Iterator[Ruleset]:
    yield from lrb6_copy(
        tmp_path,
        monkeypatch,
        KEY,
        replace=(
            ("mvp_once_per_player = false", "mvp_once_per_player = true"),
            ("mvps_per_team = 1", f"mvps_per_team = {mvps}"),
        ),
        toml_extra=CHAMPIONS.format(unique="true" if unique else "false"),
    )


@pytest.fixture
def champions_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from _ruleset(tmp_path, monkeypatch, unique=False)


@pytest.fixture
def unique_champions_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from _ruleset(tmp_path, monkeypatch, unique=True)


@pytest.fixture
def two_mvps_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    """Two MVP draws per side, at most one per player."""
    yield from _ruleset(tmp_path, monkeypatch, unique=False, mvps=2)
