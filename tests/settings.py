"""Test settings: the real settings with a throwaway key and a fast hasher.

DATABASE_URL and CELERY_BROKER_URL still come from the environment (CI sets them); tasks run
eagerly unless a test starts a real worker (see tests/conftest.py).
"""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-not-a-secret")
# Playwright runs an event loop in the test thread; the ORM calls of the test are still sync.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from league.settings import *  # noqa: E402,F403
from league.settings import BASE_DIR  # noqa: E402

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
# Eager everywhere except in the tests that start a real worker (tests/conftest.py).
CELERY_TASK_ALWAYS_EAGER = True
ARTIFACTS_DIR = BASE_DIR / "tests" / "artifacts"
