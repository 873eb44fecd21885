"""Read endpoints: public, in the request's language, at a fixed number of queries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from league.rules import load_ruleset
from teams.models import Advancement, Injury
from teams.services import player_fire, player_hire, team_create

from .conftest import orders

pytestmark = pytest.mark.django_db
LRB6 = load_ruleset("lrb6")


@pytest.fixture
def anon() -> APIClient:
    return APIClient()


def test_rulesets_are_listed_with_version_and_names(anon):
    response = anon.get("/api/rulesets/")
    assert response.status_code == 200
    assert {
        "key": "lrb6",
        "version": LRB6.version,
        "name": LRB6.name_en,
        "names": {"en": LRB6.name_en, "fr": LRB6.name_fr},
    } in response.json()
    french = anon.get("/api/rulesets/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert [r["name"] for r in french if r["key"] == "lrb6"] == [LRB6.name_fr]


def test_a_ruleset_lists_its_teams_with_rerolls_and_apothecary(anon):
    data = anon.get("/api/rulesets/lrb6/").json()
    teams = {t["key"]: t for t in data["teams"]}
    assert set(teams) == set(LRB6.teams)
    assert teams["human"] == {
        "key": "human",
        "name": "Human",
        "reroll_cost": 50_000,
        "max_rerolls": 8,
        "apothecary_allowed": True,
    }
    assert teams["undead"]["apothecary_allowed"] is False
    assert data["starting_treasury"] == 1_000_000


def test_a_team_list_shows_positions_skills_and_stars(anon):
    data = anon.get("/api/rulesets/lrb6/teams/human/").json()
    positions = {p["key"]: p for p in data["positions"]}
    assert positions["blitzer"] == {
        "key": "blitzer",
        "name": "Blitzer",
        "max": 4,
        "cost": 90_000,
        "ma": 7,
        "st": 3,
        "ag": 3,
        "av": 8,
        "skills": [{"key": "block", "name": LRB6.skill("block").name_en}],
        "normal_categories": "GS",
        "double_categories": "AP",
    }
    assert "griff_oberwald" in {s["key"] for s in data["star_players"]}
    assert (data["reroll_cost"], data["max_rerolls"], data["apothecary_allowed"]) == (50_000, 8, True)


def test_a_team_list_in_french(anon):
    data = anon.get("/api/rulesets/lrb6/teams/human/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert data["name"] == "Humains"
    catcher = next(p for p in data["positions"] if p["key"] == "catcher")
    assert catcher["name"] == "Receveur"
    assert [s["name"] for s in catcher["skills"]] == [LRB6.skill(k).name("fr") for k in ("catch", "dodge")]


@pytest.mark.parametrize(
    "url",
    [
        "/api/rulesets/nope/",
        "/api/rulesets/lrb6/teams/nope/",
        "/api/rulesets/nope/teams/human/",
        "/api/teams/999999/",
        "/api/players/999999/",
    ],
)
def test_unknown_keys_and_ids_are_404(anon, url):
    assert anon.get(url).status_code == 404


def test_teams_are_listed_and_filtered_by_league(anon, league, other_commissioner, humans, undead):
    from league.core.models import League

    elsewhere = League.objects.get(slug="other-league")
    team_create(
        league=elsewhere, coach=other_commissioner, name="Far Away", race="orc", players=orders(("lineman", 11))
    )
    everything = anon.get("/api/teams/").json()
    assert everything["count"] == 3
    mine = anon.get("/api/teams/", {"league": league.slug}).json()
    assert [t["name"] for t in mine["results"]] == ["Grave Diggers", "Reavers"]
    reavers = mine["results"][1]
    assert reavers == {
        "id": humans.pk,
        "name": "Reavers",
        "league": league.slug,
        "league_name": league.name,
        "ruleset": "lrb6",
        "coach": "alice",
        "race": "human",
        "race_name": "Human",
        "rosters": [{"key": "human", "name": "Human"}],  # an alliance team lists its three
        "status": "ready",
        "status_display": "Ready",
        "team_value": 550_000,
        "treasury": 450_000,
        "rerolls": 0,
        "fan_factor": 0,
        "assistant_coaches": 0,
        "cheerleaders": 0,
        "apothecary": False,
        "college": None,  # this ruleset asks for no college of magic
    }
    assert anon.get("/api/teams/", {"league": "no-such-league"}).status_code == 400


def test_team_detail_has_the_roster_sheet(anon, humans):
    player = humans.players.get(number=3)
    Advancement.objects.create(player=player, kind=Advancement.Kind.ST, skill="")
    Advancement.objects.create(player=player, kind=Advancement.Kind.NORMAL_SKILL, skill="block")
    Injury.objects.create(player=player, casualty="smashed_hip", stat="ma")
    data = anon.get(f"/api/teams/{humans.pk}/").json()
    assert [p["number"] for p in data["players"]] == list(range(1, 12))
    row = data["players"][2]
    assert (row["name"], row["position"], row["position_name"]) == ("lineman 2", "lineman", "Lineman")
    assert (row["ma"], row["st"], row["ag"], row["av"]) == (5, 4, 3, 8)
    assert row["skills"] == [{"key": "block", "name": LRB6.skill("block").name_en}]
    assert row["value"] == 50_000 + LRB6.value_increases["st_increase"] + LRB6.value_increases["new_skill"]
    assert row["injuries"][0]["stat"] == "ma" and row["status"] == "active" and row["spp"] == 0
    assert data["players"][0]["value"] == 50_000
    assert data["reroll_price"] == 100_000


def test_player_detail_also_for_a_fired_player(anon, humans, coach_alice):
    player = humans.players.get(number=5)
    player_fire(player=player, by=coach_alice)
    data = anon.get(f"/api/players/{player.pk}/").json()
    assert data["status"] == "fired" and data["number"] == 5 and (data["ma"], data["av"]) == (6, 8)
    assert data["team"]["id"] == humans.pk and data["team"]["team_value"] == 500_000


def count_queries(client: APIClient, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_team_list_runs_the_same_queries_for_2_or_6_teams(anon, league, coach_alice):
    for i in range(2):
        team_create(league=league, coach=coach_alice, name=f"T{i}", race="human", players=orders(("lineman", 11)))
    two = count_queries(anon, "/api/teams/")
    for i in range(2, 6):
        team_create(league=league, coach=coach_alice, name=f"T{i}", race="orc", players=orders(("lineman", 11)))
    assert anon.get("/api/teams/").json()["count"] == 6
    assert count_queries(anon, "/api/teams/") == two
    assert count_queries(anon, f"/api/teams/?league={league.slug}") == two + 1  # the league lookup


def test_team_detail_runs_the_same_queries_for_11_or_16_players(anon, humans, coach_alice):
    eleven = count_queries(anon, f"/api/teams/{humans.pk}/")
    for i in range(5):
        player_hire(team=humans, position="lineman", name=f"Extra {i}", by=coach_alice)
    assert len(anon.get(f"/api/teams/{humans.pk}/").json()["players"]) == 16
    assert count_queries(anon, f"/api/teams/{humans.pk}/") == eleven
