"""Seasons, teams and results for the standings tests, written with the ORM (the season services
are another part's) except where a test plays a match through the match services."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from league.competitions.seasons.models import Bye, Round, Season, SeasonTeam
from league.core.models import League

from matches.models import Match, MatchPlayer
from teams.models import Player, Team


def make_teams(league: League, count: int, prefix: str = "Team") -> list[Team]:
    """`count` ready teams with two players each (enough for the report lines), in bulk."""
    coach = league.commissioner
    teams = Team.objects.bulk_create(
        Team(league=league, coach=coach, name=f"{prefix} {chr(65 + i) if i < 26 else i}", race="human", status="ready")
        for i in range(count)
    )
    Player.objects.bulk_create(
        Player(team=team, number=n, name=f"{team.name} #{n}", position="lineman") for team in teams for n in (1, 2)
    )
    return teams


def make_season(league: League, teams: list[Team], *, number: int = 1, status: str = "regular", settings=None):
    season = Season.objects.create(
        league=league, number=number, name=f"Season {number}", status=status, standings_settings=settings
    )
    SeasonTeam.objects.bulk_create(
        SeasonTeam(season=season, team=team, status="approved", requested_by=league.commissioner) for team in teams
    )
    return season


def round_of(season: Season, number: int) -> Round:
    return Round.objects.get_or_create(season=season, number=number)[0]


def add_result(
    season: Season,
    round_number: int,
    home: Team,
    away: Team,
    score: tuple[int, int],
    cas: tuple[int, int] = (0, 0),
    *,
    conceded_by: str = "",
    status: str = "confirmed",
) -> Match:
    """A confirmed result: the touchdowns and casualties credited to each side's player #1."""
    match = Match.objects.create(
        league=season.league,
        home=home,
        away=away,
        ruleset="lrb6",
        ruleset_version="test",
        scheduled_by=season.league.commissioner,
        season=season,
        round=round_of(season, round_number),
        status=status,
        home_score=score[0] if status != "scheduled" else None,
        away_score=score[1] if status != "scheduled" else None,
        conceded_by=conceded_by,
        sequence=f"{season.number:04d}{round_number:04d}",
    )
    if status != "scheduled":
        for side, team, td, cas_ in (("home", home, score[0], cas[0]), ("away", away, score[1], cas[1])):
            if td or cas_:
                player = team.players.get(number=1)
                MatchPlayer.objects.create(match=match, player=player, side=side, touchdowns=td, casualties=cas_)
    return match


def add_bye(season: Season, round_number: int, team: Team) -> Bye:
    return Bye.objects.create(round=round_of(season, round_number), team=team)


def user(name: str):
    return get_user_model().objects.get_or_create(username=name)[0]
