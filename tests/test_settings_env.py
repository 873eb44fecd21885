"""Settings come from the environment; each case runs in a fresh interpreter."""

from __future__ import annotations

import json
import os
import shutil
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
        if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "ENV_FILE"}
    }
    # No .env unless the case names one: the developer's own file must not decide these cases.
    clean.update(
        {
            "DJANGO_SETTINGS_MODULE": "league.config.settings",
            "SQLITE_PATH": "/tmp/bb-settings-probe.sqlite3",
            "ENV_FILE": "",
        }
    )
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


# --- the git-ignored .env that `make install` writes (README commands work on a fresh clone) ---


def test_a_dotenv_file_is_read_and_the_real_environment_wins(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# written by make\n\nexport DEBUG=1\nSECRET_KEY='from-the-file'\nALLOWED_HOSTS=\"x.example\"\n",
        encoding="utf-8",
    )
    s = settings_with({"ENV_FILE": str(env_file)})
    assert s["debug"] is True and s["hosts"] == ["x.example"]
    # Without DEBUG in the environment the key of the file is enough to run with DEBUG off.
    env_file.write_text("DEBUG=0\nSECRET_KEY=from-the-file\n", encoding="utf-8")
    assert settings_with({"ENV_FILE": str(env_file)})["debug"] is False
    assert settings_with({"ENV_FILE": str(env_file), "DEBUG": "1"})["debug"] is True


def test_a_broken_dotenv_line_is_refused_with_its_line_number(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("DEBUG=1\nthis is not a setting\n", encoding="utf-8")
    proc = run({"ENV_FILE": str(env_file)})
    assert proc.returncode != 0 and f"{env_file}, line 2: expected KEY=VALUE" in proc.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_writes_a_dotenv_once_that_lets_manage_py_run_without_anything_set(tmp_path):
    for name in ("Makefile", "requirements.txt"):
        shutil.copy(ROOT / name, tmp_path / name)
    made = subprocess.run(["make", ".env"], cwd=tmp_path, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    env_file = tmp_path / ".env"
    first = env_file.read_text(encoding="utf-8")
    assert "DEBUG=1" in first.splitlines()
    key = next(line.split("=", 1)[1] for line in first.splitlines() if line.startswith("SECRET_KEY="))
    assert len(key) >= 50
    # Written once: a second run keeps the key (sessions survive), and the file is git-ignored.
    subprocess.run(["make", ".env"], cwd=tmp_path, check=True, capture_output=True)
    assert env_file.read_text(encoding="utf-8") == first
    ignored = subprocess.run(["git", "check-ignore", "-q", ".env"], cwd=ROOT)
    assert ignored.returncode == 0
    # What `.venv/bin/python manage.py load_demo` then sees, with neither DEBUG nor SECRET_KEY set.
    assert settings_with({"ENV_FILE": str(env_file)})["debug"] is True
    # `make run` (through install) is what writes it on a fresh clone.
    env_file.unlink()
    planned = subprocess.run(["make", "-n", "run"], cwd=tmp_path, capture_output=True, text=True)
    assert "secrets.token_urlsafe" in planned.stdout, planned.stdout + planned.stderr
