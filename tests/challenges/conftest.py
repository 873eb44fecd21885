"""Challenges tests: a league in its regular season, teams with their own coaches."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.competitions.seasons.services import entry_add, season_advance, season_create

from tests.seasons.helpers import login, running_season


@pytest.fixture
def world(league, commissioner, make_teams):
    """Four teams (their coaches coach1..coach4) in a regular season."""
    teams = make_teams(4)
    season = running_season(league, commissioner, teams)
    return season, teams


def url(season, name: str = "league:season_challenges", pk: int | None = None) -> str:
    args = [season.league.slug, season.number] + ([pk] if pk is not None else [])
    return reverse(name, args=args)


def issue(season, challenger, challenged, client=None):
    client = client or login(challenger.coach)
    return client.post(url(season), {"challenger": challenger.pk, "challenged": challenged.pk})


def answer(season, challenge, who, action: str, **extra):
    return login(who).post(url(season, "league:challenge_answer", challenge.pk), {"action": action, **extra})


def regular_season(league, commissioner, teams, name: str):
    season = season_create(league=league, name=name, by=commissioner)
    season_advance(season=season, to="registration", by=commissioner)
    for team in teams:
        entry_add(season=season, team=team, by=commissioner)
    season_advance(season=season, to="regular", by=commissioner)
    season.refresh_from_db()
    return season
