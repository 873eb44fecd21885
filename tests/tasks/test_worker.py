"""A task through a real Celery worker (Redis in CI) against the real database."""

from __future__ import annotations

import pytest

from teams.models import Team
from teams.tasks import refresh_team_value

pytestmark = pytest.mark.worker


def test_refresh_team_value_runs_in_the_worker(celery_worker, demo_league):
    team = demo_league.teams.get(race="orc")
    expected = team.team_value
    Team.objects.filter(pk=team.pk).update(team_value=0)  # stale kept value
    result = refresh_team_value.apply_async(args=[team.pk])
    assert result.id
    # With acks-late and ignored results the database is the witness: wait for the worker.
    import time

    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        team.refresh_from_db()
        if team.team_value:
            break
        time.sleep(0.05)
    assert team.team_value == expected


def test_eager_mode_is_the_default_outside_worker_tests(db, demo_league):
    from league.celery import app

    assert app.conf.task_always_eager is True
    team = demo_league.teams.get(race="dwarf")
    assert refresh_team_value.delay(team.pk).get() == team.team_value
