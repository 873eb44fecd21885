"""Malformed input is 400 with field errors (never a rule message, never a 500); unknown ids are 404."""

from __future__ import annotations

import pytest

from .conftest import body

pytestmark = pytest.mark.django_db


def team_payload(league, changes):
    payload = {"league": league.slug, "name": "Reavers", "race": "human", "players": body(("lineman", 11))}
    payload.update(changes)
    return {k: v for k, v in payload.items() if v is not None}


@pytest.mark.parametrize("changes, field", [
    ({"name": None}, "name"),
    ({"players": None}, "players"),
    ({"league": None}, "league"),
    ({"league": "no-such-league"}, "league"),
    ({"race": "dragons"}, "race"),
    ({"rerolls": "lots"}, "rerolls"),
    ({"apothecary": "perhaps"}, "apothecary"),
    ({"players": "eleven"}, "players"),
    ({"players": [{"position": "lineman"}]}, "players"),
    ({"players": [{"position": "lineman", "name": "A", "number": "seven"}]}, "players"),
])
def test_malformed_team_creation(alice_api, league, unchanged, changes, field):
    with unchanged():
        response = alice_api.post("/api/teams/", team_payload(league, changes), format="json")
    assert response.status_code == 400
    assert field in response.json() and "errors" not in response.json()


def test_unknown_position_is_a_field_error_on_the_right_player(alice_api, league, unchanged):
    players = body(("lineman", 10)) + [{"position": "dragon", "name": "Smaug"}]
    with unchanged():
        response = alice_api.post("/api/teams/", team_payload(league, {"players": players}), format="json")
    assert response.status_code == 400
    errors = response.json()["players"]
    assert errors[:10] == [{}] * 10
    assert errors[10] == {"position": ["“dragon” is not a position of this team."]}


@pytest.mark.parametrize("data, field", [
    ({"name": "X"}, "position"),
    ({"position": "dragon", "name": "X"}, "position"),
    ({"position": "lineman"}, "name"),
    ({"position": "lineman", "name": "X", "number": "one"}, "number"),
])
def test_malformed_hire(alice_api, humans, unchanged, data, field):
    with unchanged():
        response = alice_api.post(f"/api/teams/{humans.pk}/hire/", data, format="json")
    assert response.status_code == 400 and field in response.json()


@pytest.mark.parametrize("data, field", [
    ({"action": "hire"}, "kind"),
    ({"kind": "wizard", "action": "hire"}, "kind"),
    ({"kind": "cheerleaders"}, "action"),
    ({"kind": "cheerleaders", "action": "sell"}, "action"),
])
def test_malformed_staff(alice_api, humans, unchanged, data, field):
    with unchanged():
        response = alice_api.post(f"/api/teams/{humans.pk}/staff/", data, format="json")
    assert response.status_code == 400 and field in response.json()


def test_malformed_rename(alice_api, humans, unchanged):
    player = humans.players.first()
    with unchanged():
        assert alice_api.patch(f"/api/players/{player.pk}/", {}, format="json").status_code == 400
        response = alice_api.patch(f"/api/players/{player.pk}/", {"number": "x"}, format="json")
    assert response.status_code == 400 and "number" in response.json()


def test_a_stranger_gets_403_even_with_a_malformed_body(client_for, people, humans, unchanged):
    with unchanged():
        response = client_for(people["other_coach"]).post(f"/api/teams/{humans.pk}/hire/", {}, format="json")
    assert response.status_code == 403


@pytest.mark.parametrize("method, url", [
    ("post", "/api/teams/999999/ready/"), ("post", "/api/teams/999999/hire/"),
    ("post", "/api/teams/999999/rerolls/"), ("post", "/api/teams/999999/staff/"),
    ("post", "/api/players/999999/fire/"), ("patch", "/api/players/999999/"),
])
def test_unknown_ids_are_404(alice_api, method, url):
    assert getattr(alice_api, method)(url, {}, format="json").status_code == 404


def test_methods_that_do_not_exist_are_405(alice_api, humans):
    assert alice_api.put(f"/api/players/{humans.players.first().pk}/", {}, format="json").status_code == 405
    assert alice_api.delete(f"/api/teams/{humans.pk}/").status_code == 405
    assert alice_api.post("/api/rulesets/", {}, format="json").status_code == 405
