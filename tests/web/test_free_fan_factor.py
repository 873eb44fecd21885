"""The free fan factor option (seed 000 p.34 L4463-4470) at team creation: every team
starts at the ruleset's free fan factor, none can be bought, and fan factor is not in the TV."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.core.models import HouseRule
from league.core.selectors import league_ruleset
from rest_framework.test import APIClient

from teams.errors import TeamRuleError
from teams.models import Team, TreasuryEntry
from teams.services import PlayerOrder, team_create
from tests.api.conftest import refused
from tests.web.test_team_creation_pages import LEGAL, form_data, new_url

pytestmark = pytest.mark.django_db

REFUSAL = (
    "This league plays the free fan factor rule: every team starts with a fan factor of 5 for free, "
    "and none can be bought (you chose 3)."
)


@pytest.fixture
def free_ff(league):
    """The option on, as a commissioner sets it (a house rule); LRB6 starts every team at 5."""
    HouseRule.objects.create(league=league, key="free_fan_factor", value=True)
    return 5


def test_the_page_starts_every_team_at_the_free_fan_factor(alice_client, league, free_ff):
    page = alice_client.get(new_url(league)).content.decode()
    field = page.split('name="fan_factor"')[1].split(">")[0]
    assert "disabled" in field and f'value="{free_ff}"' in field and "not for sale" in page
    # A posted fan factor is ignored (the field is disabled): nothing is bought.
    response = alice_client.post(new_url(league), form_data(rows=LEGAL, fan_factor=3))
    team = Team.objects.get()
    assert response.status_code == 302, response.content.decode()
    assert (team.status, team.fan_factor) == (Team.Status.READY, free_ff)
    assert not TreasuryEntry.objects.filter(kind=TreasuryEntry.Kind.FAN_FACTOR_BOUGHT).exists()
    assert team.treasury == 1_000_000 - 740_000 and team.team_value == 740_000  # FF not in TV
    sheet = alice_client.get(team.get_absolute_url()).content.decode()
    assert "free fan factor: not in the team value" in sheet


def test_a_draft_made_ready_starts_at_the_free_fan_factor(alice_client, league, free_ff):
    alice_client.post(new_url(league), form_data(rows=LEGAL, action="draft"))
    team = Team.objects.get()
    assert team.status == Team.Status.DRAFT
    alice_client.post(reverse("teams:ready", args=[team.pk]))
    team.refresh_from_db()
    assert (team.status, team.fan_factor, team.team_value) == ("ready", 5, 740_000)


def test_the_service_and_the_api_refuse_to_sell_fan_factor(league, coach_alice, free_ff):
    players = [PlayerOrder("lineman", f"H{i}") for i in range(1, 12)]
    with pytest.raises(TeamRuleError) as caught:
        team_create(league=league, coach=coach_alice, name="Reavers", race="human", players=players, fan_factor=3)
    assert caught.value.messages == [REFUSAL]
    api = APIClient()
    api.force_login(coach_alice)
    payload = {
        "league": league.slug,
        "name": "Reavers",
        "race": "human",
        "players": [{"position": "lineman", "name": f"H{i}"} for i in range(1, 12)],
    }
    response = api.post("/api/teams/", {**payload, "fan_factor": 3}, format="json")
    assert response.status_code == 400 and response.json() == refused(REFUSAL)
    assert not Team.objects.exists()
    created = api.post("/api/teams/", payload, format="json")
    assert created.status_code == 201, created.content
    assert (created.json()["fan_factor"], created.json()["team_value"]) == (5, 550_000)


def test_without_the_option_fan_factor_is_bought_and_counted(alice_client, league):
    alice_client.post(new_url(league), form_data(rows=LEGAL, fan_factor=3))
    team = Team.objects.get()
    assert (team.fan_factor, team.team_value, team.treasury) == (3, 770_000, 1_000_000 - 770_000)


def test_the_free_fan_factor_comes_from_the_ruleset(league, coach_alice, free_ff):
    HouseRule.objects.create(league=league, key="free_fan_factor_start", value=4)
    assert league_ruleset(league).params.free_fan_factor_start == 4
    players = [PlayerOrder("lineman", f"H{i}") for i in range(1, 12)]
    team = team_create(league=league, coach=coach_alice, name="Reavers", race="human", players=players)
    assert (team.fan_factor, team.team_value) == (4, 550_000)
