"""A big league's home names its number of teams and links to their page instead of listing
them all (the home stays as quick at 200 teams as at 5); a small league lists them."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.pages.views import HOME_TEAMS

from teams.models import Team

pytestmark = pytest.mark.django_db


def add_teams(league, coach, n: int) -> None:
    Team.objects.bulk_create(
        [Team(league=league, coach=coach, name=f"Team {i:03d}", race="human", status="ready") for i in range(n)]
    )


def test_a_small_league_lists_its_teams_on_its_home(client, league, coach_alice):
    add_teams(league, coach_alice, HOME_TEAMS)
    text = client.get(reverse("league:detail", args=[league.slug])).content.decode()
    assert 'id="league-teams"' in text and "Team 023" in text and 'id="league-teams-link"' not in text


def test_a_big_league_links_to_its_teams_page(client, league, coach_alice):
    add_teams(league, coach_alice, HOME_TEAMS + 1)
    text = client.get(reverse("league:detail", args=[league.slug])).content.decode()
    assert 'id="league-teams"' not in text and "Team 024" not in text
    assert f"All {HOME_TEAMS + 1} teams of the league" in text
    page = client.get(reverse("league:teams", args=[league.slug])).content.decode()
    assert page.count('href="/teams/') >= HOME_TEAMS + 1 and "Team 024" in page


def test_an_unknown_league_has_no_teams_page(client):
    assert client.get(reverse("league:teams", args=["nowhere"])).status_code == 404


def test_a_renamed_player_is_renamed_among_the_cached_leaders(
    client, league, coach_alice, commissioner, django_capture_on_commit_callbacks
):
    from league.competitions.seasons.models import Season, SeasonTeam

    from matches.models import Match, MatchPlayer
    from teams.services import PlayerOrder, player_rename, team_create

    teams = [
        team_create(
            league=league,
            coach=coach_alice,
            name=f"T{n}",
            race="human",
            players=[PlayerOrder("lineman", f"P{n}-{i}") for i in range(1, 12)],
        )
        for n in (1, 2)
    ]
    season = Season.objects.create(league=league, number=1, name="S", status="regular")
    for team in teams:
        SeasonTeam.objects.create(season=season, team=team, status="approved", requested_by=commissioner)
    match = Match.objects.create(
        league=league,
        home=teams[0],
        away=teams[1],
        season=season,
        status="confirmed",
        home_score=1,
        away_score=0,
        scheduled_by=commissioner,
        ruleset="lrb6",
        ruleset_version="x",
        sequence="1",
    )
    scorer = teams[0].players.get(number=1)
    MatchPlayer.objects.create(match=match, player=scorer, side="home", touchdowns=1)
    url = reverse("league:detail", args=[league.slug])
    assert "P1-1" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        player_rename(player=scorer, name="Renamed Star", number=1, by=coach_alice)
    text = client.get(url).content.decode()
    assert "Renamed Star" in text and "P1-1" not in text
