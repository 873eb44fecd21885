"""A big league's home names its number of teams and links to their page instead of listing
them all (the home stays as quick at 200 teams as at 5); a small league lists them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.views import HOME_TEAMS
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
