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
CELERY_TASK_ROUTES = {"matches.*": {"queue": os.environ["TEST_WORKER_QUEUE"]}}
CELERY_BROKER_TRANSPORT_OPTIONS = json.loads(os.environ.get("TEST_BROKER_TRANSPORT_OPTIONS") or "{}")
# No remote control: nothing of these short-lived workers (a pidbox queue) outlives them in Redis.
CELERY_WORKER_ENABLE_REMOTE_CONTROL = False
