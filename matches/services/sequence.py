"""A match's place in time: the day it was played, then the moment it was confirmed, then its id.

Play order, not the schedule: a round is a label of the fixtures, and a result entered late takes
the place its day of play gives it. The day is the one entered with the result; when none was,
the first day of its round's dates (when the commissioner dated the round), else the day it was
confirmed. Stored as one string of digits (Match.sequence) so that one indexed comparison orders
matches on SQLite and PostgreSQL alike, whatever the collation. The post-match sequence runs each
team's matches in this order (earlier_unprocessed below); a replay of a corrected history
will run them in the same order (docs/design-history.md).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from django.db.models import Q, QuerySet

from matches.models import Match

ID_DIGITS = 12


def sequence_key(*, played_on: date | None, confirmed_at: datetime, pk: int) -> str:
    day = played_on or confirmed_at.astimezone(UTC).date()
    return f"{day:%Y%m%d}{confirmed_at.astimezone(UTC):%Y%m%d%H%M%S%f}{pk:0{ID_DIGITS}d}"


def played_day(match: Match) -> date | None:
    """The day the match was played, as far as it is known (None: only its confirmation tells)."""
    if match.played_on is not None:
        return match.played_on
    if match.round_id is not None and match.round is not None and match.round.starts_on is not None:
        return match.round.starts_on
    return None


def match_sequence(match: Match) -> str:
    """The key of a match being confirmed."""
    assert match.confirmed_at is not None and match.pk is not None
    return sequence_key(played_on=played_day(match), confirmed_at=match.confirmed_at, pk=match.pk)


def later_processed(home: Any, away: Any, sequence: Any, pk: Any) -> QuerySet[Match]:
    """The matches of either team after the given place in play order that were processed or are
    running (arguments may be OuterRef()s): a match confirmed before them is late (matches.services.late)."""
    return Match.objects.filter(
        Q(home_id=home) | Q(home_id=away) | Q(away_id=home) | Q(away_id=away),
        Q(sequence__gt=sequence) | Q(sequence=sequence, pk__gt=pk),
        status__in=(Match.Status.PROCESSED, Match.Status.PROCESSING),
        history=False,
    )


# A match waits for these earlier matches of its teams: confirmed and not yet processed.
# A held match (matches.services.held) holds them too, until the commissioner settles it.
UNPROCESSED = (Match.Status.CONFIRMED, Match.Status.PROCESSING, Match.Status.FAILED, Match.Status.HELD)


def earlier_unprocessed(home_id: Any, away_id: Any, sequence: Any, pk: Any) -> QuerySet[Match]:
    """The confirmed, unprocessed matches of either team before this one in time (arguments may
    be OuterRef()s): the matches whose sequence must run first. Order: Match.sequence (play order:
    the day played, confirmation, id; matches.services.sequence), then id."""
    return Match.objects.filter(
        Q(home_id=home_id) | Q(home_id=away_id) | Q(away_id=home_id) | Q(away_id=away_id),
        Q(sequence__lt=sequence) | Q(sequence=sequence, pk__lt=pk),
        status__in=UNPROCESSED,
    )


def confirmed_of(home: Any, away: Any) -> QuerySet[Match]:
    """The confirmed matches, not yet run, of either team (arguments may be OuterRef()s)."""
    return Match.objects.filter(
        Q(home_id=home) | Q(home_id=away) | Q(away_id=home) | Q(away_id=away), status=Match.Status.CONFIRMED
    )
