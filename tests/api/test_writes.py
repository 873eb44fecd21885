"""Write endpoints: the rulebook's prices, the services' refusals word for word, nothing written on refusal."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.utils import translation
from league.core.models import AuditEntry

from teams.errors import TeamRuleError
from teams.models import Team, TreasuryEntry
from teams.selectors import compute_team_value, ledger_balance
from teams.services import player_hire, staff_hire, team_buy_reroll, team_create

from .conftest import body, orders, refused

pytestmark = pytest.mark.django_db


def refusal(service: Callable, lang: str = "en", **kwargs) -> list[str]:
    """What the service itself says (it writes nothing when it refuses)."""
    with translation.override(lang), pytest.raises(TeamRuleError) as info:
        service(**kwargs)
    return info.value.messages


def consistent(team: Team) -> None:
    team.refresh_from_db()
    assert ledger_balance(team) == team.treasury
    assert compute_team_value(team) == team.team_value


# --- Prices and values as the rulebook gives them ---


def test_create_a_ready_team(alice_api, league, coach_alice):
    payload = {
        "league": league.slug,
        "name": "Reavers",
        "race": "human",
        "players": body(("lineman", 7), ("catcher", 2), ("thrower", 1), ("blitzer", 2)),
        "rerolls": 3,
        "fan_factor": 3,
        "assistant_coaches": 1,
        "cheerleaders": 1,
        "apothecary": True,
    }
    response = alice_api.post("/api/teams/", payload, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    # Same team as tests/teams/test_team_create.py builds through the service.
    assert (data["treasury"], data["team_value"], data["status"]) == (10_000, 990_000, "ready")
    assert len(data["players"]) == 12 and data["coach"] == "alice"
    assert AuditEntry.objects.filter(action="teams.team.created", actor=coach_alice).count() == 1
    consistent(Team.objects.get(pk=data["id"]))


def test_save_a_draft_then_make_it_ready(alice_api, league, coach_alice):
    payload = {"league": league.slug, "name": "Sketch", "race": "human", "players": body(("lineman", 3)), "draft": True}
    response = alice_api.post("/api/teams/", payload, format="json")
    assert response.status_code == 201 and response.json()["status"] == "draft"
    team_id = response.json()["id"]
    assert not TreasuryEntry.objects.filter(team_id=team_id).exists()
    not_ready = alice_api.post(f"/api/teams/{team_id}/ready/")
    assert not_ready.status_code == 400
    assert not_ready.json() == refused("A team needs at least 11 players (you have 3).")
    completed = alice_api.patch(f"/api/teams/{team_id}/", {"players": body(("lineman", 11))}, format="json")
    assert completed.status_code == 200 and len(completed.json()["players"]) == 11
    ready = alice_api.post(f"/api/teams/{team_id}/ready/")
    assert ready.status_code == 200 and ready.json()["status"] == "ready"
    assert ready.json()["treasury"] == 1_000_000 - 11 * 50_000


def test_hire_a_human_blitzer(alice_api, humans):
    response = alice_api.post(
        f"/api/teams/{humans.pk}/hire/", {"position": "blitzer", "name": "Griff", "number": 20}, format="json"
    )
    assert response.status_code == 201, response.content
    data = response.json()
    assert (data["number"], data["name"], data["position"], data["value"]) == (20, "Griff", "blitzer", 90_000)
    assert data["team"]["treasury"] == 450_000 - 90_000
    assert data["team"]["team_value"] == 550_000 + 90_000
    assert [s["key"] for s in data["skills"]] == ["block"]
    consistent(humans)


def test_a_reroll_after_creation_costs_double_and_adds_the_list_price(alice_api, humans):
    response = alice_api.post(f"/api/teams/{humans.pk}/rerolls/")
    assert response.status_code == 200
    data = response.json()
    assert data["rerolls"] == 1
    assert data["treasury"] == 450_000 - 2 * 50_000
    assert data["team_value"] == 550_000 + 50_000
    consistent(humans)


def test_staff_hire_and_fire(alice_api, humans):
    hired = alice_api.post(f"/api/teams/{humans.pk}/staff/", {"kind": "apothecary", "action": "hire"}, format="json")
    assert hired.status_code == 200
    assert (hired.json()["apothecary"], hired.json()["treasury"], hired.json()["team_value"]) == (
        True,
        400_000,
        600_000,
    )
    fired = alice_api.post(f"/api/teams/{humans.pk}/staff/", {"kind": "apothecary", "action": "fire"}, format="json")
    assert (fired.json()["apothecary"], fired.json()["treasury"], fired.json()["team_value"]) == (
        False,
        400_000,
        550_000,
    )  # nothing refunded
    consistent(humans)


def test_fire_refunds_nothing(alice_api, humans):
    player = humans.players.get(number=4)
    response = alice_api.post(f"/api/players/{player.pk}/fire/")
    assert response.status_code == 200 and response.json()["status"] == "fired"
    assert (response.json()["team"]["treasury"], response.json()["team"]["team_value"]) == (450_000, 500_000)


def test_rename_and_renumber(alice_api, humans):
    player = humans.players.get(number=4)
    response = alice_api.patch(f"/api/players/{player.pk}/", {"number": 44}, format="json")
    assert response.status_code == 200
    assert (response.json()["number"], response.json()["name"]) == (44, player.name)
    response = alice_api.patch(f"/api/players/{player.pk}/", {"name": "Morg"}, format="json")
    assert (response.json()["number"], response.json()["name"]) == (44, "Morg")


# --- Refusals: exactly the service's messages, nothing written ---


CREATION_REFUSALS = [
    ("over budget", "human", orders(("lineman", 6), ("blitzer", 4), ("catcher", 4), ("ogre", 1)), {}, "over the"),
    ("position max", "human", orders(("lineman", 7), ("blitzer", 5)), {}, "Blitzer: at most 4 players"),
    (
        "undead apothecary",
        "undead",
        orders(("skeleton", 11)),
        {"apothecary": True},
        "This team may not hire an apothecary.",
    ),
    ("re-roll max", "human", orders(("lineman", 11)), {"rerolls": 9}, "at most 8 team re-rolls"),
    ("too few", "human", orders(("lineman", 10)), {}, "at least 11 players"),
]


@pytest.mark.parametrize(
    "race, players, extra, fragment", [c[1:] for c in CREATION_REFUSALS], ids=[c[0] for c in CREATION_REFUSALS]
)
def test_creation_refusals(alice_api, league, coach_alice, unchanged, race, players, extra, fragment):
    expected = refusal(
        team_create, league=league, coach=coach_alice, name="Bad", race=race, players=players, by=coach_alice, **extra
    )
    payload = {
        "league": league.slug,
        "name": "Bad",
        "race": race,
        "players": [{"position": p.position, "name": p.name} for p in players],
        **extra,
    }
    with unchanged():
        response = alice_api.post("/api/teams/", payload, format="json")
    assert response.status_code == 400
    assert response.json() == refused(*expected)
    assert any(fragment in m for m in expected)


def test_every_broken_rule_is_listed(alice_api, league, coach_alice, unchanged):
    payload = {
        "league": league.slug,
        "name": "",
        "race": "khemri",
        "players": body(("skeleton", 5)),
        "apothecary": True,
        "rerolls": 9,
    }
    with unchanged():
        response = alice_api.post("/api/teams/", payload, format="json")
    assert len(response.json()["errors"]) == 4


def test_hire_over_a_position_maximum(alice_api, humans, coach_alice, unchanged):
    for i in range(4):
        player_hire(team=humans, position="blitzer", name=f"B{i}", by=coach_alice)
    expected = refusal(player_hire, team=humans, position="blitzer", name="Fifth", by=coach_alice)
    with unchanged():
        response = alice_api.post(
            f"/api/teams/{humans.pk}/hire/", {"position": "blitzer", "name": "Fifth"}, format="json"
        )
    assert response.status_code == 400 and response.json() == refused(*expected)
    assert "Blitzer: at most 4 players" in expected[0]


def test_hire_and_reroll_need_the_treasury(alice_api, poor_humans, coach_alice, unchanged):
    for url, data, service, kwargs in [
        (
            f"/api/teams/{poor_humans.pk}/hire/",
            {"position": "lineman", "name": "X"},
            player_hire,
            {"position": "lineman", "name": "X"},
        ),
        (f"/api/teams/{poor_humans.pk}/rerolls/", {}, team_buy_reroll, {}),
    ]:
        expected = refusal(service, team=poor_humans, by=coach_alice, **kwargs)
        with unchanged():
            response = alice_api.post(url, data, format="json")
        assert response.status_code == 400 and response.json() == refused(*expected)
        assert "treasury holds 10" in expected[0]


def test_no_ninth_reroll(alice_api, league, coach_alice, unchanged):
    team = team_create(
        league=league, coach=coach_alice, name="Lucky", race="human", players=orders(("lineman", 11)), rerolls=8
    )
    expected = refusal(team_buy_reroll, team=team, by=coach_alice)
    assert expected == ["A team may have at most 8 team re-rolls."]
    with unchanged():
        response = alice_api.post(f"/api/teams/{team.pk}/rerolls/")
    assert response.status_code == 400 and response.json() == refused(*expected)


def test_undead_may_not_hire_an_apothecary_later(alice_api, undead, coach_alice, unchanged):
    expected = refusal(staff_hire, team=undead, kind="apothecary", by=coach_alice)
    with unchanged():
        response = alice_api.post(
            f"/api/teams/{undead.pk}/staff/", {"kind": "apothecary", "action": "hire"}, format="json"
        )
    assert response.status_code == 400 and response.json() == refused(*expected)


@pytest.mark.parametrize(
    "method, url, data",
    [
        ("post", "/api/teams/{team}/hire/", {"position": "lineman", "name": "X"}),
        ("post", "/api/teams/{team}/rerolls/", {}),
        ("post", "/api/teams/{team}/staff/", {"kind": "cheerleaders", "action": "hire"}),
        ("post", "/api/players/{player}/fire/", {}),
    ],
)
def test_a_draft_cannot_be_managed_like_a_ready_team(alice_api, draft, unchanged, method, url, data):
    url = url.format(team=draft.pk, player=draft.players.first().pk)
    with unchanged():
        response = getattr(alice_api, method)(url, data, format="json")
    assert response.status_code == 400
    assert response.json() == refused("This team is draft: it cannot be changed that way.")


def test_ready_twice_and_other_roster_refusals(alice_api, humans, unchanged):
    fired = humans.players.get(number=2)
    alice_api.post(f"/api/players/{fired.pk}/fire/")
    cases = [
        ("post", f"/api/teams/{humans.pk}/ready/", {}, "This team is ready: it cannot be changed that way."),
        ("post", f"/api/players/{fired.pk}/fire/", {}, "This player is no longer on the roster."),
        ("patch", f"/api/players/{humans.players.get(number=3).pk}/", {"number": 4}, "Number 4 is not free."),
        ("patch", f"/api/players/{humans.players.get(number=3).pk}/", {"name": "  "}, "Every player needs a name."),
        (
            "post",
            f"/api/teams/{humans.pk}/staff/",
            {"kind": "cheerleaders", "action": "fire"},
            "There is nobody of that staff to release.",
        ),
        (
            "post",
            f"/api/teams/{humans.pk}/hire/",
            {"position": "lineman", "name": "X", "number": 1},
            "Number 1 is not free.",
        ),
    ]
    for method, url, data, message in cases:
        with unchanged():
            response = getattr(alice_api, method)(url, data, format="json")
        assert response.status_code == 400, (url, response.content)
        assert response.json() == refused(message), url


# --- The request's language ---


def test_refusals_in_french(alice_api, league, coach_alice, undead, unchanged):
    payload = {
        "league": league.slug,
        "name": "Morts",
        "race": "undead",
        "players": body(("skeleton", 11)),
        "apothecary": True,
    }
    with unchanged():
        response = alice_api.post("/api/teams/", payload, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.json() == refused("Cette équipe ne peut pas engager d'apothicaire.")
    expected = refusal(staff_hire, "fr", team=undead, kind="apothecary", by=coach_alice)
    with unchanged():
        response = alice_api.post(
            f"/api/teams/{undead.pk}/staff/",
            {"kind": "apothecary", "action": "hire"},
            format="json",
            HTTP_ACCEPT_LANGUAGE="fr",
        )
    assert response.json() == refused(*expected) == refused("Cette équipe ne peut pas engager d'apothicaire.")


def test_french_messages_match_the_service_in_french(alice_api, humans, coach_alice):
    for i in range(4):
        player_hire(team=humans, position="blitzer", name=f"B{i}", by=coach_alice)
    expected = refusal(player_hire, "fr", team=humans, position="blitzer", name="Cinq", by=coach_alice)
    response = alice_api.post(
        f"/api/teams/{humans.pk}/hire/",
        {"position": "blitzer", "name": "Cinq"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.json() == refused(*expected)
    assert "Blitzeur" in expected[0]  # the position's French name, whatever the sentence's state
