"""What the derived tables hear: a match's history changed (matches.hooks.history_changed, sent in
the post-match sequence's transaction, by a replay for each match it runs again and by a void),
and a change of what a season's table is made of besides its results (entries, lots, the
commissioner's order, byes, forfeits, the season's settings). Connected from LeagueConfig.ready().

Each is marked in the writer's transaction (a DerivedDirty row: it commits or rolls back with the
change) and built once the transaction commits, once per league whatever the number of matches a
replay ran (league.competitions.derived.build); a post-match sequence's marks are built by the
outbox's batch after its commit (league/core/outbox.py), with its other listeners.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save

from league.competitions.challenges.models import Challenge
from league.competitions.derived.models import DerivedDirty
from league.competitions.seasons.models import Bye, Round, Season, SeasonTeam, StandingsLot, StandingsOrder
from league.core import outbox
from league.infra.page_warm import queue_warm
from matches import hooks as match_hooks

log = logging.getLogger(__name__)


class _Pending:
    """The leagues marked in the current transaction, built once it commits."""

    def __init__(self) -> None:
        self.leagues: set[int] = set()
        self.done = False
        self.__qualname__ = "derived tables' build"  # what Django logs a failed robust callback as

    @classmethod
    def of(cls, leagues: set[int]) -> _Pending:
        pending = cls()
        pending.leagues = leagues
        return pending

    def __call__(self) -> None:
        from league.competitions.derived.build import build

        if self.done:
            return
        self.done = True
        built = set()
        for league_id in sorted(self.leagues):
            try:
                build(league_id)
            except Exception:  # its marks stay for the next build; the other leagues are built
                log.exception("derived tables of league %s not built", league_id)
            else:
                built.add(league_id)
        # Their pages rendered for their readers once the build is committed (league/infra/page_warm.py).
        transaction.on_commit(lambda: queue_warm(built), robust=True)


LISTENER = "derived"


def build_batch(payloads: list[dict[str, Any]]) -> None:
    """The outbox's derived listener (league/core/outbox.py): each league of the batch built once,
    whatever the number of sequences that marked it meanwhile."""
    _Pending.of({payload["league"] for payload in payloads})()


def _schedule(league_id: int) -> None:
    # In a post-match sequence (its outbox collecting): built after its commit by the outbox's
    # batch with the other listeners, so the sequence's own run neither waits for nor pays the
    # build; a burst of results builds each league once per batch.
    if getattr(transaction.get_connection(), "_outbox_buffer", None) is not None:
        outbox.record(LISTENER, outbox.new_key(f"derived:{league_id}"), {"league": league_id})
        return
    # One build per transaction and league: every mark adds a callback (a rolled-back savepoint, a
    # replay's cascade, takes its own away with the rows it marked), the first to run builds every
    # league marked, the others find it done. Outside a transaction the callback runs at once.
    connection = transaction.get_connection()
    pending = getattr(connection, "_derived_pending", None)
    # Not one a rolled-back transaction left (its leagues may be gone with it).
    waiting = any(func is pending for _sids, func, *_rest in connection.run_on_commit)
    if pending is None or pending.done or not waiting:
        pending = _Pending()
        connection._derived_pending = pending
    pending.leagues.add(league_id)
    # robust: a build that fails leaves its marks for the next one and never fails the write;
    # the pages compute as before until then.
    transaction.on_commit(pending, robust=True)


# One statement in the writer's transaction (SQLite 3.35+ and PostgreSQL know RETURNING).
MARK_MATCH_SQL = """
INSERT INTO league_deriveddirty (league_id, season_id, match_id, home_id, away_id, results)
SELECT league_id, season_id, id, home_id, away_id, %s FROM matches_match WHERE id = %s
RETURNING league_id
"""


def mark_match(match_id: int, results: bool = True) -> None:
    with connection.cursor() as cursor:
        cursor.execute(MARK_MATCH_SQL, [results, match_id])
        row = cursor.fetchone()
    if row is not None:
        _schedule(row[0])


def mark_season(season_id: int | None) -> None:
    if season_id is None:
        return
    league_id = Season.objects.filter(pk=season_id).values_list("league_id", flat=True).first()
    if league_id is None:  # the season itself is being deleted
        return
    DerivedDirty.objects.create(league_id=league_id, season_id=season_id)
    _schedule(league_id)


def _history_changed(sender: Any, match_id: int, result_changed: bool = True, **kwargs: Any) -> None:
    mark_match(match_id, results=result_changed)


def _season_input(sender: Any, instance: Any, **kwargs: Any) -> None:
    if isinstance(instance, Season):
        mark_season(instance.pk)
    elif isinstance(instance, Bye):  # its round may be going with it: read, not followed
        mark_season(Round.objects.filter(pk=instance.round_id).values_list("season_id", flat=True).first())
    else:
        mark_season(instance.season_id)


def connect() -> None:
    outbox.listen_batch(LISTENER, build_batch)
    match_hooks.history_changed.connect(_history_changed, weak=False, dispatch_uid="league.derived")
    for model in (SeasonTeam, StandingsLot, StandingsOrder, Bye, Challenge):
        for signal in (post_save, post_delete):
            signal.connect(_season_input, sender=model, weak=False, dispatch_uid=f"league.derived.{model.__name__}")
    post_save.connect(_season_input, sender=Season, weak=False, dispatch_uid="league.derived.Season")
