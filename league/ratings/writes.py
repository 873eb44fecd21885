"""Writing a league's rating entries: only the rows that differ (docs/ratings.md).

The entries from a place in play order on are computed again in full (league.ratings.services),
then compared with the stored ones by their natural key (kind, subject, match): an entry that is
the same is left alone, one that moved or changed is updated in place, a new one is inserted and
one whose match is no longer rated (or no longer rates that subject) is deleted. A late result
changes the entries of its teams and coaches after it and of the few opponents whose rounded
delta moves with them; every other row stays as it was (PostgreSQL then keeps no dead copy of it).
Bulk statements, a fixed number per batch of rows, whatever the league's size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Q

from league.infra.bulk import insert_rows, update_rows
from league.ratings.models import RatingEntry

Key = tuple[str, int]  # a match's place in play order: (sequence, id)
Row = tuple[str, int, int, str, int, int, int]  # kind, subject, match, sequence, before, after, delta
FIELDS = ("sequence", "before", "after", "delta")  # what an entry's natural key does not fix
MAX_ROWS = 1000  # rows per statement at most (PostgreSQL); SQLite's parameter limit makes it fewer


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
    """At `key` or after it in play order, on the fields named."""
    seq, ident = key
    return Q(**{f"{sequence}__gt": seq}) | Q(**{sequence: seq, f"{pk}__gte": ident})


def _batches(items: list[Any], params_per_item: int) -> list[list[Any]]:
    limit = connection.features.max_query_params or MAX_ROWS * params_per_item
    size = max(1, min(MAX_ROWS, limit // params_per_item))
    return [items[i : i + size] for i in range(0, len(items), size)]


def rewrite(league_id: int, fresh: list[Row], since: Key | None) -> Written:
    """Make the league's stored entries from `since` on (all when None) equal `fresh`, the
    computation of the same span, writing only what differs. The caller holds the league's lock."""
    stored = RatingEntry.objects.filter(league_id=league_id)
    if since is not None:
        stored = stored.filter(after_q(since, "sequence", "match_id"))
    kept: dict[tuple[str, int, int], tuple[int, tuple[str, int, int, int]]] = {
        (kind, subject, match): (pk, (sequence, before, after, moved))
        for pk, kind, subject, match, sequence, before, after, moved in stored.values_list(
            "pk", "kind", "subject", "match_id", *FIELDS
        ).iterator(chunk_size=5000)
    }
    inserts: list[dict[str, Any]] = []
    updates: dict[int, dict[str, Any]] = {}
    for kind, subject, match, *values in fresh:
        old = kept.pop((kind, subject, match), None)
        if old is None:
            row = (league_id, kind, subject, match, *values)
            inserts.append(dict(zip(("league_id", "kind", "subject", "match_id", *FIELDS), row, strict=True)))
        elif tuple(values) != old[1]:
            updates[old[0]] = {name: new for name, new, was in zip(FIELDS, values, old[1], strict=True) if new != was}
    gone = sorted(pk for pk, _values in kept.values())
    for batch in _batches(gone, 1):
        RatingEntry.objects.filter(pk__in=batch).delete()
    changed = sorted(updates)
    for batch in _batches(changed, 1 + 2 * len(FIELDS)):
        update_rows(RatingEntry, {pk: updates[pk] for pk in batch})
    for batch in _batches(inserts, 2 + 2 + len(FIELDS)):
        insert_rows(RatingEntry, batch)
    return Written(inserted=len(inserts), updated=len(changed), deleted=len(gone))
