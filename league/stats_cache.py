"""The league's statistics, computed once per change of what they are made of (as
league.competitions.standings.cache does for a season's table).

Leaders, records, the hall of fame and the cemetery read every processed match of the league;
on 3,000 matches that is most of a page. They change only when a match is processed (or replayed
after an edit), a player dies, is renamed or changes team status, or a team is renamed: the
league's `version` (one query of counts, sums and maxima over those rows, and the league's
revision, bumped by renames: league.core.revisions) keys the cache entry. Every fact is read from the
database, so a cache kept by one process is as correct as a shared one.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.cache import cache
from django.db import connection

from league.core.models import League

# One statement (SQLite and PostgreSQL). Sums and maxima of ids stand for the rows themselves.
# The effects (SPP, MVP, deaths) are not read: only the post-match sequence writes them, and it
# stamps its match's processed_at (a replay after an edit too), so MAX(processed_at) moves with
# them; scanning every effect of the league would cost more than the page it saves.
VERSION_SQL = """
SELECT m.*, p.*, t.*, s.*, r.* FROM
  (SELECT COUNT(*) AS matches, MAX(processed_at) AS processed, MAX(sequence) AS latest, SUM(id) AS ids
     FROM matches_match WHERE league_id = %(league)s AND status = 'processed') m,
  (SELECT COUNT(*) AS gone, SUM(p.id) AS gone_ids FROM teams_player p JOIN teams_team t ON p.team_id = t.id
     WHERE t.league_id = %(league)s AND p.status <> 'active') p,
  (SELECT COUNT(*) AS teams, MAX(updated_at) AS updated FROM teams_team WHERE league_id = %(league)s) t,
  (SELECT COUNT(*) AS seasons, MAX(id) AS last_season, {names} AS names
     FROM league_season WHERE league_id = %(league)s) s,
  (SELECT COALESCE(MAX(number), 0) AS revision FROM league_revision WHERE league_id = %(league)s) r
"""
TIMEOUT = 24 * 3600
# A league has few seasons: their names themselves are part of the version (a sum of lengths was
# blind to a rename of the same length). The aggregate is spelt per database.
NAMES_SQL = {"postgresql": "STRING_AGG(name, '|' ORDER BY id)", "sqlite": "GROUP_CONCAT(name, '|')"}


def league_version(league: League) -> str:
    """What the league's statistics are made of, hashed (one query)."""
    with connection.cursor() as cursor:
        names = NAMES_SQL.get(connection.vendor, "MAX(name)")
        cursor.execute(VERSION_SQL.replace("{names}", names), {"league": league.pk})
        facts = list(cursor.fetchone())
    # created_at tells apart two leagues reusing a primary key (a test database rolled back).
    facts += [league.pk, league.created_at]
    return hashlib.sha256(json.dumps(facts, default=str, sort_keys=True).encode()).hexdigest()[:40]


def cached(kind: str, version: str, compute: Any) -> Any:
    key = f"stats:{kind}:{version}"
    found = cache.get(key)
    if found is None:
        found = compute()
        cache.set(key, found, TIMEOUT)
    return found
