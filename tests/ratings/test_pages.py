"""The ratings on the pages: the league's table of coaches and teams, a coach's history with its
chart, the team page's rating and the team's rating chart; in French too."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from league.ratings.services import recompute_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(league, make_season):
    season, teams = make_season(3)  # team 1 beats 2 and 3, team 2 beats 3
    recompute_league(league)
    return teams


def test_the_league_ratings_page_ranks_coaches_and_teams(client, league, rated):
    page = client.get(reverse("league:ratings", args=[league.slug])).text
    teams = page[page.index('id="ratings-teams"') :]
    names = re.findall(r"#chart-rating-section\">([^<]+)<", teams)
    assert names == ["Team 01", "Team 02", "Team 03"]
    # Team 01: +10.0 against 1500, then +9.7 against 1490.0 (20 x (1 - 0.5144) = 9.7).
    assert "1519.7" in teams
    assert 'role="region" aria-labelledby="ratings-teams-heading"' in page
    assert reverse("league:coach_rating", args=[league.slug, rated[0].coach_id]) in page
    assert 'id="ratings-link"' in client.get(league.get_absolute_url()).text


def test_a_coachs_page_charts_his_rating_and_lists_his_matches(client, league, rated):
    page = client.get(reverse("league:coach_rating", args=[league.slug, rated[2].coach_id])).text
    assert re.search(r'id="coach-rating">1480\.\d<', page)
    assert "<svg" in page and 'id="chart-coach-rating"' in page and 'role="img"' in page
    assert page.count("data-value=") == 3  # the start, then two matches
    history = page[page.index('id="coach-rating-history"') :]
    assert history.index("Team 02") < history.index("Team 01")  # latest first


def test_a_coach_from_elsewhere_is_not_found(client, league, rated, user_factory):
    stranger = user_factory("stranger")
    assert client.get(reverse("league:coach_rating", args=[league.slug, stranger.pk])).status_code == 404


def test_the_team_page_shows_its_rating_and_its_charts_the_history(client, rated):
    team = rated[0]
    page = client.get(team.get_absolute_url()).text
    assert re.search(r'id="team-rating">1519\.7 ', page)
    assert reverse("league:coach_rating", args=[team.league.slug, team.coach_id]) in page
    charts = client.get(reverse("teams:charts", args=[team.pk])).text
    assert 'id="chart-rating"' in charts and "ELO rating of Team 01 over time" in charts


def test_the_pages_in_french(client, league, rated):
    client.cookies["django_language"] = "fr"
    page = client.get(reverse("league:ratings", args=[league.slug]), HTTP_ACCEPT_LANGUAGE="fr").text
    assert "Classements Elo de" in page and "Matchs classés" in page
    coach = client.get(reverse("league:coach_rating", args=[league.slug, rated[0].coach_id])).text
    assert "Classement Elo de" in coach and "Matchs classés, du plus récent" in coach
