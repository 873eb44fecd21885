"""The league's statistics, computed once per change of what they are made of (as
league.standings_cache does for a season's table).

Leaders, records, the hall of fame and the cemetery read every processed match of the league;
on 3,000 matches that is most of a page. They change only when a match is processed (or replayed
after an edit), a player dies, is renamed or changes team status, or a team is renamed: the
league's `version` (one query of counts, sums and maxima over those rows) keys the cache entry.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.cache import cache
from django.db import connection

from league.models import League
from league.standings_cache import NAMES_KEY

# One statement (SQLite and PostgreSQL). Sums and maxima of ids stand for the rows themselves.
# The effects (SPP, MVP, deaths) are not read: only the post-match sequence writes them, and it
# stamps its match's processed_at (a replay after an edit too), so MAX(processed_at) moves with
# them; scanning every effect of the league would cost more than the page it saves.
VERSION_SQL = """
SELECT m.*, p.*, t.*, s.* FROM
  (SELECT COUNT(*) AS matches, MAX(processed_at) AS processed, MAX(sequence) AS latest, SUM(id) AS ids
     FROM matches_match WHERE league_id = %(league)s AND status = 'processed') m,
  (SELECT COUNT(*) AS gone, SUM(p.id) AS gone_ids FROM teams_player p JOIN teams_team t ON p.team_id = t.id
     WHERE t.league_id = %(league)s AND p.status <> 'active') p,
  (SELECT COUNT(*) AS teams, MAX(updated_at) AS updated FROM teams_team WHERE league_id = %(league)s) t,
  (SELECT COUNT(*) AS seasons, MAX(id) AS last_season, SUM(LENGTH(name)) AS names
     FROM league_season WHERE league_id = %(league)s) s
"""
TIMEOUT = 24 * 3600


def league_version(league: League) -> str:
    """What the league's statistics are made of, hashed (one query)."""
    with connection.cursor() as cursor:
        cursor.execute(VERSION_SQL, {"league": league.pk})
        facts = list(cursor.fetchone())
    # created_at tells apart two leagues reusing a primary key (a test database rolled back);
    # the renaming counter is the one the season's cache uses (a player renamed).
    facts += [league.pk, league.created_at, cache.get(NAMES_KEY, 0)]
    return hashlib.sha256(json.dumps(facts, default=str, sort_keys=True).encode()).hexdigest()[:40]


def cached(kind: str, version: str, compute: Any) -> Any:
    key = f"stats:{kind}:{version}"
    found = cache.get(key)
    if found is None:
        found = compute()
        cache.set(key, found, TIMEOUT)
    return found
