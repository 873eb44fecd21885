"""Malformed input is 400 with field errors (never a rule message, never a 500); unknown ids are 404."""

from __future__ import annotations

import pytest

from .conftest import api_error, body

pytestmark = pytest.mark.django_db


def team_payload(league, changes):
    payload = {"league": league.slug, "name": "Reavers", "race": "human", "players": body(("lineman", 11))}
    payload.update(changes)
    return {k: v for k, v in payload.items() if v is not None}


@pytest.mark.parametrize(
    "changes, field",
    [
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
    ],
)
def test_malformed_team_creation(alice_api, league, unchanged, changes, field):
    with unchanged():
        response = alice_api.post("/api/teams/", team_payload(league, changes), format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and field in response.json()["fields"]


def test_unknown_position_is_a_field_error_on_the_right_player(alice_api, league, unchanged):
    players = body(("lineman", 10)) + [{"position": "dragon", "name": "Smaug"}]
    with unchanged():
        response = alice_api.post("/api/teams/", team_payload(league, {"players": players}), format="json")
    assert response.status_code == 400
    errors = response.json()["fields"]["players"]
    assert errors[:10] == [{}] * 10
    assert errors[10] == {"position": ["“dragon” is not a position of this team."]}
    # The same reason as a sentence, with the path of its field.
    assert response.json()["errors"] == ["players[10].position: “dragon” is not a position of this team."]


@pytest.mark.parametrize(
    "data, field",
    [
        ({"name": "X"}, "position"),
        ({"position": "dragon", "name": "X"}, "position"),
        ({"position": "lineman"}, "name"),
        ({"position": "lineman", "name": "X", "number": "one"}, "number"),
    ],
)
def test_malformed_hire(alice_api, humans, unchanged, data, field):
    with unchanged():
        response = alice_api.post(f"/api/teams/{humans.pk}/hire/", data, format="json")
    assert response.status_code == 400 and field in response.json()["fields"]


@pytest.mark.parametrize(
    "data, field",
    [
        ({"action": "hire"}, "kind"),
        ({"kind": "wizard", "action": "hire"}, "kind"),
        ({"kind": "cheerleaders"}, "action"),
        ({"kind": "cheerleaders", "action": "sell"}, "action"),
    ],
)
def test_malformed_staff(alice_api, humans, unchanged, data, field):
    with unchanged():
        response = alice_api.post(f"/api/teams/{humans.pk}/staff/", data, format="json")
    assert response.status_code == 400 and field in response.json()["fields"]


def test_malformed_rename(alice_api, humans, unchanged):
    player = humans.players.first()
    with unchanged():
        assert alice_api.patch(f"/api/players/{player.pk}/", {}, format="json").status_code == 400
        response = alice_api.patch(f"/api/players/{player.pk}/", {"number": "x"}, format="json")
    assert response.status_code == 400 and "number" in response.json()["fields"]


@pytest.mark.parametrize(
    "method, data, errors",
    [
        ("put", {"race": "human", "players": []}, {"name": ["This field is required."]}),
        ("put", {"name": "X", "race": "human"}, {"players": ["This field is required."]}),
        (
            "put",
            {"name": "X", "race": "dragons", "players": []},
            {"race": ["“dragons” is not a team of this ruleset."]},
        ),
        ("patch", {}, {"non_field_errors": ["Give at least one field to change."]}),
        ("patch", {"race": "dragons"}, {"race": ["“dragons” is not a team of this ruleset."]}),
        ("patch", {"rerolls": "lots"}, {"rerolls": ["A valid integer is required."]}),
        ("patch", {"apothecary": "perhaps"}, {"apothecary": ["Must be a valid boolean."]}),
        (
            "patch",
            {"players": "eleven"},
            {"players": {"non_field_errors": ['Expected a list of items but got type "str".']}},
        ),
        # A player sent in a PATCH is complete: only the draft's own fields may be left out.
        ("patch", {"players": [{"position": "lineman"}]}, {"players": {"0": {"name": ["This field is required."]}}}),
        (
            "patch",
            {"players": [{"name": "Smaug", "position": "dragon"}]},
            {"players": [{"position": ["“dragon” is not a position of this team."]}]},
        ),
        (
            "patch",
            {"race": "dwarf", "players": [{"position": "lineman", "name": "A"}]},
            {"players": [{"position": ["“lineman” is not a position of this team."]}]},
        ),
        (
            "patch",
            ["not", "an", "object"],
            {"non_field_errors": ["Invalid data. Expected a dictionary, but got list."]},
        ),
    ],
)
def test_malformed_draft_edit(alice_api, draft, unchanged, method, data, errors):
    with unchanged():
        response = getattr(alice_api, method)(f"/api/teams/{draft.pk}/", data, format="json")
    assert response.status_code == 400 and response.json()["fields"] == errors


def test_malformed_reversal(client_for, commissioner, humans, unchanged):
    entry = humans.ledger.get(key="create:budget")
    with unchanged():
        response = client_for(commissioner).post(
            f"/api/teams/{humans.pk}/ledger/{entry.pk}/reverse/", {"memo": "x" * 201}, format="json"
        )
    assert response.status_code == 400
    message = "Ensure this field has no more than 200 characters."
    assert response.json() == api_error("invalid", f"memo: {message}", fields={"memo": [message]})


@pytest.mark.parametrize(
    "method, url",
    [
        ("post", "/api/teams/{team}/hire/"),
        ("put", "/api/teams/{team}/"),
        ("patch", "/api/teams/{team}/"),
        ("post", "/api/teams/{team}/ledger/{entry}/reverse/"),
        ("post", "/api/teams/{team}/ledger/999999/reverse/"),
    ],
)
def test_a_stranger_gets_403_even_with_a_malformed_body(client_for, people, humans, unchanged, method, url):
    url = url.format(team=humans.pk, entry=humans.ledger.first().pk)
    with unchanged():
        stranger = client_for(people["other_coach"])
        response = getattr(stranger, method)(url, {"rerolls": "x", "memo": [1]}, format="json")
    assert response.status_code == 403


@pytest.mark.parametrize(
    "method, url",
    [
        ("post", "/api/teams/999999/ready/"),
        ("post", "/api/teams/999999/hire/"),
        ("post", "/api/teams/999999/rerolls/"),
        ("post", "/api/teams/999999/staff/"),
        ("post", "/api/players/999999/fire/"),
        ("patch", "/api/players/999999/"),
        ("post", "/api/teams/999999/retire/"),
        ("put", "/api/teams/999999/"),
        ("patch", "/api/teams/999999/"),
        ("get", "/api/teams/999999/ledger/"),
        ("post", "/api/teams/999999/ledger/1/reverse/"),
    ],
)
def test_unknown_ids_are_404(alice_api, method, url):
    assert getattr(alice_api, method)(url, {}, format="json").status_code == 404


def test_an_unknown_entry_or_one_of_another_team_is_404(client_for, commissioner, humans, undead, unchanged):
    api = client_for(commissioner)
    other = undead.ledger.get(key="create:budget")
    for entry_id in (999999, other.pk):
        with unchanged():
            response = api.post(f"/api/teams/{humans.pk}/ledger/{entry_id}/reverse/", {}, format="json")
        assert response.status_code == 404
        assert response.json() == api_error("not_found", "This team has no ledger entry with this id.")


def test_methods_that_do_not_exist_are_405(alice_api, humans):
    assert alice_api.put(f"/api/players/{humans.players.first().pk}/", {}, format="json").status_code == 405
    assert alice_api.delete(f"/api/teams/{humans.pk}/").status_code == 405
    assert alice_api.get(f"/api/teams/{humans.pk}/retire/").status_code == 405
    assert alice_api.post(f"/api/teams/{humans.pk}/ledger/", {}, format="json").status_code == 405
    assert alice_api.post("/api/rulesets/", {}, format="json").status_code == 405
