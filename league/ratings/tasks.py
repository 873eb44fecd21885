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

from celery import shared_task
from django.db import InterfaceError, OperationalError

from league.ratings.services import rate_league

log = logging.getLogger(__name__)

RATE_LEAGUE = "ratings.rate_league"


@shared_task(
    name=RATE_LEAGUE,
    acks_late=True,
    reject_on_worker_lost=True,
    # A lost connection or a deadlock victim: again a little later (nothing was written).
    autoretry_for=(OperationalError, InterfaceError),
    max_retries=5,
    retry_backoff=2,
)
def rate_league_task(league_id: int, match_ids: list[int]) -> int:
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
    return written.rows
