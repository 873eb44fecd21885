"""The web process knows the post-match task by name: confirming a result queues it at once
(matches/services/postgame.py, queue_postgame) rather than leaving it to the periodic sweep."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_fresh_django_process_has_the_post_match_task_registered() -> None:
    # A new interpreter: in this one, another test may already have imported matches.tasks.
    code = (
        "import django; django.setup()\n"
        "from celery import current_app\n"
        "from matches.services.postgame import RUN_POSTGAME\n"
        "print(RUN_POSTGAME in current_app.tasks)\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "True"
