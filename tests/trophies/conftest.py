"""The play-off fixtures (a season with its results, a match played through the real runner)."""

from __future__ import annotations

from tests.matches.conftest import coach_bob, humans, orcs  # noqa: F401
from tests.playoffs.conftest import make_season  # noqa: F401
