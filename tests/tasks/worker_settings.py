"""Settings of the `celery worker` subprocesses the tests start (tests/tasks/conftest.py).

The test settings, pointed by the environment at the test process's database (DATABASE_URL or
SQLITE_PATH), broker (CELERY_BROKER_URL, plus TEST_BROKER_TRANSPORT_OPTIONS for the file broker used
when the tests fall back to the in-memory one) and a queue of their own, so that neither the
in-process test worker nor anyone else's worker on the same Redis takes their tasks.
"""

import json
import os

from tests.settings import *  # noqa: F403

CELERY_TASK_ALWAYS_EAGER = False  # the sweep's run_postgame goes through the broker, to this worker
# The outbox's batches too (notifications, webhooks, ratings): the post-match run sends them once it
# commits (league/core/outbox.py), and the ratings' own tasks (league/ratings/tasks.py).
CELERY_TASK_ROUTES = {
    name: {"queue": os.environ["TEST_WORKER_QUEUE"]} for name in ("matches.*", "ratings.*", "league.*")
}
CELERY_BROKER_TRANSPORT_OPTIONS = json.loads(os.environ.get("TEST_BROKER_TRANSPORT_OPTIONS") or "{}")
# No remote control: nothing of these short-lived workers (a pidbox queue) outlives them in Redis.
CELERY_WORKER_ENABLE_REMOTE_CONTROL = False

# A fault injected mid-sequence (tests/tasks/test_faults_worker.py). On PostgreSQL the test can
# terminate this worker's connection itself, found by its name. SQLite has no connection another
# process can cut: TEST_WORKER_DB_FAULTS=n makes the first n tasks of this worker lose theirs once
# (their retry, the same task, goes through) where the test would cut it (players written, gold
# not yet), with the message PostgreSQL gives.
if DATABASES["default"]["ENGINE"].endswith("postgresql"):  # noqa: F405
    DATABASES["default"].setdefault("OPTIONS", {})["application_name"] = os.environ.get(  # noqa: F405
        "TEST_WORKER_NAME", "bloodbowl-test-worker"
    )
if os.environ.get("TEST_WORKER_DB_FAULTS"):
    from celery.signals import task_prerun

    _faults: dict = {"left": int(os.environ["TEST_WORKER_DB_FAULTS"]), "task": None, "cut": set()}

    def _terminate_midway(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        from django.db import OperationalError

        task = _faults["task"]
        if _faults["left"] and task not in _faults["cut"] and sql.startswith('INSERT INTO "teams_treasuryentry"'):
            _faults["left"] -= 1
            _faults["cut"].add(task)
            raise OperationalError("terminating connection due to administrator command")
        return execute(sql, params, many, context)

    @task_prerun.connect(weak=False)
    def _inject(task_id=None, **extra):  # type: ignore[no-untyped-def]
        from django.db import connection

        _faults["task"] = task_id
        if _terminate_midway not in connection.execute_wrappers:
            connection.execute_wrappers.append(_terminate_midway)


# The server's dice of tests/matches/history_helpers.py (always 4), so that a history the workers
# run ends as the same history run in the test's process.
if os.environ.get("TEST_WORKER_STEADY_DICE"):
    from celery.signals import task_prerun

    @task_prerun.connect(weak=False)
    def _steady(**extra):  # type: ignore[no-untyped-def]
        import matches.services.postgame
        from tests.matches.history_helpers import SteadyDice

        matches.services.postgame.server_dice = SteadyDice
