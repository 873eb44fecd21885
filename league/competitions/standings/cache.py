"""A season's table and leaders, computed once per change of what they are made of.

The standings engine ranks every result each time it is asked, and a league of 200 teams and
3,000 matches makes that the bulk of a page (docs/benchmarks.md). What a table is made of changes
only when a result is confirmed or processed, a team enters or leaves, lots are drawn or the
scheme changes, so its `version` (a hash of those, read in one query) keys a cache entry:
the engine runs once per change, not once per reader. Nothing is stored in the database; a lost
cache is recomputed. Editing a processed match changes its sequence and processed_at, so it
changes the version too.

Every fact of the version is read from the database, never from the cache itself: a cache kept by
one process (the default without CACHE_URL) is then as correct as a shared one, since a write seen
by any process changes the key every process computes. What counts and maxima cannot see (a rename
to a name of the same length, a bye moved) bumps the league's revision (league.core.revisions).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import cache
from django.db import connection

from league.competitions.seasons.models import Season
from league.competitions.standings.table import PLAYED

T = TypeVar("T")
TIMEOUT = 24 * 3600


# One statement (SQLite and PostgreSQL): what the season's matches, entries, lots, byes and
# challenge forfeits are now, and the league's revision (names and byes).
# Sums and maxima of ids stand for the rows themselves: a row added, removed or changed in a way
# the table can see moves at least one of them.
VERSION_SQL = """
SELECT m.*, e.*, l.*, b.*, c.*, v.* FROM
  (SELECT COUNT(*), SUM(CASE WHEN status IN {played} THEN 1 ELSE 0 END),
          SUM(CASE WHEN status = 'processed' THEN 1 ELSE 0 END), MAX(sequence), MAX(processed_at),
          SUM(CASE WHEN status IN {played} THEN home_score * 1000 + away_score ELSE 0 END)
     FROM matches_match WHERE season_id = %(season)s) m,
  (SELECT COUNT(*), SUM(CASE WHEN status = 'approved' THEN team_id ELSE 0 END), MAX(id)
     FROM league_seasonteam WHERE season_id = %(season)s) e,
  (SELECT COUNT(*), MAX(id) FROM league_standingslot WHERE season_id = %(season)s) l,
  (SELECT COUNT(*) FROM league_bye x JOIN league_round r ON x.round_id = r.id WHERE r.season_id = %(season)s) b,
  (SELECT SUM(CASE WHEN forfeit_to <> '' THEN 1 ELSE 0 END), MAX(decided_at),
          SUM(id * (CASE forfeit_to WHEN 'challenger' THEN 1 WHEN 'opponent' THEN 2 ELSE 0 END))
     FROM league_challenge WHERE season_id = %(season)s) c,
  (SELECT COALESCE(MAX(number), 0) FROM league_revision WHERE league_id = %(league)s) v
""".replace("{played}", "(" + ", ".join(f"'{status}'" for status in PLAYED) + ")")  # constants, not input


def season_version(season: Season, settings: dict[str, Any]) -> str | None:
    """What the season's table and leaders are made of, hashed (one query); None when they cannot
    be cached (the team-value tie-breaker reads the teams' value now, which any purchase changes;
    the rating one their ratings now, which a match of another competition changes)."""
    if {"team_value", "rating"} & set(settings.get("tie_breakers", ())):
        return None
    with connection.cursor() as cursor:
        cursor.execute(VERSION_SQL, {"season": season.pk, "league": season.league_id})
        facts = list(cursor.fetchone())
    # created_at tells apart two seasons that reuse a primary key (a test database rolled back).
    facts += [season.pk, season.created_at, settings]
    return hashlib.sha256(json.dumps(facts, default=str, sort_keys=True).encode()).hexdigest()[:40]


def cached(kind: str, version: str | None, compute: Callable[[], T]) -> T:
    """compute() once per version (every time when version is None)."""
    if version is None:
        return compute()
    key = f"season:{kind}:{version}"
    found: T | None = cache.get(key)
    if found is None:
        found = compute()
        cache.set(key, found, TIMEOUT)
    return found
