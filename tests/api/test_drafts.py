"""Editing a draft through the API (PUT replaces the order, PATCH changes part of it): team_save_draft."""

from __future__ import annotations

import pytest
from league.core.models import AuditEntry

from teams.models import Player, Team, TreasuryEntry
from teams.services import PlayerOrder, TeamOrder, team_retire, team_save_draft

from .conftest import body, orders, refused
from .test_writes import consistent, refusal

pytestmark = pytest.mark.django_db

# 740,000 of players, 100,000 of re-rolls, 10,000 of fans, 10,000 + 20,000 of staff, 50,000 apothecary.
LEGAL = {
    "name": "Sketch II",
    "race": "human",
    "players": [
        {"position": pos, "name": f"P{n}", "number": n}
        for n, pos in enumerate(["lineman"] * 7 + ["catcher"] * 2 + ["thrower"] + ["blitzer"] * 2, start=1)
    ],
    "rerolls": 2,
    "fan_factor": 1,
    "assistant_coaches": 1,
    "cheerleaders": 2,
    "apothecary": True,
}


def roster(team: Team) -> list[tuple[str, int, str]]:
    return sorted(
        team.players.filter(status=Player.Status.ACTIVE).values_list("position", "number", "name"),
        key=lambda row: row[1],
    )


def head(team: Team) -> tuple:
    team.refresh_from_db()
    return (
        team.name,
        team.race,
        team.status,
        team.rerolls,
        team.fan_factor,
        team.assistant_coaches,
        team.cheerleaders,
        team.apothecary,
    )


