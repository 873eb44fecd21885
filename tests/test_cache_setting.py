"""CACHE_URL chooses a cache shared by every process (Redis); without it each process has its own."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings


def backend_with(env: dict[str, str]) -> str:
    code = (
        "import django; django.setup(); from django.conf import settings; print(settings.CACHES['default']['BACKEND'])"
    )
    inherited = {k: v for k, v in os.environ.items() if k != "CACHE_URL"}
    full = {**inherited, "DJANGO_SETTINGS_MODULE": "league.config.settings", "ENV_FILE": "", "DEBUG": "1", **env}
    out = subprocess.run([sys.executable, "-c", code], env=full, cwd=settings.BASE_DIR, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


@pytest.mark.parametrize(
    ("env", "backend"),
    [
        ({}, "django.core.cache.backends.locmem.LocMemCache"),
        ({"CACHE_URL": "redis://127.0.0.1:6379/2"}, "django.core.cache.backends.redis.RedisCache"),
    ],
)
def test_cache_url_chooses_the_backend(env, backend):
    assert backend_with(env) == backend


def test_every_cache_key_carries_the_codes_release():
    """A cache that outlives a deploy (Redis) must not serve fragments rendered by the previous
    templates: the key prefix is a hash of the source and templates."""
    from league.infra.release import code_release

    release = code_release(settings.BASE_DIR)
    assert settings.CACHES["default"]["KEY_PREFIX"] == release
    assert settings.CACHES["pages"]["KEY_PREFIX"] == release + "-pages"  # whole pages (league/infra/page_cache.py)


def test_the_release_changes_with_a_template(tmp_path):
    from league.infra.release import code_release

    page = tmp_path / "templates" / "page.html"
    page.parent.mkdir()
    page.write_text("<td>{{ row.points }}</td>")
    before = code_release(tmp_path)
    assert code_release(tmp_path) == before
    page.write_text('<td class="d-none d-sm-table-cell">{{ row.points }}</td>')
    assert code_release(tmp_path) != before
