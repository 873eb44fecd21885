"""Transient faults: the database or the broker failed a run, not the history.

A lost or terminated connection, a deadlock, a serialisation failure or a broker that does not
answer says nothing about the match: the same run succeeds once the fault is gone. Such a fault
never fails a match or a correction. The run puts its claim back (the match confirmed again, the
reason kept as what it is being retried after), closes the broken connection so that the next
attempt opens a new one, and re-raises; the task retries with backoff (matches.tasks), then the
periodic sweep takes over. Only a refusal of the rules (or a fault of the code, which a retry
would meet again) fails a match, with its reason and a retry button.

A lease is the claim's token: the run that claimed the match with it is the only one that may put
it back or replay under it (matches.services.late.run_match), so a run that outlived its lease
never undoes the claim of the run that took over, nor runs the sequence a second time. A sequence's
run claims inside the transaction that applies it (one commit: postgame.postgame_run): a fault or a
killed worker rolls the claim back with the rest, and the match, confirmed again, is the sweep's
once a lease has passed (postgame_queue.postgame_sweep).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import datetime, timedelta
from functools import reduce
from operator import or_

from django.db import InterfaceError, OperationalError, connections
from django.db.models import Case, Exists, F, OuterRef, Q, When
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from league.core.audit import log_action
from matches.models import Match, MatchCorrection

log = logging.getLogger(__name__)

# PostgreSQL's SQLSTATEs a new attempt clears: connection exceptions (08), transaction rollbacks
# (40001 serialisation failure, 40P01 deadlock), insufficient resources (53: too many connections),
# operator intervention (57: administrator's termination, shutdown, statement cancelled) and a lock
# not available (55P03). A program limit (54) or an internal error (XX) would come back every time.
TRANSIENT_STATES = ("08", "40", "53", "57", "55P03")
# SQLite's: the database busy or locked by another writer, an I/O error.
TRANSIENT_SQLITE = ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_IOERR")
# The same faults as a run of an older version stored them in failure_reason (it failed the match
# or the correction with the driver's message): the sweep recognises them and queues them again.
TRANSIENT_TEXTS = (
    "terminating connection",
    "server closed the connection",
    "connection already closed",
    "the connection is closed",
    "connection is lost",
    "consuming input failed",
    "could not receive data from server",
    "ssl connection has been closed",
    "connection to server",
    "deadlock detected",
    "could not serialize",
    "canceling statement due to",
    "database is locked",
)
# The task's retries: a delay doubling from 2 s up to 20 s, five times (about 50 s in all), then the sweep.
MAX_RETRIES = 5
MAX_DELAY = 20


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """The exception and the ones it was raised from or while handling (a replay wraps what
    stopped it in ReplayRefused; a failed rollback raises while handling the fault)."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        todo += [current.__cause__, current.__context__]


def _database_fault(exc: BaseException) -> bool:
    if isinstance(exc, InterfaceError):
        return True  # the connection is closed or unusable
    if not isinstance(exc, OperationalError):
        return False
    driver = exc.__cause__
    state = getattr(driver, "sqlstate", None) or getattr(driver, "pgcode", None)
    if state:
        return str(state).startswith(TRANSIENT_STATES)
    name = getattr(driver, "sqlite_errorname", None)
    if name:
        return str(name).startswith(TRANSIENT_SQLITE)
    return True  # a connection lost mid-statement is raised without a state


def transient(exc: BaseException) -> BaseException | None:
    """The transient fault behind `exc` (itself, or what it was raised from), None for anything
    else: a refusal of the rules, an integrity error, a fault of the code."""
    for current in _chain(exc):
        if _database_fault(current) or isinstance(current, BrokerError | ConnectionError | TimeoutError):
            return current
    return None


def is_transient(exc: BaseException) -> bool:
    return transient(exc) is not None


def transient_text(reason: str) -> bool:
    """Whether a stored failure reason is a transient fault's message (see TRANSIENT_TEXTS)."""
    return any(text in reason.lower() for text in TRANSIENT_TEXTS)


def _transient_reason(field: str = "failure_reason") -> Q:
    return reduce(or_, (Q(**{f"{field}__icontains": text}) for text in TRANSIENT_TEXTS))


def reset_connections() -> None:
    """Close this thread's database connections outside a transaction: the next statement opens a
    new one instead of failing on a connection the server terminated. (Inside a transaction, a
    test's, the connection is left to it.)"""
    for conn in connections.all(initialized_only=True):
        if not conn.in_atomic_block:
            try:
                conn.close()
            except Exception:  # closing a connection the server already dropped
                log.debug("closing connection %s failed", conn.alias, exc_info=True)


def fault_text(exc: BaseException) -> str:
    """The fault's own message, as stored in failure_reason (the log and the audit read it; the
    pages say in words that the run is being retried)."""
    return str(transient(exc) or exc)[:2000] or type(exc).__name__