def test_put_replaces_the_draft_and_spends_nothing(alice_api, draft, coach_alice):
    response = alice_api.put(f"/api/teams/{draft.pk}/", LEGAL, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "draft" and response.json()["name"] == "Sketch II"
    assert head(draft) == ("Sketch II", "human", "draft", 2, 1, 1, 2, True)
    assert roster(draft) == [(p["position"], p["number"], p["name"]) for p in LEGAL["players"]]
    assert [p["number"] for p in response.json()["players"]] == list(range(1, 13))
    assert not TreasuryEntry.objects.filter(team=draft).exists() and draft.treasury == 0
    assert AuditEntry.objects.filter(team=draft, action="teams.team.draft_saved", actor=coach_alice).count() == 2
    consistent(draft)
    ready = alice_api.post(f"/api/teams/{draft.pk}/ready/")
    assert ready.status_code == 200 and ready.json()["status"] == "ready"
    assert ready.json()["treasury"] == 1_000_000 - 930_000 == 70_000
    consistent(draft)


def test_put_uses_the_creation_defaults_for_what_is_not_sent(alice_api, draft, coach_alice):
    team_save_draft(
        league=draft.league,
        coach=coach_alice,
        team=draft,
        by=coach_alice,
        order=TeamOrder(
            name="Sketch", race="human", players=tuple(orders(("lineman", 11))), rerolls=3, apothecary=True
        ),
    )
    response = alice_api.put(f"/api/teams/{draft.pk}/", {"name": "Bare", "race": "orc", "players": []}, format="json")
    assert response.status_code == 200, response.content
    assert head(draft) == ("Bare", "orc", "draft", 0, 0, 0, 0, False)
    assert roster(draft) == []


def test_patch_keeps_what_is_not_sent(alice_api, draft):
    before = roster(draft)
    response = alice_api.patch(f"/api/teams/{draft.pk}/", {"name": "Renamed", "rerolls": 2}, format="json")
    assert response.status_code == 200, response.content
    assert head(draft) == ("Renamed", "human", "draft", 2, 0, 0, 0, False)
    assert roster(draft) == before and len(before) == 11
    response = alice_api.patch(f"/api/teams/{draft.pk}/", {"players": body(("blitzer", 2))}, format="json")
    assert response.status_code == 200
    assert head(draft) == ("Renamed", "human", "draft", 2, 0, 0, 0, False)
    assert roster(draft) == [("blitzer", 1, "blitzer 0"), ("blitzer", 2, "blitzer 1")]
    consistent(draft)


def test_a_commissioner_edits_the_draft_and_it_stays_the_coachs(client_for, commissioner, coach_alice, draft):
    response = client_for(commissioner).patch(f"/api/teams/{draft.pk}/", {"cheerleaders": 1}, format="json")
    assert response.status_code == 200 and response.json()["coach"] == "alice"
    draft.refresh_from_db()
    assert draft.coach == coach_alice and draft.cheerleaders == 1
    assert AuditEntry.objects.filter(team=draft, action="teams.team.draft_saved", actor=commissioner).count() == 1


# --- Refusals: the service's messages, nothing written ---


def draft_refusal(team: Team, coach, lang: str = "en", **changes) -> list[str]:
    """What team_save_draft says of the draft with these changes (PATCH semantics: the rest is kept)."""
    players = changes.pop("players", None)
    kept = tuple(PlayerOrder(p.position, p.name, p.number) for p in team.players.order_by("number"))
    head = {
        key: getattr(team, key)
        for key in ("name", "race", "rerolls", "fan_factor", "assistant_coaches", "cheerleaders", "apothecary")
    }
    order = TeamOrder(**{**head, **changes, "players": tuple(orders(*players)) if players else kept})
    return refusal(team_save_draft, lang, league=team.league, coach=coach, team=team, order=order, by=coach)


@pytest.mark.parametrize(
    "changes, fragment",
    [
        ({"players": (("lineman", 6), ("blitzer", 4), ("catcher", 4), ("ogre", 1))}, "over the"),
        ({"players": (("lineman", 7), ("blitzer", 5))}, "Blitzer: at most 4 players"),
        ({"rerolls": 9}, "at most 8 team re-rolls"),
        ({"race": "dwarf"}, "“lineman” is not a position of this team."),
        ({"name": "  "}, "The team needs a name."),
        ({"players": (("lineman", 17),)}, "at most 16 players"),
    ],
)
def test_rule_refusals_are_the_services(alice_api, draft, coach_alice, unchanged, changes, fragment):
    expected = draft_refusal(draft, coach_alice, **dict(changes))
    assert any(fragment in message for message in expected), expected
    data = {k: (body(*v) if k == "players" else v) for k, v in changes.items()}
    with unchanged():
        response = alice_api.patch(f"/api/teams/{draft.pk}/", data, format="json")
    assert response.status_code == 400
    assert response.json() == refused(*expected)


def test_a_name_already_taken_in_the_league_is_refused(alice_api, draft, humans, unchanged):
    with unchanged():
        response = alice_api.put(f"/api/teams/{draft.pk}/", {**LEGAL, "name": "reavers"}, format="json")
    assert response.status_code == 400
    assert response.json() == refused("A team called “reavers” already plays in this league.")


def test_duplicate_numbers_and_blank_player_names(alice_api, draft, unchanged):
    players = [{"position": "lineman", "name": "A", "number": 3}, {"position": "lineman", "name": " ", "number": 3}]
    with unchanged():
        response = alice_api.patch(f"/api/teams/{draft.pk}/", {"players": players}, format="json")
    assert response.status_code == 400
    assert response.json() == refused("Two players cannot wear the same number.", "Every player needs a name.")


@pytest.mark.parametrize("method", ["put", "patch"])
def test_only_a_draft_can_be_edited(alice_api, humans, draft, coach_alice, unchanged, method):
    with unchanged():
        response = getattr(alice_api, method)(f"/api/teams/{humans.pk}/", LEGAL, format="json")
    assert response.status_code == 400
    assert response.json() == refused("This team is ready: it cannot be changed that way.")
    team_retire(team=draft, by=coach_alice)
    with unchanged():
        response = getattr(alice_api, method)(f"/api/teams/{draft.pk}/", LEGAL, format="json")
    assert response.status_code == 400
    assert response.json() == refused("This team is retired: it cannot be changed that way.")


def test_refusals_in_french(alice_api, draft, coach_alice, unchanged):
    expected = draft_refusal(draft, coach_alice, "fr", rerolls=9)
    with unchanged():
        response = alice_api.patch(f"/api/teams/{draft.pk}/", {"rerolls": 9}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.json() == refused(*expected)
    assert "relances" in expected[0]


def test_a_form_encoded_patch_keeps_what_is_not_sent_too(alice_api, draft, coach_alice):
    team_save_draft(
        league=draft.league,
        coach=coach_alice,
        team=draft,
        by=coach_alice,
        order=TeamOrder(name="Sketch", race="human", players=tuple(orders(("lineman", 11))), apothecary=True),
    )
    before = roster(draft)
    response = alice_api.patch(f"/api/teams/{draft.pk}/", {"name": "Posted"}, format="multipart")
    assert response.status_code == 200, response.content
    assert head(draft) == ("Posted", "human", "draft", 0, 0, 0, 0, True) and roster(draft) == before
