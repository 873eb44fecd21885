"""The bench league's ratings (docs/ratings.md, docs/benchmarks.md): its matches written in bulk
rated from scratch, the matches played for real rated one by one as the post-match sequence has
them rated (each a late result for the league: the bulk matches after it are already rated), then
the whole league rated again from scratch, timed, after checking that it gives what the
incremental ratings left."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from celery import current_app
from django.db import connection, transaction


class RatingsError(RuntimeError):
    pass


@dataclass
class Ratings:
    matches: int = 0  # rated matches of the league
    entries: int = 0  # their rating entries
    seconds: float = 0.0  # the whole league rated from scratch (no entry stored before)
    runs: list[float] = field(default_factory=list)  # each incremental rating task's wall time
    updated: int = 0  # entries the incremental ratings rewrote (inserts aside)
    checked: bool = False  # the incremental ratings compared with a computation from scratch

    def line(self) -> str:
        runs = self.runs or [0.0]
        return (
            f"ratings: {self.matches} matches rated in {self.seconds:.2f} s (from scratch, {self.entries} entries); "
            f"{len(self.runs)} matches played for real rated incrementally in {sum(runs):.2f} s "
            f"(max {max(runs) * 1000:.0f} ms, {self.updated} entries updated)"
            + (", equal to from scratch" if self.checked else "")
        )


@contextmanager
def incremental(ratings: Ratings) -> Iterator[Ratings]:
    """Time every rating of a league run in the block (the outbox's ratings batch, eagerly in this
    process as the bench runs the post-match sequence: league.ratings.services.rate_league) and
    count the entries they updated."""
    from league.ratings import services

    original = services.rate_league

    def timed(league_id: int, match_ids: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        written = original(league_id, match_ids, **kwargs)
        ratings.runs.append(time.perf_counter() - started)
        ratings.updated += getattr(written, "updated", 0)
        return written

    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = True
    services.rate_league = timed
    try:
        yield ratings
    finally:
        services.rate_league = original
        current_app.conf.task_always_eager = eager


def from_scratch(league: Any, ratings: Ratings) -> None:
    """Check the incremental ratings against a computation from scratch, then time the whole
    league rated with no entry stored (what `recompute_ratings` does for a league imported)."""
    from league.ratings.models import RatingEntry
    from league.ratings.services import differences, rated_matches, recompute_league

    # Built inside a transaction (a test's), the runs' ratings wait for its commit: nothing to check.
    if not connection.in_atomic_block:
        wrong = differences(league)
        if wrong:
            raise RatingsError(f"the incremental ratings differ from scratch: {wrong[:3]}")
        ratings.checked = True
    ratings.matches = len(rated_matches(league.pk))
    with transaction.atomic():
        RatingEntry.objects.filter(league=league).delete()
        started = time.perf_counter()
        ratings.entries = recompute_league(league)
        ratings.seconds = time.perf_counter() - started
    if connection.vendor == "postgresql" and not connection.in_atomic_block:  # the deleted entries' dead rows
        with connection.cursor() as cursor:
            cursor.execute("VACUUM league_ratingentry")
