"""Shared fixtures: people, the demo league, a real Celery worker and Chromium."""

from __future__ import annotations

import os
import shutil
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# The builders every folder shares and the SMTP server (smtp_outbox): fixtures found by name, never imported by a test.
pytest_plugins = ["tests.builders", "tests.smtp_server"]


def pytest_report_header(config) -> list[str]:
    db = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    return [f"database: {db}; celery worker broker: {settings.CELERY_BROKER_URL}; chromium: {CHROMIUM}"]


@pytest.fixture(autouse=True)
def english():
    """Each test starts in English: a request made by the test client leaves its language active."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with empty caches: cached tables (league.competitions.standings.cache) and pages
    (league.infra.page_cache) of an earlier test must not answer for this one's."""
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()
    yield


@pytest.fixture
def pages_rendered(settings):
    """Every page rendered, none served from the page cache (league/infra/page_cache.py): for the tests
    that count a page's queries."""
    settings.PAGE_CACHE_SECONDS = 0


@pytest.fixture
def user_factory(django_user_model):
    def make(username: str, **extra):
        return django_user_model.objects.create_user(username=username, password="pw-" + username, **extra)

    return make


@pytest.fixture
def commissioner(user_factory):
    return user_factory("commissioner")


@pytest.fixture
def coach_alice(user_factory):
    return user_factory("alice")


@pytest.fixture
def league(commissioner, coach_alice):
    """A league run by `commissioner` in which alice coaches."""
    from league.core.services import league_create, league_join

    league = league_create(name="Test League", ruleset="lrb6", commissioner=commissioner)
    league_join(league=league, user=coach_alice)
    return league


@pytest.fixture
def demo_league(db):
    from league.tooling.demo import load_demo

    return load_demo()


# --- A real Celery worker (a thread consuming from the broker), started once per session. ---


@pytest.fixture(scope="session")
def celery_worker_session(django_db_setup, django_db_blocker):
    """The only in-process worker of a pytest process (two worker threads on one Celery app take
    each other's connections), listening to a queue of this run's own: other test runs on the same
    Redis database (several people's at once on one machine) would otherwise take its tasks, and
    it theirs."""
    from celery.contrib.testing import worker as testing_worker

    from league.config.celery import app
    from tests.broker_queues import forget_redis_queue

    queue = f"tests-{uuid.uuid4().hex[:12]}"
    saved = app.conf.task_routes
    app.conf.update(task_routes={"*": {"queue": queue}})
    try:
        with django_db_blocker.unblock():
            with testing_worker.start_worker(
                app, pool="solo", perform_ping_check=False, shutdown_timeout=10, queues=[queue]
            ) as worker:
                yield worker
    finally:
        app.conf.update(task_routes=saved)
        if settings.CELERY_BROKER_URL.startswith("redis://"):
            forget_redis_queue(settings.CELERY_BROKER_URL, queue)


@pytest.fixture
def celery_worker(celery_worker_session, transactional_db):
    """Tasks sent during the test go through the broker to the worker (no eager shortcut)."""
    from celery.signals import task_postrun, task_prerun

    from league.config.celery import app

    running: set[str] = set()

    def started(task_id=None, **kwargs):
        running.add(task_id)

    def finished(task_id=None, **kwargs):
        running.discard(task_id)

    task_prerun.connect(started, weak=False)
    task_postrun.connect(finished, weak=False)
    app.conf.task_always_eager = False
    yield celery_worker_session
    app.conf.task_always_eager = True
    # The test database is emptied (TRUNCATE) after the test: a task still running then, e.g. one
    # the demo league queued and the test did not wait for, deadlocks with it. Wait until the worker
    # has been idle for a moment (a queued message is taken at once by an idle worker).
    deadline, idle_since = time.monotonic() + 30, None
    while time.monotonic() < deadline:
        if running:
            idle_since = None
        elif idle_since is None:
            idle_since = time.monotonic()
        elif time.monotonic() - idle_since > 0.3:
            break
        time.sleep(0.02)
    task_prerun.disconnect(started)
    task_postrun.disconnect(finished)


# --- Chromium through Playwright ---


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `bash .ci/ensure-chromium` (make test does).")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    }


@pytest.fixture(scope="session", autouse=True)
def _patient_assertions():
    """Playwright's assertions wait 5 s by default, its navigations 30 s. On a loaded CI machine
    (two xdist workers, PostgreSQL, a Celery worker and Chromium on two cores) a post and its
    redirect once took longer than 5 s: an assertion on the page that answers waits like a navigation."""
    try:
        from playwright.sync_api import expect
    except ImportError:  # the production install has no Playwright; browser tests then fail on their own
        return
    expect.set_options(timeout=30_000)


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    path = Path(settings.ARTIFACTS_DIR)
    path.mkdir(parents=True, exist_ok=True)
    return path


def pytest_sessionstart(session) -> None:
    # Screenshots of the previous run would mislead: start each run with an empty folder.
    path = Path(settings.ARTIFACTS_DIR)
    if path.exists():
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def refuse_nul_like_postgres():
    """SQLite stores a NUL character in text where PostgreSQL raises: make SQLite raise too, so that
    a NUL reaching the database fails here as it would in production (a 500 there)."""
    from django.db import DataError, connection

    def has_nul(row) -> bool:
        values = row.values() if isinstance(row, dict) else (row or ())
        return any(isinstance(v, str) and "\x00" in v for v in values)

    def refuse(execute, sql, params, many, context):
        if many:
            params = list(params)
        if any(has_nul(row) for row in (params if many else [params])):
            raise DataError("PostgreSQL text fields cannot contain NUL (0x00) bytes")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(refuse):
        yield
