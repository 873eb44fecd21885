"""Celery tasks for matches: thin wrappers that take ids and call one service."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from celery import Task, shared_task

from league.infra.counting import counted
from matches.models import Match
from matches.services.corrections import APPLY_CORRECTION, correction_apply, corrections_sweep
from matches.services.faults import MAX_RETRIES, hand_to_sweep, is_transient, reset_connections, retry_delay
from matches.services.late import run_match
from matches.services.postgame_queue import RUN_POSTGAME, postgame_sweep

log = logging.getLogger(__name__)


@contextmanager
def _measured(task: str, match_id: int) -> Iterator[dict[str, Any]]:
    """Log the wall time, SQL statement count and commits (transactions that wrote) of one task run:
    one line per run, in a fixed format that `manage.py bench_postgame` reads back from the workers' logs."""
    started = time.perf_counter()
    with counted() as counts:
        measure: dict[str, Any] = {"result": None}
        yield measure
    log.info(
        "task=%s match=%s result=%s queries=%d commits=%d ms=%.2f",
        task,
        match_id,
        measure["result"],
        counts["queries"],
        counts["commits"],
        (time.perf_counter() - started) * 1000,
    )


def _again(task: Task, exc: Exception, what: str, give_up: Callable[[], None]) -> Any:
    """A transient fault (matches.services.faults): the task again after a delay that doubles, a
    bounded number of times, then the periodic sweep's turn."""
    reset_connections()  # the next attempt opens a new connection
    retries = task.request.retries
    if retries >= MAX_RETRIES:
        log.warning("%s: still interrupted after %d retries (%s); the sweep takes over", what, retries, exc)
        give_up()
        return False
    delay = retry_delay(retries)
    log.warning("%s: interrupted (%s), retried in %ss", what, exc, delay)
    if task.request.is_eager:  # in-process (no broker): a Retry returned is applied again at once
        return task.retry(exc=exc, countdown=delay, max_retries=MAX_RETRIES, throw=False)
    raise task.retry(exc=exc, countdown=delay, max_retries=MAX_RETRIES)


@shared_task(bind=True, name=RUN_POSTGAME, acks_late=True, reject_on_worker_lost=True)
def run_postgame(self: Task, match_id: int) -> Any:
    # The service claims the match with a compare-and-swap and applies keyed effects, so a
    # redelivered message (acks_late) finds nothing to do or resumes where a dead worker stopped.
    try:
        with _measured("run_postgame", match_id) as measure:
            measure["result"] = run_match(match_id)  # a late match replays what was played after it
    except Exception as exc:
        if not is_transient(exc):
            raise
        return _again(self, exc, f"match {match_id}", lambda: hand_to_sweep(match_id))
    done: bool = measure["result"]
    return done


@shared_task(bind=True, name=APPLY_CORRECTION, acks_late=True, reject_on_worker_lost=True)
def apply_correction(self: Task, correction_id: int) -> Any:
    # One transaction: a redelivered message finds the correction applied and does nothing.
    try:
        with _measured("apply_correction", correction_id) as measure:
            measure["result"] = correction_apply(correction_id)
    except Exception as exc:
        if not is_transient(exc):
            raise
        # Still queued: the sweep sends it again once it is older than a lease.
        return _again(self, exc, f"correction {correction_id}", lambda: None)
    done: bool = measure["result"]
    return done


@shared_task(name="matches.sweep_postgame")
def sweep_postgame() -> list[int]:
    """Periodic: queue confirmed matches that never reached a worker, runs whose worker died and
    runs or corrections a fault interrupted (matches.services.faults)."""
    return postgame_sweep() + corrections_sweep()


@shared_task(name="matches.ping", acks_late=True)
def ping(match_id: int) -> str | None:
    """A trivial task (one indexed read): the baseline `make bench` compares run_postgame with,
    i.e. what a broker round trip, the worker and one query cost on their own."""
    with _measured("ping", match_id) as measure:
        measure["result"] = Match.objects.filter(pk=match_id).values_list("status", flat=True).first()
    status: str | None = measure["result"]
    return status
