"""What the ratings hear: a match's history changed (matches.hooks.history_changed), a league's
rating settings changed. Connected from LeagueConfig.ready().

The ratings are never written in the transaction that changed the history: each match it names is
recorded in the outbox (league/core/outbox.py), and once it commits the outbox's batch rates each
league of the batch once (league.ratings.services.rate_matches). The post-match run then holds no
league-wide lock and writes no rating.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save

from league.core import outbox
from league.core.models import League
from league.infra.page_versions import rate_scope
from matches import hooks as match_hooks

log = logging.getLogger(__name__)

# The league fields the ratings are computed with (league.ratings.services.Settings).
RATING_FIELDS = frozenset({"rating_start", "rating_k"})
LISTENER = "ratings"


def _history_changed(sender: Any, match_id: int, league_id: int, result_changed: bool = True, **kwargs: Any) -> None:
    if not result_changed:  # run again with its result, place and teams' coaches as they were: no rating moves
        return
    # Recorded in the writer's transaction (league/core/outbox.py), rated after its commit by the
    # outbox's task, in a transaction of its own under the league's lock: the run neither holds the
    # league nor waits for the ratings, and a rating lost with its worker is done by the task's
    # retry or the sweep (rate_matches also starts from the first match without entries).
    outbox.record(
        LISTENER,
        outbox.new_key(f"ratings:{match_id}"),
        {"match": match_id, "league": league_id},  # the batch's writes change that league's pages
    )


def rate_batch(payloads: list[dict[str, Any]]) -> None:
    """The outbox's ratings listener, in its transaction: the matches whose history changed, rated
    together (each league once, from the first place they change: league.ratings.services)."""
    from league.ratings.services import rate_matches

    rate_matches({payload["match"] for payload in payloads})


def _league_saved(
    sender: Any, instance: League, update_fields: Any = None, created: bool = False, **kwargs: Any
) -> None:
    if created or not update_fields or not RATING_FIELDS & set(update_fields):
        return
    from league.ratings.services import recompute_league

    league_id = instance.pk
    transaction.on_commit(lambda: recompute_league(League.objects.get(pk=league_id)))


def connect() -> None:
    from league.ratings import tasks  # noqa: F401  (a worker knows the sweep's and the league's tasks)

    # Its writes claim the league's ratings (and the teams they move, league/ratings/writes.py), not
    # its results pages: those carry the ratings only where a table ranks by them.
    outbox.listen_batch(LISTENER, rate_batch, rate_scope)
    match_hooks.history_changed.connect(_history_changed, weak=False, dispatch_uid="league.ratings")
    post_save.connect(_league_saved, sender=League, weak=False, dispatch_uid="league.ratings.settings")
