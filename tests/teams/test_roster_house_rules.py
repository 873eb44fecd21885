"""Team building switched on by ruleset data (`roster_ruleset`, tests/teams/conftest.py), through the
pages and the API: free rookies (halved, no team re-roll, TV 0), the big-guy cap with its
commissioner exemption, the fan factor minimum at creation and a college of magic."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from teams.models import Player, Team, TreasuryEntry
from teams.services import PlayerOrder, team_create, team_refresh_value
from tests.builders import league_of
from tests.matches.test_league_options_pages import save_settings
from tests.matches.test_views_support import login
from tests.teams.conftest import ROSTER_KEY
from tests.web.test_team_creation_pages import form_data, rows_of

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def house(roster_ruleset, commissioner, coach_alice):
    return league_of(ROSTER_KEY, "Ligue Maison", commissioner, coach_alice)


def chaos(league, coach, **extra) -> Team:
    """Eleven Beastmen (the list's most numerous position), fan factor 1."""
    players = [PlayerOrder("beastman", f"B{i}") for i in range(1, 12)]
    return team_create(league=league, coach=coach, name="Horns", race="chaos", players=players, fan_factor=1, **extra)


# --- Fan factor at creation, and the college of magic ---


def test_the_creation_form_asks_at_least_the_minimum_fan_factor_and_a_college(client, house, coach_alice):
    url = reverse("league:team_new", args=[house.slug])
    page = text(login(client, coach_alice).get(url))
    assert 'name="college"' in page and "College of magic" in page
    assert 'name="fan_factor" value="1"' in page and 'min="1"' in page  # the minimum offered by default
    legal = rows_of(("lineman", 7), ("catcher", 2), ("thrower", 1), ("blitzer", 2))
    refused = text(client.post(url, form_data(rows=legal, fan_factor=0, college="Collège Lumineux")))
    assert "A new team needs a fan factor of at least 1 (you chose 0)." in refused
    assert not Team.objects.exists()
    client.cookies["django_language"] = "fr"
    refused = text(client.post(url, form_data(rows=legal, fan_factor=0)))
    assert "Une nouvelle équipe doit avoir une popularité d'au moins 1 (vous avez choisi 0)." in refused
    client.cookies["django_language"] = "en"
    assert client.post(url, form_data(rows=legal, fan_factor=1, college="Collège Lumineux")).status_code == 302
    team = Team.objects.get()
    assert (team.fan_factor, team.college, team.status) == (1, "Collège Lumineux", "ready")
    page = text(client.get(team.get_absolute_url()))
    assert 'id="team-college">Collège Lumineux' in page
    # Changed from the team page, and through the API, which shows it.
    edit = reverse("teams:college", args=[team.pk])
    assert "The college of magic that sponsors Reavers" in text(client.get(edit))
    assert client.post(edit, {"college": "Collège Céleste"}).status_code == 302
    team.refresh_from_db()
    assert team.college == "Collège Céleste"
    answer = client.post(reverse("api-team-college", args=[team.pk]), {"college": "Collège d'Or"})
    assert answer.status_code == 200 and answer.json()["college"] == "Collège d'Or"
    assert client.get(reverse("api-team", args=[team.pk])).json()["college"] == "Collège d'Or"


def test_a_ruleset_without_college_shows_and_accepts_none(client, league, coach_alice, humans):
    page = text(login(client, coach_alice).get(reverse("league:team_new", args=[league.slug])))
    assert 'name="college"' not in page
    assert "College of magic" not in text(client.get(humans.get_absolute_url()))
    assert client.get(reverse("teams:college", args=[humans.pk])).status_code == 404
    refused = client.post(
        reverse("api-team-college", args=[humans.pk]), {"college": "X"}, content_type="application/json"
    )
    assert refused.status_code == 400 and "no college of magic" in refused.content.decode()
    assert client.get(reverse("api-team", args=[humans.pk])).json()["college"] is None


def test_the_api_creates_a_team_with_its_college_and_the_fan_factor_minimum(client, house, coach_alice):
    body = {
        "league": house.slug,
        "name": "Seers",
        "race": "human",
        "players": [{"position": "lineman", "name": f"L{i}"} for i in range(1, 12)],
        "college": "Collège Gris",
    }
    login(client, coach_alice)
    refused = client.post(reverse("api-teams"), body, content_type="application/json")
    assert refused.status_code == 400 and "fan factor of at least 1" in refused.content.decode()
    created = client.post(reverse("api-teams"), {**body, "fan_factor": 1}, content_type="application/json")
    assert created.status_code == 201, created.content
    assert (created.json()["college"], created.json()["fan_factor"]) == ("Collège Gris", 1)


# --- The big-guy cap ---


def test_at_most_two_big_guys_at_creation_and_at_every_hire(client, house, coach_alice, commissioner):
    url = reverse("league:team_new", args=[house.slug])
    three = rows_of(("hobgoblin", 8), ("bull_centaur", 2), ("minotaur", 1))
    refused = text(
        login(client, coach_alice).post(url, form_data(name="Forges", race="chaos_dwarf", rows=three, fan_factor=1))
    )
    cap = "At most 2 players of these positions per team: Bull Centaur, Minotaur (you have 3)."
    assert cap in refused and not Team.objects.exists()
    client.cookies["django_language"] = "fr"
    refused = text(client.post(url, form_data(name="Forges", race="chaos_dwarf", rows=three, fan_factor=1)))
    assert "Au plus 2 joueurs de ces postes par équipe : Centaure Taureau, Minotaure (vous en avez 3)." in refused
    client.cookies["django_language"] = "en"
    two = rows_of(("hobgoblin", 9), ("bull_centaur", 2))
    assert client.post(url, form_data(name="Forges", race="chaos_dwarf", rows=two, fan_factor=1)).status_code == 302
    forges = Team.objects.get(name="Forges")
    # A later hire breaks it too: refused on the team page, with the same words, and by the API.
    hire = reverse("teams:player_hire", args=[forges.pk])
    page = text(client.post(hire, {"position": "minotaur", "name": "Bull"}, follow=True))
    assert cap in page and not forges.players.filter(position="minotaur").exists()
    answer = client.post(
        reverse("api-team-hire", args=[forges.pk]),
        {"position": "minotaur", "name": "Bull"},
        content_type="application/json",
    )
    assert answer.status_code == 400 and "At most 2 players of these positions" in answer.content.decode()
    assert forges.ledger.filter(kind=TreasuryEntry.Kind.PLAYER_HIRED, key__startswith="hire:").count() == 0
    # The Ogre team's Ogres are exempt by default; the commissioner may take the exemption away.
    ogres = rows_of(("snotling", 8), ("ogre", 3))
    assert client.post(url, form_data(name="Big Ones", race="ogre", rows=ogres, fan_factor=1)).status_code == 302
    big_ones = Team.objects.get(name="Big Ones")
    settings = text(login(client, commissioner).get(reverse("league:settings", args=[house.slug])))
    assert "Teams whose big guys the cap of two leaves free." in settings
    assert 'name="capped_group_exempt_teams" value="ogre"' in settings
    save_settings(client, house, commissioner, capped_group_exempt_teams=[])
    page = text(
        login(client, coach_alice).post(
            reverse("teams:player_hire", args=[big_ones.pk]), {"position": "ogre", "name": "Fourth"}, follow=True
        )
    )
    assert "At most 2 players of these positions per team: Ogre (you have 4)." in page
    assert big_ones.players.filter(position="ogre").count() == 3


# --- Free rookies ---


def test_a_rookie_is_hired_free_halved_marked_and_released_free(client, house, coach_alice):
    team = chaos(house, coach_alice)
    login(client, coach_alice)
    url = reverse("teams:rookie_hire", args=[team.pk])
    # Eleven able to play: no rookie.
    page = text(client.post(url, {"name": "", "number": ""}))
    assert "A free rookie may be hired only while the team has fewer than 11 players able to play (it has 11)." in page
    Player.objects.filter(team=team, number__in=[1, 2]).update(miss_next_game=True)
    value, treasury = team_refresh_value(team=team), team.treasury  # the two missing it leave the value
    confirm = text(client.get(url))
    assert "Hire a free rookie Beastman (MA 3, ST 2, AG 2, AV 4)?" in confirm  # 6/3/3/8 halved, rounding up
    assert client.post(url, {"name": "", "number": ""}).status_code == 302
    rookie = Player.objects.get(team=team, rookie=True)
    team.refresh_from_db()
    assert (rookie.position, rookie.number, team.team_value, team.treasury) == ("beastman", 12, value, treasury)
    page = text(client.get(team.get_absolute_url()))
    assert "Rookie 12" in page and "Rookie: no team re-roll" in page
    row = page[page.index('data-number="12"') :].split("</tr>")[0]
    assert '"roster-ma" data-label="MA">3<' in row.replace("stat ", "") and ">0</td>" in row  # value 0
    player_page = text(client.get(reverse("teams:player", args=[team.pk, rookie.pk])))
    assert "Rookie: no team re-roll" in player_page
    client.cookies["django_language"] = "fr"
    page = text(client.get(team.get_absolute_url()))
    assert "Rookie 12" in page and "Rookie : aucune relance d'équipe" in page
    assert "Engager un rookie gratuit Homme-bête (M 3, F 2, AG 2, AR 4) ?" in text(client.get(url))
    assert "Le collège de magie qui sponsorise Horns" in text(client.get(reverse("teams:college", args=[team.pk])))
    client.cookies["django_language"] = "en"
    # The API shows him as the pages do, and hires the next one.
    data = client.get(reverse("api-player", args=[rookie.pk])).json()
    assert (data["rookie"], data["ma"], data["st"], data["ag"], data["av"], data["value"]) == (True, 3, 2, 2, 4, 0)
    hired = client.post(reverse("api-team-rookies", args=[team.pk]), {"name": "Kid"}, content_type="application/json")
    assert hired.status_code == 201 and hired.json()["rookie"] and hired.json()["name"] == "Kid"
    refused = client.post(reverse("api-team-rookies", args=[team.pk]), {}, content_type="application/json")
    assert refused.status_code == 400 and "fewer than 11 players able to play (it has 11)" in refused.content.decode()
    # Released for free at any time: he leaves, nothing is refunded or charged.
    assert client.post(reverse("teams:player_fire", args=[team.pk, rookie.pk])).status_code == 302
    team.refresh_from_db()
    assert team.treasury == treasury and Player.objects.get(pk=rookie.pk).status == "fired"


def test_a_ruleset_without_rookies_offers_none(client, league, coach_alice, humans):
    login(client, coach_alice)
    assert "Hire a free rookie" not in text(client.get(humans.get_absolute_url()))
    assert client.get(reverse("teams:rookie_hire", args=[humans.pk])).status_code == 404
    refused = client.post(reverse("api-team-rookies", args=[humans.pk]), {}, content_type="application/json")
    assert refused.status_code == 400 and "no free rookies" in refused.content.decode()


# --- Who may write: the team's coach (and the commissioner); nobody else, nothing changes ---


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("teams:rookie_hire", {"name": "Kid"}),
        ("teams:college", {"college": "Collège Noir"}),
        ("api-team-rookies", {"name": "Kid"}),
        ("api-team-college", {"college": "Collège Noir"}),
    ],
)
def test_only_the_teams_managers_hire_rookies_or_change_its_college(
    client, house, coach_alice, commissioner, user_factory, name, data
):
    from league.core.services import league_join

    team = chaos(house, coach_alice)
    Player.objects.filter(team=team, number__in=[1, 2]).update(miss_next_game=True)  # room for two rookies
    bob = user_factory("bob")
    league_join(league=house, user=bob)
    url = reverse(name, args=[team.pk])
    api = name.startswith("api-")

    def state():
        return (
            list(Player.objects.filter(team=team).values_list("pk", "rookie")),
            Team.objects.get(pk=team.pk).college,
        )

    before = state()
    anonymous = client.post(url, data, content_type="application/json") if api else client.post(url, data)
    assert anonymous.status_code in ((401, 403) if api else (302,))
    if not api:
        assert anonymous["Location"].startswith(reverse("login"))
    for stranger in (bob, user_factory("sam")):
        client.force_login(stranger)
        refused = client.post(url, data, content_type="application/json") if api else client.post(url, data)
        assert refused.status_code == 403 and state() == before
    for manager in (coach_alice, commissioner):
        client.force_login(manager)
        done = client.post(url, data, content_type="application/json") if api else client.post(url, data)
        assert done.status_code in (200, 201, 302), done.content
    assert state() != before
