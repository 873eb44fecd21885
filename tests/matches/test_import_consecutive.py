"""A coach's import arranges a match like the pages do: never more than two matches in a row
against the same opponent (rulebook p.24), refused with the matches that make the run, nothing
written. The commissioner (and the command line, the system) is not held to it, as on the pages."""

from __future__ import annotations

import json

import pytest
from league.competitions.seasons.fixtures import arranged_match_problems
from league.core.services import league_join
from rest_framework.test import APIClient

from matches.models import Match
from matches.services import match_schedule
from teams.services import PlayerOrder, team_create
from tests.matches.test_import_service import example, row_counts

pytestmark = pytest.mark.django_db

PAGE, URL = "/matches/import/", "/api/matches/import/"
REFUSAL = "more than 2 times in a row (rulebook p.24)"


@pytest.fixture
def two_in_a_row(league, humans, orcs):
    """Reavers and their opponent already met twice in a row."""
    for home, away in ((humans, orcs), (orcs, humans)):
        match_schedule(league=league, home=home, away=away, by=None)
    assert arranged_match_problems(league=league, home=humans, away=orcs, season=None)
    return humans, orcs


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize("coaches_schedule", [False, True])
def test_a_coachs_import_is_refused_a_third_match_in_a_row(client, league, two_in_a_row, coach_alice, coaches_schedule):
    league.coaches_schedule = coaches_schedule
    league.save(update_fields=["coaches_schedule"])
    before = row_counts()
    client.force_login(coach_alice)
    page = client.post(PAGE, {"text": json.dumps(example())})
    assert page.status_code == 400 and REFUSAL in page.content.decode()
    refused = api(coach_alice).post(URL, example(), format="json")
    assert refused.status_code == 400 and any(REFUSAL in reason for reason in refused.json()["errors"])
    assert row_counts() == before


def test_the_commissioner_imports_it(two_in_a_row, commissioner):
    response = api(commissioner).post(URL, example(), format="json")
    assert response.status_code == 201
    assert Match.objects.count() == 3


def test_a_break_in_the_run_lets_the_coach_import(league, two_in_a_row, coach_alice, user_factory):
    humans, orcs = two_in_a_row
    dora = user_factory("dora")
    league_join(league=league, user=dora)
    lineup = [PlayerOrder("lineman", f"T{i}") for i in range(1, 12)]
    third = team_create(league=league, coach=dora, name="Third", race="human", players=lineup)
    # Each team's run is its own: both must have met someone else since.
    match_schedule(league=league, home=humans, away=third, by=None)
    match_schedule(league=league, home=third, away=orcs, by=None)
    response = api(coach_alice).post(URL, example(), format="json")
    assert response.status_code == 201, response.json()
