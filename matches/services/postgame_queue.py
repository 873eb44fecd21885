"""Sending post-match runs to the workers: the queueing after a run, the periodic sweep that
queues what was lost, and the retry after a failure (matches.services.postgame runs them)."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import current_app
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from league.core.audit import log_action
from matches.models import Match
from matches.services.faults import requeue_failed_matches, retrying

log = logging.getLogger(__name__)
# The task's registered name (matches/tasks.py).
RUN_POSTGAME = "matches.run_postgame"


def queue_next(match: Match) -> None:
    """Queue the first match each team still has waiting (its claim checks its other team too)."""
    for team_id in (match.home_id, match.away_id):
        nxt = (
            Match.objects.filter(Q(home_id=team_id) | Q(away_id=team_id), status=Match.Status.CONFIRMED)
            .order_by("sequence", "pk")
            .values_list("pk", flat=True)
            .first()
        )
        if nxt is not None:
            queue_postgame(nxt)


def queue_postgame(match_id: int) -> None:
    """Send the sequence to a worker. If the broker is down the match stays confirmed and the
    periodic sweep queues it later: nothing is lost."""
    try:
        # By name from Celery's registry (filled from matches.tasks by the app's autodiscovery): the
        # tasks module calls this service, so the service does not import it back.
        current_app.tasks[RUN_POSTGAME].delay(match_id)
    except Exception:  # kombu raises various errors when the broker is unreachable
        log.warning("could not queue the post-match sequence of match %s; the sweep will", match_id, exc_info=True)
        return
    Match.objects.filter(pk=match_id, queued_at__isnull=True).update(queued_at=timezone.now())


def postgame_sweep(*, older_than: timedelta = timedelta(minutes=5)) -> list[int]:
    """Queue what was lost: confirmed matches never queued (broker down) or queued long ago, runs
    whose lease expired (a worker died), runs put back after a fault whose retry never came, and
    matches an older version failed for a fault (matches.services.faults). Returns the ids it queued."""
    requeue_failed_matches()
    now = timezone.now()
    stale = Match.objects.filter(
        Q(status=Match.Status.CONFIRMED, queued_at__isnull=True)
        | Q(status=Match.Status.CONFIRMED, queued_at__lt=now - older_than)
        | Q(status=Match.Status.PROCESSING, lease_until__lt=now)
        | retrying(now)
    ).values_list("pk", flat=True)
    ids = list(stale)
    for match_id in ids:
        Match.objects.filter(pk=match_id).update(queued_at=None)
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
