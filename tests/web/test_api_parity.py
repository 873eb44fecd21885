"""Hiring, firing and buying re-rolls give the same results and refusals through the pages and the API."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from rest_framework.test import APIClient

from teams.models import Team
from teams.services import PlayerOrder, team_create

pytestmark = pytest.mark.django_db

ELEVEN = [PlayerOrder("lineman", f"L{i}") for i in range(11)]


def twins(league, coach, rerolls: int) -> tuple[Team, Team]:
    """Two identical Human teams, one driven through the pages and one through the API."""
    return tuple(team_create(league=league, coach=coach, name=name, race="human", players=ELEVEN, rerolls=rerolls)
                 for name in ("Pages", "Api"))


def via_page(client, url: str, data: dict | None = None) -> list[str]:
    response = client.post(url, data or {})
    assert response.status_code in (200, 302), response.status_code
    return [str(m) for m in get_messages(response.wsgi_request) if m.level_tag == "error"]


def via_api(api, url: str, data: dict | None = None) -> list[str]:
    response = api.post(url, data or {}, format="json")
    assert response.status_code in (200, 201, 400), (response.status_code, response.content)
    return response.json().get("errors", []) if response.status_code == 400 else []


def snapshot(team: Team) -> tuple:
    team.refresh_from_db()
    ledger = sorted((e.kind, e.amount) for e in team.ledger.all())
    active = sorted((p.position, p.number) for p in team.players.filter(status="active"))
    return team.treasury, team.team_value, team.rerolls, ledger, active


HIRE = ("/teams/{}/players/hire/", "/api/teams/{}/hire/")
REROLL = ("/teams/{}/rerolls/buy/", "/api/teams/{}/rerolls/")


@pytest.fixture
def page_client(client, coach_alice):
    client.force_login(coach_alice)
    return client


@pytest.fixture
def api(coach_alice):
    api = APIClient()
    api.force_authenticate(coach_alice)
    return api


def run_both(page_client, api, pages: Team, api_team: Team, urls: tuple[str, str], data: dict) -> list[str]:
    page_errors = via_page(page_client, urls[0].format(pages.pk), data)
    api_errors = via_api(api, urls[1].format(api_team.pk), data)
    assert page_errors == api_errors
    assert snapshot(pages) == snapshot(api_team)
    return page_errors


def test_hire_fire_and_rerolls_match_step_by_step(league, coach_alice, page_client, api):
    pages, api_team = twins(league, coach_alice, rerolls=5)  # treasury 1,000,000 - 550,000 - 250,000
    assert run_both(page_client, api, pages, api_team, HIRE, {"position": "blitzer", "name": "Griff", "number": 20}) == []
    assert run_both(page_client, api, pages, api_team, REROLL, {}) == []  # 2 x 50,000 after creation
    pages.refresh_from_db()
    assert (pages.treasury, pages.team_value) == (200_000 - 90_000 - 100_000, 550_000 + 90_000 + 6 * 50_000)
    refused = run_both(page_client, api, pages, api_team, HIRE, {"position": "ogre", "name": "Big", "number": 21})
    assert refused == ["This costs 140,000 gp but the treasury holds 10,000 gp."]
    refused = run_both(page_client, api, pages, api_team, HIRE, {"position": "lineman", "name": "Dup", "number": 1})
    assert "Number 1 is not free." in refused

    fire_page, fire_api = pages.players.get(number=20), api_team.players.get(number=20)
    assert via_page(page_client, f"/teams/{pages.pk}/players/{fire_page.pk}/fire/") == []
    assert via_api(api, f"/api/players/{fire_api.pk}/fire/") == []
    assert snapshot(pages) == snapshot(api_team)
    pages.refresh_from_db()
    assert pages.treasury == 10_000 and pages.team_value == 550_000 + 6 * 50_000  # no refund
    again = via_page(page_client, f"/teams/{pages.pk}/players/{fire_page.pk}/fire/")
    assert again and again == via_api(api, f"/api/players/{fire_api.pk}/fire/")


def test_the_reroll_maximum_is_refused_alike(league, coach_alice, page_client, api):
    pages, api_team = twins(league, coach_alice, rerolls=8)
    assert run_both(page_client, api, pages, api_team, REROLL, {}) == ["A team may have at most 8 team re-rolls."]
