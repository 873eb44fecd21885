"""Retiring a team, reading its ledger and reversing an entry: team_retire and treasury_reverse."""

from __future__ import annotations

import pytest
from league.core.models import AuditEntry

from teams.models import Team, TreasuryEntry
from teams.services import treasury_reverse

from .conftest import refused
from .test_writes import consistent, refusal

pytestmark = pytest.mark.django_db


# --- Retiring ---


@pytest.mark.parametrize("fixture", ["humans", "draft"])
def test_retire_a_ready_team_or_a_draft(request, alice_api, coach_alice, fixture):
    team: Team = request.getfixturevalue(fixture)
    before = (team.treasury, team.team_value, team.ledger.count())
    response = alice_api.post(f"/api/teams/{team.pk}/retire/")
    assert response.status_code == 200, response.content
    assert (response.json()["status"], response.json()["status_display"]) == ("retired", "Retired")
    team.refresh_from_db()
    assert team.status == Team.Status.RETIRED
    assert (team.treasury, team.team_value, team.ledger.count()) == before  # it keeps its history
    assert AuditEntry.objects.filter(team=team, action="teams.team.retired", actor=coach_alice).count() == 1
    consistent(team)


def test_a_retired_team_refuses_everything(alice_api, humans, unchanged):
    alice_api.post(f"/api/teams/{humans.pk}/retire/")
    message = refused("This team is retired: it cannot be changed that way.")
    for url, data in [
        (f"/api/teams/{humans.pk}/retire/", {}),
        (f"/api/teams/{humans.pk}/rerolls/", {}),
        (f"/api/teams/{humans.pk}/hire/", {"position": "lineman", "name": "Late"}),
    ]:
        with unchanged():
            response = alice_api.post(url, data, format="json")
        assert (response.status_code, response.json()) == (400, message), url


# --- Reading the ledger ---


def test_the_ledger_lists_every_entry_with_what_reversed_it(client_for, commissioner, humans):
    budget = humans.ledger.get(key="create:budget")
    reversal = treasury_reverse(entry=budget, by=commissioner, memo="Typo")
    response = client_for(None).get(f"/api/teams/{humans.pk}/ledger/")
    assert response.status_code == 200
    data = response.json()
    assert data["count"] == 13 and sum(row["amount"] for row in data["results"]) == 450_000 - 1_000_000
    first, last = data["results"][0], data["results"][-1]
    assert (first["id"], first["kind"], first["amount"], first["key"]) == (
        budget.pk,
        "starting_budget",
        1_000_000,
        "create:budget",
    )
    assert (first["reverses"], first["reversed_by"], first["created_by"]) == (None, reversal.pk, "alice")
    assert (last["id"], last["kind"], last["amount"], last["memo"], last["created_by"]) == (
        reversal.pk,
        "correction",
        -1_000_000,
        "Typo",
        "commissioner",
    )
    assert (last["reverses"], last["reversed_by"]) == (budget.pk, None)
    assert data["results"][1]["memo"].startswith("#1 ")  # a player hired, shown as stored


def test_the_ledger_is_paginated_and_speaks_the_readers_language(client_for, league, coach_alice):
    from teams.services import team_create

    from .conftest import orders

    team = team_create(
        league=league,
        coach=coach_alice,
        name="Staffed",
        race="human",
        players=orders(("lineman", 11)),
        assistant_coaches=1,
    )
    page = client_for(None).get(f"/api/teams/{team.pk}/ledger/?limit=5&offset=10", HTTP_ACCEPT_LANGUAGE="fr")
    rows = page.json()["results"]
    assert page.json()["count"] == 13 and len(rows) == 3
    assert (rows[-1]["memo"], rows[-1]["kind_display"]) == ("Assistants", "Encadrement engagé")


# --- Reversing an entry ---


def test_a_commissioner_reverses_an_entry(client_for, commissioner, humans):
    entry = humans.ledger.get(key="create:budget")
    response = client_for(commissioner).post(
        f"/api/teams/{humans.pk}/ledger/{entry.pk}/reverse/", {"memo": "Typo"}, format="json"
    )
    assert response.status_code == 201, response.content
    data = response.json()
    assert (data["kind"], data["amount"], data["key"], data["memo"], data["reverses"]) == (
        "correction",
        -1_000_000,
        f"reverse:{entry.pk}",
        "Typo",
        entry.pk,
    )
    assert data["team"] == {
        "id": humans.pk,
        "name": "Reavers",
        "status": "ready",
        "team_value": 550_000,
        "treasury": 450_000 - 1_000_000,
    }  # a reversal may go below zero
    stored = TreasuryEntry.objects.get(pk=data["id"])
    assert (stored.team_id, stored.amount, stored.created_by) == (humans.pk, -1_000_000, commissioner)
    assert AuditEntry.objects.filter(team=humans, action="teams.treasury.corrected", actor=commissioner).count() == 1
    consistent(humans)


def test_without_a_reason_the_memo_names_the_entry(client_for, commissioner, humans):
    entry = humans.ledger.filter(key__startswith="create:player:").first()
    response = client_for(commissioner).post(f"/api/teams/{humans.pk}/ledger/{entry.pk}/reverse/")
    assert response.status_code == 201
    assert response.json()["memo"] == f"Reversal of “{entry.memo}”" and response.json()["amount"] == 50_000
    consistent(humans)


def test_a_reversal_twice_and_a_reversal_of_a_reversal_are_refused(client_for, commissioner, humans, unchanged):
    api = client_for(commissioner)
    entry = humans.ledger.get(key="create:budget")
    url = f"/api/teams/{humans.pk}/ledger/{entry.pk}/reverse/"
    reversal_id = api.post(url, {"memo": "Once"}, format="json").json()["id"]
    expected = refusal(treasury_reverse, entry=entry, by=commissioner)
    assert expected == ["This entry has already been reversed."]
    with unchanged():
        response = api.post(url, {"memo": "Twice"}, format="json")
    assert (response.status_code, response.json()) == (400, refused(*expected))
    reversal = TreasuryEntry.objects.get(pk=reversal_id)
    expected = refusal(treasury_reverse, entry=reversal, by=commissioner)
    assert expected == ["A reversing entry cannot itself be reversed; post a new correction."]
    with unchanged():
        response = api.post(f"/api/teams/{humans.pk}/ledger/{reversal_id}/reverse/", format="json")
    assert (response.status_code, response.json()) == (400, refused(*expected))
    consistent(humans)


def test_refusals_in_french(client_for, commissioner, humans, unchanged):
    api = client_for(commissioner)
    entry = humans.ledger.get(key="create:budget")
    api.post(f"/api/teams/{humans.pk}/ledger/{entry.pk}/reverse/", format="json")
    with unchanged():
        response = api.post(
            f"/api/teams/{humans.pk}/ledger/{entry.pk}/reverse/", format="json", HTTP_ACCEPT_LANGUAGE="fr"
        )
    assert response.json() == refused("Cette écriture a déjà été contre-passée.")
