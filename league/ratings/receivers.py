"""What the ratings hear: a match's history changed (matches.hooks.history_changed), a league's
rating settings changed. Connected from LeagueConfig.ready()."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import post_save

from league.core.models import League
from matches import hooks as match_hooks

# The league fields the ratings are computed with (league.ratings.services.Settings).
RATING_FIELDS = frozenset({"rating_start", "rating_k"})


class _Pending:
    """The matches whose history changed in the current transaction, rated together once it
    commits (a replay changes many: the league is brought up to date once, from the first)."""

    def __init__(self) -> None:
        self.ids: set[int] = set()
        self.done = False

    def __call__(self) -> None:
        from league.ratings.services import rate_matches

        self.done = True
        rate_matches(self.ids)


def _history_changed(sender: Any, match_id: int, **kwargs: Any) -> None:
    # Once the run commits, in a transaction of its own under the league's lock: the run does not
    # hold the league while it works, and a rating lost with its worker is brought in by the next
    # one (rate_matches starts from the first match without entries). One callback per
    # transaction: the one registered already, unless a rolled-back savepoint took it away.
    connection = transaction.get_connection()
    pending = getattr(connection, "_ratings_pending", None)
    waiting = connection.in_atomic_block and any(func is pending for _sids, func, *_rest in connection.run_on_commit)
    if pending is None or pending.done or not waiting:
        pending = _Pending()
        connection._ratings_pending = pending
        pending.ids.add(match_id)
        # robust: a rating that fails is logged and never turns the committed match into a failed
        # run; the next rated match (or `recompute_ratings`) brings it in.
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
    match_hooks.history_changed.connect(_history_changed, weak=False, dispatch_uid="league.ratings")
    post_save.connect(_league_saved, sender=League, weak=False, dispatch_uid="league.ratings.settings")
