"""The ratings' task: one league brought up to date after a committed change of its history.

Keyed by the league: a message names one league and the matches of one committed transaction that
changed in it (a post-match run: one; a replay: every match it ran again), and the task rates them
together, once, in one transaction under the league's row lock (league.ratings.services.rate_league).
A message redelivered (acks_late) or two for the same league find the entries they would write
already there and write nothing.
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict

from celery import shared_task
from django.db import InterfaceError, OperationalError

from league.core.models import League
from league.ratings.services import mend_league, rate_league

log = logging.getLogger(__name__)

RATE_LEAGUE = "ratings.rate_league"
SWEEP = "ratings.sweep"


@shared_task(
    name=RATE_LEAGUE,
    acks_late=True,
    reject_on_worker_lost=True,
    # A lost connection or a deadlock victim: again a little later (nothing was written).
    autoretry_for=(OperationalError, InterfaceError),
    max_retries=5,
    retry_backoff=2,
)
def rate_league_task(league_id: int, match_ids: list[int]) -> dict[str, int]:
    started = time.perf_counter()
    written = rate_league(league_id, match_ids)
    log.info(
        "task=%s league=%s matches=%d inserted=%d updated=%d deleted=%d ms=%.2f",
        RATE_LEAGUE,
        league_id,
        len(match_ids),
        written.inserted,
        written.updated,
        written.deleted,
        (time.perf_counter() - started) * 1000,
    )
    return asdict(written)  # what it wrote (the bench sums it; results are not kept)


@shared_task(name=SWEEP)
def sweep_ratings() -> list[int]:
    """Periodic: the leagues whose ratings missed a match (a message that could not be queued, a
    match written without the post-match sequence), rated from that match on."""
    mended = []
    for league_id in League.objects.order_by("pk").values_list("pk", flat=True):
        try:
            if mend_league(league_id).rows:
                mended.append(league_id)
        except Exception:  # one league's failure never stops the others
            log.warning("ratings of league %s not mended", league_id, exc_info=True)
    return mended
