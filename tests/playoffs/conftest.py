"""A league with a season in its regular season: teams approved, results already processed."""

from __future__ import annotations

import pytest

from league.models import Season, SeasonTeam
from league.services import league_join
from matches.models import Match
from matches.services import PrematchInput, ReportInput, prematch_record, report_confirm, report_save, report_submit
from teams.services import PlayerOrder, team_create
from tests.matches.conftest import coach_bob, humans, orcs  # noqa: F401  (the import example's teams)
from tests.seasons.helpers import processed_round_robin


@pytest.fixture
def make_season(league, commissioner, user_factory):
    """`make_season(n)`: n teams (one coach each) approved in season 1, status regular; team k beats
    every team after it in a processed single round robin (so the table is 1, 2, ..., n, no tie)."""

    def make(n: int, results: bool = True, number: int = 1):
        season = Season.objects.create(
            league=league, number=number, name=f"Season {number}", status=Season.Status.REGULAR
        )
        teams = []
        for k in range(n):
            coach = user_factory(f"coach{number}-{k}")
            league_join(league=league, user=coach)
            team = team_create(
                league=league,
                coach=coach,
                name=f"Team {k + 1:02d}" if number == 1 else f"S{number} Team {k + 1:02d}",
                race="human",
                players=[PlayerOrder("lineman", f"P{i}") for i in range(1, 12)],
            )
            SeasonTeam.objects.create(season=season, team=team, status=SeasonTeam.Status.APPROVED, requested_by=coach)
            teams.append(team)
        if results:
            processed_round_robin(season, teams, by=commissioner, sequence_prefix=f"{number:04d}")
        return season, teams

    return make


def play(match: Match, home_score: int, away_score: int, capture, **extra) -> Match:
    """A result entered by the home coach, confirmed by the away coach; the post-match sequence runs."""
    match = Match.objects.select_related("home__coach", "away__coach", "league").get(pk=match.pk)
    if match.status == Match.Status.SCHEDULED:
        prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=match.home.coach)
    report = ReportInput(
        home_score=home_score,
        away_score=away_score,
        home_uncredited_touchdowns=home_score,
        away_uncredited_touchdowns=away_score,
        **extra,
    )
    report_save(match=match, report=report, by=match.home.coach)
    report_submit(match=match, by=match.home.coach)
    with capture(execute=True):
        report_confirm(match=match, by=match.away.coach)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    return match
