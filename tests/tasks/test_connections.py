"""Workers keep their database connection between tasks, as Django keeps one between requests.

Celery's Django fixup closes every connection before and after each task unless
CELERY_DB_REUSE_MAX is set: a new PostgreSQL connection per task (about 7 ms here, most of a
trivial task's time). league/config/celery.py sets it and closes connections the way Django does around a
request instead: when older than CONN_MAX_AGE or unusable.
"""

from __future__ import annotations

import time

import pytest
from celery.fixups.django import DjangoWorkerFixup
from django.db import connection
from league.config.celery import _recycle_connections, app

from matches.tasks import ping

pytestmark = pytest.mark.django_db(transaction=True)  # connections are closed: no test transaction


def test_celerys_hooks_around_a_task_leave_the_connection_open():
    fixup = DjangoWorkerFixup(app)
    connection.ensure_connection()
    raw = connection.connection
    fixup.on_task_prerun(sender=ping)
    fixup.on_task_postrun(sender=ping)
    assert connection.connection is raw


def test_a_connection_older_than_conn_max_age_is_closed_around_a_task_and_a_young_one_kept():
    connection.ensure_connection()
    raw = connection.connection
    connection.close_at = time.monotonic() + 60  # as with CONN_MAX_AGE = 60
    _recycle_connections(sender=ping)
    assert connection.connection is raw
    connection.close_at = time.monotonic() - 1  # its age is up
    _recycle_connections(sender=ping)
    assert connection.connection is None
