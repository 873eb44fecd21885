"""A post-match run's first two statements as plain SQL: the claim of its match and the lock of its
two teams (matches.services.postgame). Both run in every run; the ORM spent more Python compiling
them than the database spent answering (docs/benchmarks.md), as snapshot.py's reads did."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import cast

from django.conf import settings
from django.db import connection
from django.db.models import Field
from django.utils import timezone

from matches.models import Match
from matches.services.numbers import GIVEN
from matches.services.sequence import UNPROCESSED
from teams.models import Team

_STATUSES = ", ".join(f"'{status}'" for status in UNPROCESSED)  # (fixed values, never user input)
# earlier_unprocessed (matches.services.sequence) of the match being claimed: what it waits for.
CLAIM_SQL = f"""
UPDATE matches_match SET status = %s, lease_until = %s, attempts = attempts + 1, failure_reason = ''
 WHERE id = %s AND (status = %s OR (status = %s AND lease_until < %s))
   AND NOT EXISTS (SELECT 1 FROM matches_match e
                    WHERE (e.home_id IN (matches_match.home_id, matches_match.away_id)
                           OR e.away_id IN (matches_match.home_id, matches_match.away_id))
                      AND (e.sequence < matches_match.sequence
                           OR (e.sequence = matches_match.sequence AND e.id < matches_match.id))
                      AND e.status IN ({_STATUSES}))
"""  # noqa: S608


def claim(match_id: int) -> datetime | None:
    """Compare-and-swap: take the match unless someone holds a live lease on it, it is done, or an
    earlier match of one of its teams has still to be processed. Returns the lease, the claim's
    token (matches.services.faults.release, still_held), or None."""
    now = timezone.now()
    lease = now + timedelta(seconds=settings.POSTGAME_LEASE_SECONDS)
    adapt = connection.ops.adapt_datetimefield_value
    params = [Match.Status.PROCESSING, adapt(lease), match_id, Match.Status.CONFIRMED, Match.Status.PROCESSING]
    with connection.cursor() as cursor:
        cursor.execute(CLAIM_SQL, [*params, adapt(now)])
        taken = cursor.rowcount
    return lease if taken else None


# What a run reads of the teams: what it writes (apply.write_teams), the report's and the team
# value's facts (an alliance's rosters too), and the events' facts (postgame_told).
TEAM_FIELDS = (
    *("race", "second_roster", "third_roster", "treasury", "fan_factor", "team_value"),
    *("rerolls", "assistant_coaches", "cheerleaders", "apothecary", "name", "coach"),
)
_COLUMNS = ", ".join(f"t.{cast(Field, Team._meta.get_field(name)).column}" for name in ("id", *TEAM_FIELDS))
# numbers_given: a replay gave one of its players another number back (rare: numbers.numbers_known).
LOCK_SQL = f"""
SELECT {_COLUMNS},
       EXISTS (SELECT 1 FROM league_auditentry a WHERE a.team_id = t.id AND a.action = %s) AS numbers_given
  FROM teams_team t
 WHERE t.id IN (SELECT home_id FROM matches_match WHERE id = %s UNION SELECT away_id FROM matches_match WHERE id = %s)
 ORDER BY t.id
"""  # noqa: S608


def lock_teams(match_id: int) -> dict[int, Team]:
    """The match's two teams locked, in primary-key order (no deadlock between runs), by id."""
    sql = LOCK_SQL + (" FOR UPDATE" if connection.features.has_select_for_update else "")
    return {t.pk: t for t in Team.objects.raw(sql, [GIVEN, match_id, match_id])}
