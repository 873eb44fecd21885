"""A match's place in time: season, round, play date, confirmation, id.

Stored as one string of digits (Match.sequence) so that one indexed comparison orders matches
on SQLite and PostgreSQL alike, whatever the collation. The post-match sequence runs each team's
matches in this order (postgame.earlier_unprocessed), and editing a processed match will replay
the matches after it in the same order.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from matches.hooks import season_position
from matches.models import Match

SEASON_DIGITS = 5
ROUND_DIGITS = 4
ID_DIGITS = 12


def sequence_key(*, season: int, round_number: int, played_on: date | None, confirmed_at: datetime, pk: int) -> str:
    day = played_on or confirmed_at.astimezone(UTC).date()
    return (
        f"{season:0{SEASON_DIGITS}d}{round_number:0{ROUND_DIGITS}d}{day:%Y%m%d}"
        f"{confirmed_at.astimezone(UTC):%Y%m%d%H%M%S%f}{pk:0{ID_DIGITS}d}"
    )


def match_sequence(match: Match) -> str:
    """The key of a match being confirmed. A match outside any season (a friendly, an import
    without one) takes the league's latest season and the latest round of it already started on
    its day, so it sits among the season's matches of that time, not before all of them."""
    assert match.confirmed_at is not None and match.pk is not None
    season_number, round_number = 0, 0
    day = match.played_on or match.confirmed_at.astimezone(UTC).date()
    if match.season is not None:
        season_number = match.season.number
        round_number = match.round.number if match.round is not None else 0
    else:
        season_number, round_number = season_position(match, day)
    if match.season_id is not None and match.round_id is None:
        round_number = 0
    return sequence_key(
        season=season_number,
        round_number=round_number,
        played_on=match.played_on,
        confirmed_at=match.confirmed_at,
        pk=match.pk,
    )
