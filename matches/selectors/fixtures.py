"""What the match list and the scheduling page read (matches/views/fixtures.py). One query each."""

from __future__ import annotations

from django.db.models import QuerySet

from league.core.models import League
from matches.models import Match
from teams.models import Team


def has_ready_team(league: League, coach_id: int) -> bool:
    return Team.objects.filter(league=league, coach_id=coach_id, status=Team.Status.READY).exists()


def matches_listed(league: League | None, limit: int) -> list[Match]:
    """The league's matches (every league's without one), newest first, at most `limit`."""
    matches = Match.objects.select_related("league", "home", "away", "round")
    if league is not None:
        matches = matches.filter(league=league)
    return list(matches[:limit])


def ready_teams(league: League) -> QuerySet[Team]:
    """The league's ready teams with their coaches, by name (the scheduling form's choices)."""
    return Team.objects.filter(league=league, status=Team.Status.READY).select_related("coach").order_by("name")
