"""The Celery application. `celery -A league.config worker` finds it here."""

from __future__ import annotations

import os
import sys
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun
from django.db import close_old_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.config.settings")

app = Celery("league")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Celery's Django fixup closes every database connection before and after each task unless
# CELERY_DB_REUSE_MAX is set, whatever CONN_MAX_AGE says: a new PostgreSQL connection per task, 7 of
# the 8 ms a trivial task took on this machine (docs/benchmarks.md). With a reuse count it never
# reaches, the worker treats connections as Django treats them around a request instead (below).
app.conf.update(CELERY_DB_REUSE_MAX=sys.maxsize // 2)
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def _recycle_connections(sender: Any = None, **kwargs: Any) -> None:
    """Close connections older than CONN_MAX_AGE or left unusable, as Django does per request."""
    if not getattr(getattr(sender, "request", None), "is_eager", False):
        close_old_connections()
