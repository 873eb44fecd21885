"""The outbox: what listeners still have to do after a write, kept in the writer's transaction and
done after its commit by a task, in batches (docs/decisions/matches.md, 2026-12-07).

A writer that must stay lean (the post-match sequence) records its listeners' work as rows of
OutboxEntry inside its own transaction, all in one INSERT when it collects them (`collecting()`),
and commits once. After the commit a task per listener (`dispatch_outbox`) takes the rows waiting
for it, does their work with bulk writes and deletes them, in one transaction: a task retried or
delivered twice finds the rows gone and adds nothing; a task that fails leaves them for its retry
or the periodic sweep (`sweep_outbox`). The rows' keys are unique, so the same work recorded twice
is kept once.

A worker sends at most one task per listener every OUTBOX_DELAY seconds, delayed by as much: the
task then reads every row committed before it was due, so a burst of sequences is told in a few
batches rather than one task each. Run in-process (no broker), the task runs at the commit.
"""

from __future__ import annotations

import functools
import logging
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from celery import current_app, shared_task
from django.conf import settings
from django.db import connection, transaction

from league.core.models import OutboxEntry
from league.infra.counting import counted
from league.infra.page_versions import own_scope, play_scope

log = logging.getLogger(__name__)

DISPATCH = "league.outbox_dispatch"
BATCH_SIZE = 500
# A listener's work on a batch of payloads, in the dispatching transaction (bulk writes).
BatchListener = Callable[[list[dict[str, Any]]], None]
BATCH_LISTENERS: dict[str, BatchListener] = {}
# What a listener's batch writes change of its payloads' leagues (league/infra/page_versions.py): its
# results pages by default (derived tables, ratings); its events' listeners, only its mail and
# webhooks pages.
BATCH_SCOPES: dict[str, Callable[[int | None], int]] = {}
# Per process: when the task last sent for each listener runs (time.monotonic()).
_due: dict[str, float] = {}


def listen_batch(name: str, listener: BatchListener, scope: Callable[[int | None], int] = play_scope) -> None:
    """Register what a listener does with a batch of its rows' payloads, and what of their leagues it
    changes."""
    BATCH_LISTENERS[name] = listener
    BATCH_SCOPES[name] = scope


def new_key(prefix: str) -> str:
    return f"{prefix}:{uuid.uuid4().hex}"


# --- Recording, in the writer's transaction ---


@contextmanager
def collecting() -> Iterator[None]:
    """Inside the writer's transaction: every row recorded meanwhile is written by one INSERT on the
    way out (nothing if the block raises)."""
    buffer: list[OutboxEntry] = []
    outer = getattr(connection, "_outbox_buffer", None)
    connection._outbox_buffer = buffer  # type: ignore[attr-defined]
    try:
        yield
    finally:
        connection._outbox_buffer = outer  # type: ignore[attr-defined]
    _write(buffer)


def record(listener: str, key: str, payload: dict[str, Any]) -> None:
    """The listener's work, done once the current transaction commits."""
    entry = OutboxEntry(listener=listener, key=key, payload=payload)
    buffer = getattr(connection, "_outbox_buffer", None)
    if buffer is not None:
        buffer.append(entry)
    else:
        _write([entry])


def _write(entries: list[OutboxEntry]) -> None:
    if not entries:
        return
    OutboxEntry.objects.bulk_create(entries, ignore_conflicts=True)  # a key recorded already: kept once
    for name in dict.fromkeys(e.listener for e in entries):
        transaction.on_commit(functools.partial(_dispatch_soon, name))


def _dispatch_soon(listener: str) -> None:
    dispatch_soon(listener)  # looked up at the commit (tests hold the task back by replacing it)


# --- Dispatching, after the commit ---


def dispatch_soon(listener: str) -> None:
    """Send the listener's task unless one this process sent will run after this commit anyway."""
    eager = current_app.conf.task_always_eager
    delay = float(getattr(settings, "OUTBOX_DELAY", 2.0))
    now = time.monotonic()
    if not eager and _due.get(listener, 0.0) > now:
        return
    try:
        if eager:
            current_app.tasks[DISPATCH].delay(listener)
        else:
            current_app.tasks[DISPATCH].apply_async((listener,), countdown=delay)
            _due[listener] = now + delay
    except Exception:  # a broker down: the rows wait for the sweep, the write stands
        log.warning("outbox: could not queue %s; the sweep will", listener, exc_info=True)


def dispatch(listener: str, *, limit: int = BATCH_SIZE) -> int:
    """One batch of the listener's rows done and deleted, in one transaction (rows another task is
    doing are skipped). Returns how many."""
    do = BATCH_LISTENERS[listener]
    with transaction.atomic():
        rows = list(
            OutboxEntry.objects.select_for_update(skip_locked=True)
            .filter(listener=listener)
            .order_by("pk")
            .values_list("pk", "payload")[:limit]
        )
        if not rows:
            return 0
        payloads = [payload for _pk, payload in rows]
        # The batch's writes change its payloads' leagues' results pages (league/infra/page_versions.py:
        # derived tables, ratings, notifications, webhooks; the ratings claim the teams they move too);
        # a payload that names none claims nothing: the whole site's version is bumped.
        leagues = {p.get("league") if isinstance(p, dict) else None for p in payloads}
        named = None not in leagues and all(isinstance(league, int) for league in leagues)
        scope = BATCH_SCOPES.get(listener, play_scope)
        # Its own scope, not added to an enclosing one: run in-process at the commit of the task that
        # recorded it, it writes nothing of that task's match.
        with own_scope(*(scope(league) for league in leagues)) if named else own_scope():
            do(payloads)
        OutboxEntry.objects.filter(pk__in=[pk for pk, _payload in rows]).delete()
    return len(rows)


def dispatch_all(listener: str) -> int:
    done = total = dispatch(listener)
    while done == BATCH_SIZE:
        done = dispatch(listener)
        total += done
    return total


@shared_task(bind=True, name=DISPATCH, acks_late=True, max_retries=5)
def dispatch_outbox(self: Any, listener: str) -> int:
    try:
        started = time.perf_counter()
        with counted() as counts:
            done = dispatch_all(listener)
        # The same line as the post-match tasks' (matches/tasks.py): `bench_postgame` adds it to the sequences' cost.
        log.info(
            "task=outbox_%s match=0 result=%d queries=%d commits=%d ms=%.2f",
            listener,
            done,
            counts["queries"],
            counts["commits"],
            (time.perf_counter() - started) * 1000,
        )
        return done
    except Exception as exc:  # the rows stay: done by the retry, else by the sweep
        log.warning("outbox %s: batch failed (%s), retried", listener, exc, exc_info=True)
        if self.request.is_eager:  # in-process: never fails the write behind it
            return 0
        raise self.retry(exc=exc, countdown=5 * 2**self.request.retries) from exc


@shared_task(name="league.sweep_outbox")
def sweep_outbox() -> int:
    """Periodic: the rows whose task was never sent (broker down) or gave up."""
    total = 0
    for name in BATCH_LISTENERS:
        try:
            total += dispatch_all(name)
        except Exception:
            log.warning("outbox %s: sweep failed", name, exc_info=True)
    return total
