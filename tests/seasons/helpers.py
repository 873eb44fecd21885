"""Building seasons through the services, for tests that exercise something else on top."""

from __future__ import annotations

from django.test import Client
from league.competitions.seasons.models import Season
from league.competitions.seasons.services import entry_add, season_advance, season_create

from teams.services import PlayerOrder


def lineup() -> list[PlayerOrder]:
    """Eleven Human linemen, numbered 1 to 11."""
    return [PlayerOrder(position="lineman", name=f"Lineman {i}", number=i) for i in range(1, 12)]


def login(user) -> Client:
    """A new browser, logged in as `user`."""
    client = Client()
    client.force_login(user)
    return client


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


def processed_round_robin(season, teams, *, by, sequence_prefix: str) -> None:
    """Round 1 of `season`: a processed single round robin where each team beats every team after
    it 2-0 (so the table is the teams' order, no tie). Written directly, sequences
    `sequence_prefix` + the match's order."""
    import itertools

    from django.utils import timezone
    from league.competitions.seasons.models import Round

    from matches.models import Match
    from matches.services.common import match_ruleset

    regular = Round.objects.create(season=season, number=1)
    now = timezone.now()
    for order, (a, b) in enumerate(itertools.combinations(range(len(teams)), 2)):
        match = Match(
            league=season.league,
            home=teams[a],
            away=teams[b],
            scheduled_by=by,
            season=season,
            round=regular,
            status=Match.Status.PROCESSED,
            home_score=2,
            away_score=0,
            confirmed_at=now,
            processed_at=now,
            sequence=f"{sequence_prefix}{order:06d}",
        )
        ruleset = match_ruleset(match)
        match.ruleset, match.ruleset_version = ruleset.key, ruleset.version
        match.save()
