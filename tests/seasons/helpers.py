"""Building seasons through the services, for tests that exercise something else on top."""

from __future__ import annotations

from league.models import Season
from league.services_seasons import entry_add, season_advance, season_create


def running_season(league, commissioner, teams, *, status: str = Season.Status.REGULAR) -> Season:
    season = season_create(league=league, name="Season One", by=commissioner)
    season_advance(season=season, to=Season.Status.REGISTRATION, by=commissioner)
    for team in teams:
        entry_add(season=season, team=team, by=commissioner)
    if status == Season.Status.REGULAR:
        season_advance(season=season, to=Season.Status.REGULAR, by=commissioner)
    season.refresh_from_db()
    return season


def play(match, home_score: int, away_score: int) -> None:
    """A confirmed result, written directly: these tests are about what follows a result."""
    match.home_score, match.away_score, match.status = home_score, away_score, "confirmed"
    match.save(update_fields=["home_score", "away_score", "status"])
