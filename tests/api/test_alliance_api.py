"""Alliance teams through the API (Dungeon Bowl's schools, spec §3.1, D8): `POST /api/teams/` takes
`second_roster`, `third_roster` and each player's `roster`, with the creation page's rules and
words (three distinct, pairwise allied rosters, 16/6/2, each roster's own positions), in English
and French, nothing written on a refusal; a draft keeps its rosters through PATCH and is made
ready; a hire after creation names the roster too."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.urls import reverse

from teams.models import Team
from tests.builders import league_of
from tests.web.test_team_creation_pages import form_data, rows_of

from .conftest import refused

pytestmark = pytest.mark.django_db

SCHOOL = {"race": "skaven", "second_roster": "chaos", "third_roster": "nurgle"}


def players(*spec: tuple[str, str, int]) -> list[dict[str, Any]]:
    """(roster, position, count): "" for the race's roster."""
    found: list[dict[str, Any]] = []
    for roster, position, count in spec:
        found += [{"position": position, "roster": roster, "name": f"P{len(found) + i + 1}"} for i in range(count)]
    return found


# 7 Skaven linemen, 2 gutter runners, 2 Chaos beastmen, 1 Nurgle rotter: 670,000 (the page's school).
LEGAL = players(("", "lineman", 7), ("", "gutter_runner", 2), ("chaos", "beastman", 2), ("nurgle", "rotter", 1))


@pytest.fixture
def school_league(commissioner, coach_alice):
    return league_of("dungeon_lutece", "Lutece", commissioner, coach_alice)


def payload(league, team_players=LEGAL, **head: Any) -> dict[str, Any]:
    return {"league": league.slug, "name": "Rats", "players": team_players, **SCHOOL, **head}


