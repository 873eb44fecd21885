"""A task through a real Celery worker (Redis in CI) against the real database."""

from __future__ import annotations

import pytest

from teams.models import Team
from teams.tasks import refresh_team_value
from tests.tasks.conftest import wait_for

pytestmark = pytest.mark.worker


def test_refresh_team_value_runs_in_the_worker(celery_worker, task_runs, demo_league):
    team = demo_league.teams.get(race="orc")
    expected = team.team_value
    Team.objects.filter(pk=team.pk).update(team_value=0)  # stale kept value
    result = refresh_team_value.apply_async(args=[team.pk])
    assert result.id
    # With acks-late and ignored results, the worker's end-of-task signal says when it is done (the
    # demo league's own post-match sequence may write team values meanwhile: not a witness).
    [run] = wait_for(lambda: [r for r in task_runs if r.name == "teams.refresh_team_value"], "the task to run")
    assert run.result == expected
    team.refresh_from_db()
    assert team.team_value == expected


def test_eager_mode_is_the_default_outside_worker_tests(db, demo_league):
    from league.config.celery import app

    assert app.conf.task_always_eager is True
    team = demo_league.teams.get(race="dwarf")
    # Not a task calling another: the session's in-process worker (tests/conftest.py), once started
    # in this pytest process, marks every join as one.
    assert refresh_team_value.delay(team.pk).get(disable_sync_subtasks=False) == team.team_value
