"""Hiring, firing, re-rolls, retiring, ledger reversals and draft edits: the same results and refusals through
the pages and the API."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.messages import get_messages
from rest_framework.test import APIClient

from teams.models import Team
from teams.services import PlayerOrder, TeamOrder, team_create, team_save_draft
from tests.web.test_team_creation_pages import form_data, rows_of

pytestmark = pytest.mark.django_db

ELEVEN = [PlayerOrder("lineman", f"L{i}") for i in range(11)]


def twins(league, coach, rerolls: int) -> tuple[Team, Team]:
    """Two identical Human teams, one driven through the pages and one through the API."""
    return tuple(
        team_create(league=league, coach=coach, name=name, race="human", players=ELEVEN, rerolls=rerolls)
        for name in ("Pages", "Api")
    )


def via_page(client, url: str, data: dict | None = None) -> list[str]:
    response = client.post(url, data or {})
    assert response.status_code in (200, 302), response.status_code
    errors = [str(m) for m in get_messages(response.wsgi_request) if m.level_tag == "error"]
    if response.status_code == 302:
        client.get(response.url)  # the page a browser lands on shows the messages, and so uses them up
    return errors


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
    assert (
        run_both(page_client, api, pages, api_team, HIRE, {"position": "blitzer", "name": "Griff", "number": 20}) == []
    )
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


# --- Retiring, reversing ledger entries and editing drafts: the same services, the same words ---


def test_retiring_matches(league, coach_alice, page_client, api):
    pages, api_team = twins(league, coach_alice, rerolls=0)
    assert via_page(page_client, f"/teams/{pages.pk}/retire/") == []
    assert via_api(api, f"/api/teams/{api_team.pk}/retire/") == []
    pages.refresh_from_db(), api_team.refresh_from_db()
    assert pages.status == api_team.status == Team.Status.RETIRED
    assert snapshot(pages) == snapshot(api_team)
    refused = run_both(page_client, api, pages, api_team, ("/teams/{}/retire/", "/api/teams/{}/retire/"), {})
    assert refused == ["This team is retired: it cannot be changed that way."]


def test_reversing_ledger_entries_matches(league, coach_alice, commissioner, client):
    pages, api_team = twins(league, coach_alice, rerolls=2)
    client.force_login(commissioner)
    boss_api = APIClient()
    boss_api.force_authenticate(commissioner)

    def reverse_both(key_of: Callable[[Team], str], memo: str) -> list[str]:
        page_entry, api_entry = pages.ledger.get(key=key_of(pages)), api_team.ledger.get(key=key_of(api_team))
        page_errors = via_page(client, f"/teams/{pages.pk}/ledger/{page_entry.pk}/reverse/", {"memo": memo})
        api_errors = via_api(boss_api, f"/api/teams/{api_team.pk}/ledger/{api_entry.pk}/reverse/", {"memo": memo})
        assert page_errors == api_errors
        assert snapshot(pages) == snapshot(api_team)
        assert [(e.key.split(":")[0], e.memo) for e in pages.ledger.order_by("pk")] == [
            (e.key.split(":")[0], e.memo) for e in api_team.ledger.order_by("pk")
        ]
        return page_errors

    assert reverse_both(lambda t: "create:rerolls", "Typo") == []
    pages.refresh_from_db()
    assert pages.treasury == 1_000_000 - 550_000 - 100_000 + 100_000
    assert reverse_both(lambda t: "create:rerolls", "") == ["This entry has already been reversed."]
    reversal = lambda t: f"reverse:{t.ledger.get(key='create:rerolls').pk}"  # noqa: E731
    assert reverse_both(reversal, "") == ["A reversing entry cannot itself be reversed; post a new correction."]


def draft_twins(league, coach) -> tuple[Team, Team]:
    return tuple(
        team_save_draft(
            league=league, coach=coach, by=coach, order=TeamOrder(name=name, race="human", players=tuple(ELEVEN[:5]))
        )
        for name in ("Pages", "Api")
    )


def draft_state(team: Team) -> tuple:
    team.refresh_from_db()
    head = (
        team.race,
        team.status,
        team.rerolls,
        team.fan_factor,
        team.assistant_coaches,
        team.cheerleaders,
        team.apothecary,
        team.treasury,
        team.team_value,
        team.ledger.count(),
    )
    return head, sorted(team.players.values_list("position", "number", "name"))


@pytest.mark.parametrize(
    "rows, head, expected",
    [
        (
            rows_of(("lineman", 7), ("catcher", 2), ("thrower", 1), ("blitzer", 2)),
            {"rerolls": 2, "cheerleaders": 1},
            [],
        ),
        (rows_of(("lineman", 6), ("blitzer", 4), ("catcher", 4), ("ogre", 1)), {}, ["over the"]),
        (
            rows_of(("lineman", 7), ("blitzer", 5)),
            {"rerolls": 9},
            ["Blitzer: at most 4 players per team", "at most 8 team re-rolls", "over the"],
        ),
        ([("lineman", 3, "A"), ("lineman", 3, "B")], {}, ["Two players cannot wear the same number."]),
    ],
)
def test_editing_a_draft_matches(league, coach_alice, page_client, api, rows, head, expected):
    pages, api_team = draft_twins(league, coach_alice)
    response = page_client.post(f"/teams/{pages.pk}/edit/", form_data(name="Pages", rows=rows, action="draft", **head))
    page_errors = [str(m) for m in response.context["refusals"]] if response.status_code == 200 else []
    assert response.status_code == (200 if expected else 302)
    body = {
        "name": "Api",
        "race": "human",
        "players": [{"position": p, "number": n, "name": name} for p, n, name in rows],
        **head,
    }
    response = api.put(f"/api/teams/{api_team.pk}/", body, format="json")
    assert response.status_code == (400 if expected else 200), response.content
    assert page_errors == response.json().get("errors", [])
    assert len(page_errors) == len(expected) and all(f in m for f, m in zip(expected, page_errors, strict=True))
    assert draft_state(pages) == draft_state(api_team)
    assert len(draft_state(pages)[1]) == (len(rows) if not expected else 5)
