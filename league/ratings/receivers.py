"""What the ratings hear: a match's history changed (matches.hooks.history_changed), a league's
rating settings changed. Connected from LeagueConfig.ready().

The ratings are never written in the transaction that changed the history: the matches it names
are gathered, and once it commits one task per league (its key) rates that league's batch
(league.ratings.tasks). The post-match run then holds no league-wide lock and writes no rating.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save

from league.core.models import League
from matches import hooks as match_hooks

log = logging.getLogger(__name__)

# The league fields the ratings are computed with (league.ratings.services.Settings).
RATING_FIELDS = frozenset({"rating_start", "rating_k"})


class _Pending:
    """The matches whose history changed in the current transaction, rated together once it
    commits (a replay changes many: each league is brought up to date once, from the first)."""

    def __init__(self) -> None:
        self.ids: set[int] = set()
        self.done = False

    def __call__(self) -> None:
        self.done = True
        queue_ratings(self.ids)


def queue_ratings(match_ids: set[int]) -> None:
    """One task per league for these committed matches. A message that cannot be queued (the broker
    down) is logged: the league's next rating starts from its first unrated match
    (league.ratings.services.rate_league), and `recompute_ratings` mends anything."""
    from league.ratings.tasks import rate_league_task
    from matches.models import Match

    by_league: dict[int, list[int]] = {}
    for league_id, pk in Match.objects.filter(pk__in=match_ids).values_list("league_id", "pk"):
        by_league.setdefault(league_id, []).append(pk)
    for league_id, ids in sorted(by_league.items()):
        try:
            rate_league_task.delay(league_id, sorted(ids))
        except Exception:
            log.warning("ratings of league %s (matches %s) not queued or failed", league_id, ids, exc_info=True)


def _history_changed(sender: Any, match_id: int, **kwargs: Any) -> None:
    # One callback per transaction: the one registered already, unless a rolled-back savepoint
    # took it away. Outside a transaction (autocommit) the callback runs at once.
    connection = transaction.get_connection()
    pending = getattr(connection, "_ratings_pending", None)
    waiting = connection.in_atomic_block and any(func is pending for _sids, func, *_rest in connection.run_on_commit)
    if pending is None or pending.done or not waiting:
        pending = _Pending()
        connection._ratings_pending = pending
        pending.ids.add(match_id)
        # robust: a rating that fails is logged and never turns the committed match into a failed
        # run; the next rating of the league (or `recompute_ratings`) brings it in.
        transaction.on_commit(pending, robust=True)
    else:
        pending.ids.add(match_id)


def _league_saved(
    sender: Any, instance: League, update_fields: Any = None, created: bool = False, **kwargs: Any
) -> None:
    if created or not update_fields or not RATING_FIELDS & set(update_fields):
        return
    from league.ratings.services import recompute_league

    league_id = instance.pk
    transaction.on_commit(lambda: recompute_league(League.objects.get(pk=league_id)))


def connect() -> None:
    from league.ratings import tasks  # noqa: F401  (a worker knows the task)

    match_hooks.history_changed.connect(_history_changed, weak=False, dispatch_uid="league.ratings")
    post_save.connect(_league_saved, sender=League, weak=False, dispatch_uid="league.ratings.settings")
