"""The post-match task is queued by its name from Celery's registry (matches.services.postgame), so
every process must have it registered, not only a worker: a web process or a command that has only
set Django up. Checked in a new interpreter, where no test has imported matches.tasks."""

from __future__ import annotations

import os
import subprocess
import sys

from django.conf import settings

CHECK = """
import django
django.setup()
from celery import current_app
from matches.services.postgame_queue import RUN_POSTGAME
print(RUN_POSTGAME in current_app.tasks)
"""


def test_a_process_that_only_set_django_up_can_queue_the_post_match_task():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "league.config.settings", "SECRET_KEY": "x", "ENV_FILE": ""}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", CHECK], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"
