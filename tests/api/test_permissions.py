"""Who may call each write endpoint: the services decide, the API answers 401 / 403 / 2xx.

Anonymous writes are 401 (with a Basic challenge) everywhere; a logged-in user the service
refuses gets 403. Every refusal leaves the database exactly as it was.
"""

from __future__ import annotations

import base64
from typing import Any

import pytest
from rest_framework.test import APIClient

from teams.models import Team

from .conftest import ACTORS, api_error, body

pytestmark = pytest.mark.django_db

# Alice owns the team; her commissioner may act on it too; nobody else may.
MANAGERS = {"owner", "commissioner"}


def expected(actor: str, success: int) -> int:
    if actor == "anonymous":
        return 401
    return success if actor in MANAGERS else 403


def call(client, method: str, url: str, data: dict[str, Any] | None = None):
    return getattr(client, method)(url, data or {}, format="json")


# (fixture giving the team, method, url template, body, success status)
TEAM_WRITES = [
    ("draft", "post", "/api/teams/{team}/ready/", None, 200),
    ("humans", "post", "/api/teams/{team}/hire/", {"position": "blitzer", "name": "Griff"}, 201),
    ("humans", "post", "/api/teams/{team}/rerolls/", None, 200),
    ("humans", "post", "/api/teams/{team}/staff/", {"kind": "cheerleaders", "action": "hire"}, 200),
    ("humans", "post", "/api/players/{player}/fire/", None, 200),
    ("humans", "patch", "/api/players/{player}/", {"name": "Renamed", "number": 42}, 200),
    ("humans", "post", "/api/teams/{team}/retire/", None, 200),
    (
        "draft",
        "put",
        "/api/teams/{team}/",
        {"name": "Redone", "race": "human", "players": body(("lineman", 12)), "rerolls": 1},
        200,
    ),
    ("draft", "patch", "/api/teams/{team}/", {"name": "Renamed"}, 200),
]


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    "fixture, method, url, data, success", TEAM_WRITES, ids=[f"{m} {u}" for _f, m, u, _d, _s in TEAM_WRITES]
)
def test_team_write_permissions(request, people, client_for, unchanged, actor, fixture, method, url, data, success):
    team: Team = request.getfixturevalue(fixture)
    url = url.format(team=team.pk, player=team.players.order_by("number").first().pk)
    client = client_for(people[actor])
    code = expected(actor, success)
    if code >= 400:
        with unchanged():
            response = call(client, method, url, data)
    else:
        response = call(client, method, url, data)
    assert response.status_code == code, response.content
    if code == 401:
        assert response["WWW-Authenticate"].startswith("Basic")
    if code == 403:
        assert response.json() == api_error("permission_denied", "You may not change this team.")


# Ledger corrections are for the league's commissioners only: the owner is refused too.
REVERSAL = {"anonymous": 401, "other_coach": 403, "owner": 403, "other_commissioner": 403, "commissioner": 201}


@pytest.mark.parametrize("actor, code", REVERSAL.items())
def test_only_a_commissioner_of_the_league_reverses_an_entry(people, client_for, unchanged, humans, actor, code):
    entry = humans.ledger.get(key="create:budget")
    url = f"/api/teams/{humans.pk}/ledger/{entry.pk}/reverse/"
    if code >= 400:
        with unchanged():
            response = call(client_for(people[actor]), "post", url, {"memo": "Mine"})
    else:
        response = call(client_for(people[actor]), "post", url, {"memo": "Mine"})
    assert response.status_code == code, response.content
    if code == 401:
        assert response["WWW-Authenticate"].startswith("Basic")
    if code == 403:
        assert response.json() == api_error(
            "permission_denied", "Only a commissioner of the league may correct the treasury."
        )
    if code == 201:
        assert humans.ledger.filter(key=f"reverse:{entry.pk}", memo="Mine").count() == 1


CREATION = {"anonymous": 401, "outsider": 403, "owner": 201, "other_commissioner": 403, "commissioner": 201}


@pytest.mark.parametrize("actor, code", CREATION.items())
def test_team_creation_permissions(people, user_factory, client_for, unchanged, league, actor, code):
    # For creation "owner" is a coach of the league; an outsider has joined no league.
    user = user_factory("dave") if actor == "outsider" else people[actor]
    payload = {"league": league.slug, "name": f"Team of {actor}", "race": "human", "players": body(("lineman", 11))}
    if code >= 400:
        with unchanged():
            response = call(client_for(user), "post", "/api/teams/", payload)
    else:
        response = call(client_for(user), "post", "/api/teams/", payload)
    assert response.status_code == code, response.content
    if code == 403:
        assert response.json() == api_error("permission_denied", "Join the league before creating a team in it.")
    if code == 201:
        assert response.json()["coach"] == user.username and response.json()["status"] == "ready"


def test_drafts_follow_the_same_permissions(people, client_for, unchanged, league, other_commissioner):
    payload = {"league": league.slug, "name": "Half", "race": "human", "players": [], "draft": True}
    with unchanged():
        assert call(client_for(other_commissioner), "post", "/api/teams/", payload).status_code == 403
    response = call(client_for(people["other_coach"]), "post", "/api/teams/", payload)
    assert response.status_code == 201 and response.json()["status"] == "draft"


def test_http_basic_authentication_works_too(league, coach_alice, humans):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Basic " + base64.b64encode(b"alice:pw-alice").decode())
    response = client.post(f"/api/teams/{humans.pk}/rerolls/", format="json")
    assert response.status_code == 200 and response.json()["rerolls"] == 1


def test_reads_need_no_login(client_for, humans):
    anon = client_for(None)
    for url in (
        "/api/rulesets/",
        "/api/rulesets/lrb6/",
        "/api/rulesets/lrb6/teams/human/",
        "/api/teams/",
        f"/api/teams/{humans.pk}/",
        f"/api/players/{humans.players.first().pk}/",
        f"/api/teams/{humans.pk}/ledger/",
    ):
        assert anon.get(url).status_code == 200, url
