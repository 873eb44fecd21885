"""Sending post-match runs to the workers: the queueing after a run, the periodic sweep that
queues what was lost, and the retry after a failure (matches.services.postgame runs them)."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from league.core.audit import log_action
from league.infra.page_versions import unseen_writes
from matches.models import Match
from matches.services.faults import requeue_failed_matches, retrying
from matches.services.sequence import earlier_unprocessed

log = logging.getLogger(__name__)
# The task's registered name (matches/tasks.py).
RUN_POSTGAME = "matches.run_postgame"


def queue_next(match: Match) -> None:
    """Queue the first match each team still has waiting (its claim checks its other team too): one
    read of both teams' waiting matches; a match queued already is sent again (its run may have found
    it waiting) without writing its queued_at again."""
    teams = (match.home_id, match.away_id)
    waiting = list(
        Match.objects.filter(Q(home_id__in=teams) | Q(away_id__in=teams), status=Match.Status.CONFIRMED)
        .order_by("sequence", "pk")
        .values_list("pk", "home_id", "away_id", "queued_at")[:NEXT_READ]
    )
    for team_id in dict.fromkeys(teams):
        first = next((row for row in waiting if team_id in row[1:3]), None)
        if first is None and len(waiting) == NEXT_READ:  # many waiting: this team's first, on its own
            first = (
                Match.objects.filter(Q(home_id=team_id) | Q(away_id=team_id), status=Match.Status.CONFIRMED)
                .order_by("sequence", "pk")
                .values_list("pk", "home_id", "away_id", "queued_at")
                .first()
            )
        if first is not None:
            queue_postgame(first[0], stamp=first[3] is None)


# How many waiting matches of the two teams queue_next reads at once.
NEXT_READ = 10


def queue_postgame(match_id: int, *, stamp: bool = True, stamped: bool = False) -> None:
    """Send the sequence to a worker. If the broker is down the match stays confirmed and the
    periodic sweep queues it later: nothing is lost. `stamp`: write when it was queued (a match
    queued already keeps its time). `stamped`: the transaction that confirmed it wrote the time
    already (report_confirm: no write of its own after the commit), taken back if the broker is down."""
    try:
        # By name from Celery's registry (filled from matches.tasks by the app's autodiscovery): the
        # tasks module calls this service, so the service does not import it back.
        current_app.tasks[RUN_POSTGAME].delay(match_id)
    except Exception:  # kombu raises various errors when the broker is unreachable
        log.warning("could not queue the post-match sequence of match %s; the sweep will", match_id, exc_info=True)
        if stamped:  # never queued: the sweep's next pass sends it
            with unseen_writes():
                Match.objects.filter(pk=match_id, status=Match.Status.CONFIRMED).update(queued_at=None)
        return
    if stamp:
        # Read by the sweep alone: no page shows it (run in-process, the sequence has already run).
        with unseen_writes():
            Match.objects.filter(pk=match_id, queued_at__isnull=True).update(queued_at=timezone.now())


def postgame_sweep(*, older_than: timedelta = timedelta(minutes=5), lease: timedelta | None = None) -> list[int]:
    """Queue what was lost: confirmed matches never queued (broker down) or queued long ago, runs
    whose lease expired (a worker died), runs put back after a fault whose retry never came, and
    matches an older version failed for a fault (matches.services.faults). A sequence's run claims in
    the transaction that applies it: a worker killed during it leaves its match confirmed, queued,
    and free to run; such a match is queued again once a lease has passed (a run alive holds the
    match's row: skipped). Returns the ids it queued."""
    requeue_failed_matches()
    now = timezone.now()
    lease = timedelta(seconds=settings.POSTGAME_LEASE_SECONDS) if lease is None else lease
    waits = Exists(earlier_unprocessed(OuterRef("home_id"), OuterRef("away_id"), OuterRef("sequence"), OuterRef("pk")))
    with transaction.atomic():
        stale = (
            Match.objects.select_for_update(skip_locked=True)
            .filter(
                Q(status=Match.Status.CONFIRMED, queued_at__isnull=True)
                | Q(status=Match.Status.CONFIRMED, queued_at__lt=now - older_than)
                | (Q(status=Match.Status.CONFIRMED, queued_at__lt=now - lease) & ~waits)
                | Q(status=Match.Status.PROCESSING, lease_until__lt=now)
                | retrying(now)
            )
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        ids = list(stale)
        Match.objects.filter(pk__in=ids).update(queued_at=None)
    for match_id in ids:
        queue_postgame(match_id)
    return ids


def postgame_retry(*, match: Match, by: User) -> Match:
    """After a failure: put the match back to confirmed and queue it again (the commissioner or a coach)."""
    from matches.services.common import check_participant

    check_participant(match, by)
    with transaction.atomic():
        updated = Match.objects.filter(pk=match.pk, status=Match.Status.FAILED).update(
            status=Match.Status.CONFIRMED, queued_at=None, failure_reason=""
        )
        if updated:
            log_action(action="matches.postgame.retried", actor=by, league=match.league, match=match.pk)
            transaction.on_commit(lambda: queue_postgame(match.pk))
    match.refresh_from_db()
    return match
