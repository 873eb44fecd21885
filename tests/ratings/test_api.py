"""GET /api/leagues/<slug>/ratings/: the ratings page's tables as JSON, ratings in tenths."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from league.ratings.services import recompute_league

pytestmark = pytest.mark.django_db


def test_the_api_lists_the_leagues_ratings(league, make_season):
    _season, teams = make_season(3)
    recompute_league(league)
    body = APIClient().get(f"/api/leagues/{league.slug}/ratings/").json()
    assert body["start"] == 15000 and body["k"] == 20
    assert [(r["position"], r["id"], r["rating"], r["matches"]) for r in body["teams"]] == [
        (1, teams[0].pk, 15197, 2),
        (2, teams[1].pk, 15000, 2),
        (3, teams[2].pk, 14803, 2),
    ]
    assert body["teams"][0]["rating_text"] == "1519.7"
    assert [r["id"] for r in body["coaches"]] == [t.coach_id for t in teams]
    assert APIClient().get("/api/leagues/no-such/ratings/").status_code == 404


def test_a_teams_detail_gives_its_rating_as_the_leagues_ratings_do(league, make_season):
    _season, teams = make_season(3)
    recompute_league(league)
    client = APIClient()
    client.force_authenticate(teams[0].coach)
    ratings = {r["id"]: r["rating"] for r in client.get(f"/api/leagues/{league.slug}/ratings/").json()["teams"]}
    for team in teams:
        assert client.get(f"/api/teams/{team.pk}/").json()["rating"] == ratings[team.pk]
    assert ratings[teams[0].pk] == 15197  # not the start: the detail reads the entries
