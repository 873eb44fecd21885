"""A late result: confirmed for a day before matches of its teams already processed, its run
replays what was played after it (matches.services.replay); any other match runs its sequence.
The task's entry (matches.tasks.run_postgame)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Exists, OuterRef

from league.core.audit import log_action
from matches.models import Match
from matches.services.claim import claim
from matches.services.faults import is_transient, release, still_held
from matches.services.postgame import Late, fail_run, failure_text, postgame_run
from matches.services.replay import ReplayRefused, queue_waiting, replay_from
from matches.services.sequence import later_processed

log = logging.getLogger(__name__)


def is_late(match_id: int) -> bool:
    """Whether a match of one of its teams played after it has been processed (or is running): one
    statement (a run asks it in its read of the match instead: postgame.postgame_run)."""
    later = later_processed(OuterRef("home_id"), OuterRef("away_id"), OuterRef("sequence"), OuterRef("pk"))
    return Match.objects.filter(Exists(later), pk=match_id).exists()


def run_match(match_id: int) -> bool:
    """The task's entry: a match in its place at the end of its teams' history runs its sequence; a
    late one (played before matches already processed) replays them after it."""
    try:
        return postgame_run(match_id, check_late=True)
    except Late:
        pass  # nothing written: the replay claims it below
    lease = transaction.atomic()(claim)(match_id)
    if not lease:
        return False
    try:
        with transaction.atomic():
            if not still_held(match_id, lease):  # its lease ran out and another run took it over
                return False
            start = Match.objects.get(pk=match_id)
            done = replay_from(start)
            log_action(
                action="matches.postgame.replayed",
                actor=None,
                league=start.league,
                match=match_id,
                matches=done.matches,
            )
            transaction.on_commit(lambda: queue_waiting(done.teams))
        return True
    except Exception as exc:
        if is_transient(exc):  # the database, not the history (behind a ReplayRefused too): retried
            release(match_id, lease, exc)
            raise
        if isinstance(exc, ReplayRefused):
            reason = exc.reason if exc.match_id == match_id else f"#{exc.match_id}: {exc.reason}"
            log.warning("late match %s: replay refused: %s", match_id, reason)
        else:
            reason = failure_text(exc)
            log.exception("replay after the late match %s failed", match_id)
        fail_run(match_id, reason)
        return False
