"""The small league of tests/stats/small_league.py as a fixture."""

from __future__ import annotations

import pytest

from tests.stats.small_league import Small, build_small


@pytest.fixture
def small(db, django_user_model) -> Small:
    return build_small(django_user_model)
