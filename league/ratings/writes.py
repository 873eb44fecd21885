"""Writing a league's rating entries: only the rows that differ (docs/ratings.md).

The entries from a place in play order on are computed again in full (league.ratings.services),
then compared with the stored ones by their natural key (kind, subject, match): an entry that is
the same is left alone, one that moved or changed is updated in place, a new one is inserted and
one whose match is no longer rated (or no longer rates that subject) is deleted. A late result
changes the entries of its teams and coaches after it and of the few opponents whose rounded
delta moves with them; every other row stays as it was (PostgreSQL then keeps no dead copy of it).
Bulk statements: one DELETE per 900 rows, each INSERT and UPDATE sent for many rows at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Q

from league.infra.page_versions import page_scope, play_scope, rate_scope, team_scope
from league.ratings.models import RatingEntry

Key = tuple[str, int]  # a match's place in play order: (sequence, id)
Row = tuple[str, int, int, str, int, int, int]  # kind, subject, match, sequence, before, after, delta
FIELDS = ("sequence", "before", "after", "delta")  # what an entry's natural key does not fix
MAX_ROWS = 900  # ids per DELETE: under SQLite's 999 parameters

# Whether a league's pages other than its ratings' read its ratings (a season's table ranking tied
# teams by rating): asked of the layers above, which register the question (league/apps.py).
_ranks_by_rating: list[Callable[[int], bool]] = []


def read_by_tables(ask: Callable[[int], bool]) -> None:
    _ranks_by_rating.append(ask)


def _scopes(league_id: int, moved: set[int]) -> list[int]:
    """What new ratings change: the league's ratings pages and each moved team's pages; its results
    pages too when one of its tables ranks by rating. Every other page of the league stays kept."""
    scopes = [rate_scope(league_id), *(team_scope(team) for team in sorted(moved))]
    if any(ask(league_id) for ask in _ranks_by_rating):
        scopes.append(play_scope(league_id))
    return scopes


@dataclass
class Written:
    """What a rating wrote: rows inserted, updated and deleted."""

    inserted: int = 0
    updated: int = 0
    deleted: int = 0

    def __iadd__(self, other: Written) -> Written:
        self.inserted += other.inserted
        self.updated += other.updated
        self.deleted += other.deleted
        return self

    @property
    def rows(self) -> int:
        return self.inserted + self.updated + self.deleted


def after_q(key: Key, sequence: str, pk: str) -> Q:
    """At `key` or after it in play order, on the fields named. The first term repeats what the
    others say so that the database reads a range of the sequence's index."""
    seq, ident = key
    return Q(**{f"{sequence}__gte": seq}) & (Q(**{f"{sequence}__gt": seq}) | Q(**{f"{pk}__gte": ident}))


def _batches(items: list[Any], size: int) -> list[list[Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def _statements() -> tuple[str, str]:
    """The INSERT and UPDATE of one entry, each sent for many rows at once (executemany: psycopg
    pipelines them, SQLite runs them in process). Short statements: the driver parses each once,
    where a multi-row VALUES list of thousands of placeholders costs more to bind than to run."""
    qn, meta = connection.ops.quote_name, RatingEntry._meta
    table = qn(meta.db_table)
    column = {f.attname: qn(f.column) for f in meta.concrete_fields if f.column}
    names = ("league_id", "kind", "subject", "match_id", *FIELDS)
    insert = f"INSERT INTO {table} ({', '.join(column[n] for n in names)}) VALUES ({', '.join(['%s'] * len(names))})"
    sets = ", ".join(f"{column[n]} = %s" for n in FIELDS)
    update = f"UPDATE {table} SET {sets} WHERE {column['id']} = %s"
    return insert, update


def rewrite(league_id: int, fresh: list[Row], since: Key | None) -> Written:
    """Make the league's stored entries from `since` on (all when None) equal `fresh`, the
    computation of the same span, writing only what differs. The caller holds the league's lock."""
    stored = RatingEntry.objects.filter(league_id=league_id)
    if since is not None:
        stored = stored.filter(after_q(since, "sequence", "match_id"))
    kept: dict[tuple[str, int, int], tuple[int, tuple[Any, ...]]] = {
        (kind, subject, match): (pk, tuple(values))
        for pk, kind, subject, match, *values in stored.values_list("pk", "kind", "subject", "match_id", *FIELDS)
    }
    inserts: list[tuple[Any, ...]] = []
    updates: list[tuple[Any, ...]] = []
    moved: set[int] = set()
    for kind, subject, match, *values in fresh:
        old = kept.pop((kind, subject, match), None)
        if old is None:
            inserts.append((league_id, kind, subject, match, *values))
        elif tuple(values) != old[1]:
            updates.append((*values, old[0]))
            if kind == RatingEntry.Kind.TEAM:
                moved.add(subject)
    gone = sorted(pk for pk, _values in kept.values())
    moved.update(subject for kind, subject, _match in kept if kind == RatingEntry.Kind.TEAM)
    moved.update(row[2] for row in inserts if row[1] == RatingEntry.Kind.TEAM)
    with page_scope(*_scopes(league_id, moved)):
        for batch in _batches(gone, MAX_ROWS):
            RatingEntry.objects.filter(pk__in=batch).delete()
        insert, update = _statements()
        with connection.cursor() as cursor:
            for rows, sql in ((sorted(updates, key=lambda row: row[-1]), update), (inserts, insert)):
                for batch in _batches(rows, MAX_ROWS * 10):
                    cursor.executemany(sql, batch)
    return Written(inserted=len(inserts), updated=len(updates), deleted=len(gone))
