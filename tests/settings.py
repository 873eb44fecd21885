"""Test settings: the real settings with a throwaway key and a fast hasher.

DATABASE_URL and CELERY_BROKER_URL still come from the environment (CI sets them); tasks run
eagerly unless a test starts a real worker (see tests/conftest.py).
"""

import os
import tempfile

os.environ.setdefault("SECRET_KEY", "tests-only-not-a-secret")
# The developer's .env (DEBUG=1) must not change what the tests see.
os.environ.setdefault("ENV_FILE", "")
# Playwright runs an event loop in the test thread; the ORM calls of the test are still sync.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from league.config.settings import *  # noqa: E402,F403
from league.config.settings import BASE_DIR  # noqa: E402

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _test_broker_url() -> str:
    """CELERY_BROKER_URL if set (CI: Redis /1); else a local Redis if one answers; else memory.

    Set here, before the Celery app first builds its producer pool: changing the URL later
    leaves the pool pointing at the old broker.
    """
    url = os.environ.get("CELERY_BROKER_URL", "").strip()
    if url:
        return url
    try:
        import redis

        redis.Redis.from_url("redis://127.0.0.1:6379/1", socket_connect_timeout=0.5).ping()
        return "redis://127.0.0.1:6379/1"
    except Exception:
        return "memory://"


CELERY_BROKER_URL = _test_broker_url()
# tests/tasks/test_worker_killed.py starts `celery worker` subprocesses on the test database, and a
# subprocess cannot open SQLite's default in-memory test database: on SQLite it is a file, one per
# pytest process (TEST_SQLITE_PATH names another).
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.environ.get("TEST_SQLITE_PATH")
        or os.path.join(tempfile.gettempdir(), f"bloodbowl-test-{os.getpid()}.sqlite3")
    }
# No persistent connections in tests: the worker threads and subprocesses of tests/tasks would
# still hold theirs when the test database is dropped.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
# A throwaway test database need not outlive a crash of its server: on PostgreSQL each commit
# returns without waiting for its WAL to be flushed to disk (3.4 ms a commit on this machine's
# cluster, 0.04 ms without). What a commit makes visible, and when, is unchanged; the worker,
# live-server and bench tests commit thousands of times. A cluster that CI starts itself runs
# with fsync off already (.ci/services); the one found running here does not.
if DATABASES["default"]["ENGINE"].endswith("postgresql"):  # noqa: F405
    # Django's backend with a flush that deletes rows (tests/db/postgresql/base.py says why).
    DATABASES["default"]["ENGINE"] = "tests.db.postgresql"  # noqa: F405
    _options = DATABASES["default"].setdefault("OPTIONS", {})  # noqa: F405
    _options["options"] = " ".join(filter(None, [_options.get("options"), "-c synchronous_commit=off"]))
# Eager everywhere except in the tests that start a real worker (tests/conftest.py).
CELERY_TASK_ALWAYS_EAGER = True
ARTIFACTS_DIR = BASE_DIR / "tests" / "artifacts"

# WhiteNoise indexes every static file (the Swagger/Redoc sidecar ships hundreds) each time a
# test client builds its handler: a tenth of a second per test. The browser tests' live server
# serves static files by itself (StaticLiveServerTestCase), so tests do without it.
MIDDLEWARE = [m for m in MIDDLEWARE if not m.startswith("whitenoise.")]  # noqa: F405

# Every test client comes from 127.0.0.1: with the real limit, a few tests of failed logins would
# lock the others out. The login tests (tests/web/test_logins.py) set the limit they test.
AXES_FAILURE_LIMIT = 1000

# A `db` test never commits, so the page cache's revision (bumped on commit) never moves inside it:
# pages are also keyed by this process's count of write statements (league/infra/page_cache.py).
PAGE_CACHE_LOCAL_WRITES = True
# No page rendered at write time but in the tests of it (tests/web/test_page_warm.py): each result
# would render a league's pages in every language.
PAGE_WARM_LANGUAGES: list[str] = []