def test_a_school_is_created_through_the_api_as_on_the_page(alice_api, school_league):
    response = alice_api.post("/api/teams/", payload(school_league, rerolls=2, apothecary=True), format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert [r["key"] for r in data["rosters"]] == ["skaven", "chaos", "nurgle"]
    assert sorted((p["roster"], p["position"]) for p in data["players"] if p["roster"] != "skaven") == [
        ("chaos", "beastman"),
        ("chaos", "beastman"),
        ("nurgle", "rotter"),
    ]
    team = Team.objects.get(pk=data["id"])
    assert (team.second_roster, team.third_roster) == ("chaos", "nurgle")
    assert team.ledger.get(key="create:rerolls").amount == -100_000  # the alliance's 50,000 each
    assert team.treasury == 1_000_000 - 670_000 - 100_000 - 50_000

    # After creation a hire names its roster: a third Chaos player, then a Nurgle one past the cap of 2.
    hire = f"/api/teams/{team.pk}/hire/"
    hired = alice_api.post(hire, {"position": "beastman", "roster": "chaos", "name": "Horns"}, format="json")
    assert hired.status_code == 201, hired.content
    assert hired.json()["roster"] == "chaos"
    unknown = alice_api.post(hire, {"position": "minotaur", "roster": "nurgle", "name": "X"}, format="json")
    assert unknown.json()["fields"] == {"position": ["“minotaur” is not a position of this team."]}
    rotter = {"position": "rotter", "roster": "nurgle", "name": "Rotter"}
    assert alice_api.post(hire, rotter, format="json").status_code == 201  # the second of 2
    capped = alice_api.post(hire, {**rotter, "name": "Third"}, format="json")
    assert capped.status_code == 400 and capped.json() == refused("Nurgle: at most 2 players from this roster.")


@pytest.mark.parametrize(
    "head, team_players, english, french",
    [
        (
            {"third_roster": "human"},
            LEGAL[:11],
            "Skaven and Human are not allied: the three rosters must all be allied.",
            "Skavens et Humains ne sont pas alliés : les trois listes doivent toutes être alliées.",
        ),
        (
            {"third_roster": "chaos"},
            players(("", "lineman", 11)),
            "Chaos is chosen twice: the three rosters of an alliance must be different.",
            "",
        ),
        (
            {"third_roster": ""},
            players(("", "lineman", 11)),
            "An alliance team has exactly 3 rosters: choose both the second and the third.",
            "Une alliance compte exactement 3 listes : choisissez la deuxième et la troisième.",
        ),
        (
            {},
            players(("", "lineman", 9), ("nurgle", "rotter", 3)),
            "Nurgle: at most 2 players from this roster (you chose 3).",
            "Nurgle : au plus 2 joueurs de cette liste (vous en avez choisi 3).",
        ),
        (
            {},
            players(("", "lineman", 10), ("human", "lineman", 1)),
            "A player belongs to a roster this team does not have: choose his position again.",
            "",
        ),
    ],
)
def test_the_api_refuses_an_alliance_with_the_pages_words(
    alice_api, client, coach_alice, school_league, unchanged, head, team_players, english, french
):
    with unchanged():
        response = alice_api.post("/api/teams/", payload(school_league, team_players, **head), format="json")
    assert response.status_code == 400 and english in response.json()["errors"], response.json()
    if french:
        with unchanged():
            response = alice_api.post(
                "/api/teams/", payload(school_league, team_players, **head), format="json", HTTP_ACCEPT_LANGUAGE="fr"
            )
        assert french in response.json()["errors"], response.json()
    # The creation page says the same (its rows name a roster's position "<roster>:<position>").
    rows = rows_of(*((f"{p['roster']}:{p['position']}" if p["roster"] else p["position"], 1) for p in team_players))
    client.force_login(coach_alice)
    with unchanged():
        page = client.post(
            reverse("league:team_new", args=[school_league.slug]), form_data(rows=rows, **{**SCHOOL, **head})
        )
    page_text = html.unescape(page.content.decode())
    assert english in page_text


def test_unknown_rosters_and_positions_are_field_errors(alice_api, school_league, unchanged):
    with unchanged():
        response = alice_api.post("/api/teams/", payload(school_league, second_roster="dragons"), format="json")
    assert response.status_code == 400
    assert response.json()["fields"] == {"second_roster": ["“dragons” is not a team of this ruleset."]}
    wrong = players(("", "lineman", 10), ("chaos", "gutter_runner", 1))  # a Skaven position, not a Chaos one
    with unchanged():
        response = alice_api.post("/api/teams/", payload(school_league, wrong), format="json")
    assert response.json()["fields"]["players"][10] == {"position": ["“gutter_runner” is not a position of this team."]}


def test_a_league_without_alliances_refuses_the_rosters(alice_api, league, unchanged):
    with unchanged():
        response = alice_api.post(
            "/api/teams/",
            {**payload(league, players(("", "lineman", 11))), "race": "human", "third_roster": "orc"},
            format="json",
            HTTP_ACCEPT_LANGUAGE="fr",
        )
    assert response.status_code == 400
    assert "Cette ligue ne propose pas d'alliances." in response.json()["errors"]


def test_a_school_draft_keeps_its_rosters_through_patch_and_is_made_ready(alice_api, school_league):
    response = alice_api.post("/api/teams/", payload(school_league, LEGAL[:3], draft=True), format="json")
    assert response.status_code == 201, response.content
    team_id = response.json()["id"]
    patched = alice_api.patch(f"/api/teams/{team_id}/", {"players": LEGAL}, format="json")
    assert patched.status_code == 200, patched.content
    assert [r["key"] for r in patched.json()["rosters"]] == ["skaven", "chaos", "nurgle"]
    renamed = alice_api.patch(f"/api/teams/{team_id}/", {"name": "Rats of Lutèce"}, format="json")
    assert renamed.status_code == 200 and {p["roster"] for p in renamed.json()["players"]} == {
        "skaven",
        "chaos",
        "nurgle",
    }
    ready = alice_api.post(f"/api/teams/{team_id}/ready/", format="json")
    assert ready.status_code == 200, ready.content
    team = Team.objects.get(pk=team_id)
    assert (team.status, team.second_roster, team.third_roster) == (Team.Status.READY, "chaos", "nurgle")