def retry_delay(retries: int) -> int:
    """Seconds before the task's retry number `retries` + 1: 2, 4, 8, 16, 20."""
    return int(min(2 ** (retries + 1), MAX_DELAY))


# --- A run's claim, put back after a fault ---


def release(match_id: int, lease: datetime, exc: BaseException) -> None:
    """Put back the claim a run made with `lease` after a transient fault: the match is confirmed
    again at once (the task's retry claims it in seconds, and its page says it is being retried),
    the fault kept as the reason. If the database is still away, the lease runs out instead and
    the sweep queues it then."""
    reason = fault_text(exc)
    log.warning("post-match run of match %s interrupted (%s): it is retried", match_id, reason)
    reset_connections()
    try:
        # A sequence's run claims in its own transaction (postgame.postgame_run): the fault rolled the
        # claim back, the match is confirmed again already; a replay's claim was committed (late.run_match).
        Match.objects.filter(
            Q(status=Match.Status.PROCESSING, lease_until=lease) | Q(status=Match.Status.CONFIRMED), pk=match_id
        ).update(
            status=Match.Status.CONFIRMED,
            lease_until=None,
            failure_reason=reason,
            queued_at=timezone.now(),
            attempts=F("attempts") + Case(When(status=Match.Status.CONFIRMED, then=1), default=0),
        )
    except Exception:
        log.warning("match %s: its claim could not be put back; its lease runs out", match_id, exc_info=True)


def still_held(match_id: int, lease: datetime) -> bool:
    """In the run's transaction, before anything else: whether the claim made with `lease` is still
    this run's (it is not if the lease ran out and another run took the match). The match's row
    stays locked to the end of the transaction: a run that takes over after the lease waits for it,
    then finds the match processed."""
    return bool(
        Match.objects.filter(pk=match_id, status=Match.Status.PROCESSING, lease_until=lease).update(lease_until=lease)
    )


def hand_to_sweep(match_id: int) -> None:
    """The task gave up retrying: the next sweep queues the match (it is confirmed, never sent)."""
    try:
        Match.objects.filter(pk=match_id, status=Match.Status.CONFIRMED).update(queued_at=None)
    except Exception:  # the database is still away: the sweep finds it by its old queued_at
        log.warning("match %s: left for the sweep", match_id, exc_info=True)


# --- What the sweeps take again ---


def retrying(now: datetime) -> Q:
    """Matches put back after a fault whose retry never came (a worker killed meanwhile, the
    message lost): confirmed with a reason, queued longer ago than the longest delay and a lease."""
    return Q(status=Match.Status.CONFIRMED, queued_at__lt=now - timedelta(seconds=MAX_DELAY + 10)) & ~Q(
        failure_reason=""
    )


def requeue_failed_matches() -> list[int]:
    """Matches an older version failed for a transient fault: confirmed again (the sweep queues
    them), audited as retried. Their teams' later matches then follow by themselves."""
    found = list(
        Match.objects.filter(_transient_reason(), status=Match.Status.FAILED)
        .select_related("league")
        .only("pk", "league", "failure_reason")
    )
    for match in found:
        if Match.objects.filter(pk=match.pk, status=Match.Status.FAILED).update(
            status=Match.Status.CONFIRMED, queued_at=None
        ):
            log_action(
                action="matches.postgame.retried",
                actor=None,
                league=match.league,
                match=match.pk,
                after=match.failure_reason[:500],
            )
    return [m.pk for m in found]


def requeue_failed_corrections() -> list[int]:
    """Corrections an older version failed for a transient fault, queued again (their replay
    either applies whole or changes nothing): the last one confirmed of its match only, since a
    later one says what the match is now."""
    later = MatchCorrection.objects.filter(
        match_id=OuterRef("match_id"),
        pk__gt=OuterRef("pk"),
        status__in=(MatchCorrection.Status.QUEUED, MatchCorrection.Status.APPLIED, MatchCorrection.Status.FAILED),
    )
    ids = list(
        MatchCorrection.objects.filter(_transient_reason(), status=MatchCorrection.Status.FAILED)
        .exclude(Exists(later))
        .values_list("pk", flat=True)
    )
    MatchCorrection.objects.filter(pk__in=ids, status=MatchCorrection.Status.FAILED).update(
        status=MatchCorrection.Status.QUEUED, queued_at=None
    )
    return ids


def retry_correction(correction_id: int, exc: BaseException) -> None:
    """A correction's replay interrupted by a transient fault: it stays queued (its transaction
    changed nothing) and says what it is retried after; the task retries it, then the sweep."""
    reason = fault_text(exc)
    log.warning("correction %s interrupted (%s): it is retried", correction_id, reason)
    reset_connections()
    try:
        MatchCorrection.objects.filter(pk=correction_id, status=MatchCorrection.Status.QUEUED).update(
            failure_reason=reason, queued_at=timezone.now()
        )
    except Exception:
        log.warning("correction %s: left for the sweep", correction_id, exc_info=True)
