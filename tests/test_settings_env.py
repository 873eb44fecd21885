"""Settings come from the environment; each case runs in a fresh interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'], "
    "'eager': settings.CELERY_TASK_ALWAYS_EAGER, 'broker': settings.CELERY_BROKER_URL, "
    "'debug': settings.DEBUG, 'hosts': settings.ALLOWED_HOSTS}))"
)


def run(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS"}
    }
    clean.update({"DJANGO_SETTINGS_MODULE": "league.settings", "SQLITE_PATH": "/tmp/bb-settings-probe.sqlite3"})
    clean.update(env)
    return subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True)


def settings_with(env: dict[str, str]) -> dict:
    proc = run(env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_defaults_are_sqlite_and_in_process_tasks():
    s = settings_with({"DEBUG": "1"})
    assert s["engine"].endswith("sqlite3") and s["eager"] is True and s["debug"] is True


def test_empty_values_mean_unset():
    s = settings_with({"DEBUG": "1", "DATABASE_URL": "", "CELERY_BROKER_URL": ""})
    assert s["engine"].endswith("sqlite3") and s["eager"] is True


def test_database_url_and_broker_switch_to_postgres_and_a_real_broker():
    s = settings_with(
        {
            "DEBUG": "1",
            "DATABASE_URL": "postgres://u@127.0.0.1:5432/x",
            "CELERY_BROKER_URL": "redis://127.0.0.1:6379/3",
            "ALLOWED_HOSTS": "a.example, b.example",
        }
    )
    assert s["engine"].endswith("postgresql") and s["eager"] is False
    assert s["broker"] == "redis://127.0.0.1:6379/3" and s["hosts"] == ["a.example", "b.example"]


def test_secret_key_is_required_when_debug_is_off():
    proc = run({"DEBUG": "0"})
    assert proc.returncode != 0 and "SECRET_KEY is required when DEBUG is off" in proc.stderr
    assert settings_with({"DEBUG": "0", "SECRET_KEY": "s3cret"})["debug"] is False


@pytest.mark.parametrize("value", ["maybe", "2"])
def test_bad_booleans_are_refused_loudly(value):
    proc = run({"DEBUG": value})
    assert proc.returncode != 0 and "DEBUG must be a boolean" in proc.stderr
