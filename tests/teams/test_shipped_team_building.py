"""The team-building switches as the shipped rulesets set them: the French house rules (seed 002:
rookies, at most two big guys with the Ogre team exempt, FF at least 1), Dungeon Bowl (seed 003:
a college of magic) and classic 3rd edition (seed 004: FF at least 1 at creation)."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from teams.models import Player, Team
from teams.services import PlayerOrder, team_create
from tests.builders import league_of
from tests.matches.test_views_support import login
from tests.web.test_team_creation_pages import form_data, rows_of

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_the_house_rules_cap_big_guys_spare_the_ogres_and_hire_rookies(client, commissioner, coach_alice):
    house = league_of("fr_house", "Ligue Maison", commissioner, coach_alice)
    url = reverse("league:team_new", args=[house.slug])
    login(client, coach_alice)
    vampires = rows_of(("thrall", 8), ("vampire", 3))
    refused = text(client.post(url, form_data(name="Nuit", race="vampire", rows=vampires, fan_factor=1)))
    assert "At most 2 players of these positions per team: Vampire (you have 3)." in refused
    refused = text(client.post(url, form_data(name="Nuit", race="vampire", rows=rows_of(("thrall", 11)))))
    assert "A new team needs a fan factor of at least 1 (you chose 0)." in refused
    ogres = rows_of(("snotling", 8), ("ogre", 3))
    assert client.post(url, form_data(name="Big Ones", race="ogre", rows=ogres, fan_factor=1)).status_code == 302
    settings = text(login(client, commissioner).get(reverse("league:settings", args=[house.slug])))
    assert "Teams whose big guys the cap of two per team leaves free" in settings
    # Rookies: Goblins, whose list's most numerous position is the Goblin (0-16).
    goblins = team_create(
        league=house,
        coach=coach_alice,
        name="Gobbos",
        race="goblin",
        players=[PlayerOrder("goblin", f"G{i}") for i in range(1, 12)],
        fan_factor=1,
    )
    Player.objects.filter(team=goblins, number=1).update(status=Player.Status.DEAD)
    login(client, coach_alice)
    assert "Hire a free rookie" in text(client.get(goblins.get_absolute_url()))
    assert "Hire a free rookie Goblin (MA 3, ST 1, AG 2, AV 4)?" in text(
        client.get(reverse("teams:rookie_hire", args=[goblins.pk]))
    )
    assert client.post(reverse("teams:rookie_hire", args=[goblins.pk]), {"name": "Snik"}).status_code == 302
    assert Player.objects.get(team=goblins, rookie=True).name == "Snik"
    assert "College of magic" not in text(client.get(goblins.get_absolute_url()))


def test_dungeon_bowl_teams_have_a_college_and_classic_teams_need_a_fan_factor(client, commissioner, coach_alice):
    dungeon = league_of("dungeon_lutece", "LutèceCup", commissioner, coach_alice)
    login(client, coach_alice)
    legal = rows_of(("lineman", 7), ("catcher", 2), ("thrower", 1), ("blitzer", 2))
    url = reverse("league:team_new", args=[dungeon.slug])
    assert "College of magic" in text(client.get(url))
    assert client.post(url, form_data(rows=legal, college="Collège Flamboyant")).status_code == 302
    team = Team.objects.get(league=dungeon)
    assert "Collège Flamboyant" in text(client.get(team.get_absolute_url()))
    assert client.get(reverse("api-team", args=[team.pk])).json()["college"] == "Collège Flamboyant"
    assert "Hire a free rookie" not in text(client.get(team.get_absolute_url()))
    classic = league_of("classic3", "Troisième", commissioner, coach_alice)
    refused = text(client.post(reverse("league:team_new", args=[classic.slug]), form_data(rows=legal)))
    assert "A new team needs a fan factor of at least 1 (you chose 0)." in refused
