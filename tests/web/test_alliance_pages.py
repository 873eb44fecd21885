"""Alliance teams through the pages (Dungeon Bowl's schools, spec §3.1, D7, D8): three pairwise
allied rosters, 16/6/2 players within each roster's position limits, re-rolls at the alliance's
price, the Necromancer when no roster may have an apothecary. The shipped Dungeon Bowl ruleset
switches them on in its data (alliances.csv, [parameters.alliances])."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from league.core.models import HouseRule
from league.core.services import league_settings_update
from teams.errors import TeamRuleError
from teams.models import Player, Team, TreasuryEntry
from teams.services import PlayerOrder, team_create
from tests.builders import league_of
from tests.web.test_team_creation_pages import form_data, rows_of

pytestmark = pytest.mark.django_db

# Skaven first (its race), Chaos second, Nurgle third: a school of the document (D:L230-278).
SCHOOL = {"race": "skaven", "second_roster": "chaos", "third_roster": "nurgle"}
# 7 Skaven linemen (350,000) and 2 gutter runners (160,000), 2 beastmen (120,000), 1 rotter (40,000).
SCHOOL_ROWS = rows_of(("lineman", 7), ("gutter_runner", 2), ("chaos:beastman", 2), ("nurgle:rotter", 1))


@pytest.fixture
def school_league(commissioner, coach_alice):
    return league_of("dungeon_lutece", "Lutece", commissioner, coach_alice)


def new_url(league) -> str:
    return reverse("league:team_new", args=[league.slug])


def text(response) -> str:
    return html.unescape(response.content.decode())


def refused(client, league, rows, **head) -> str:
    response = client.post(new_url(league), form_data(rows=rows, **{**SCHOOL, **head}))
    assert response.status_code == 200
    assert not Team.objects.exists() and not Player.objects.exists() and not TreasuryEntry.objects.exists()
    return text(response)


def test_the_form_offers_the_alliance_rosters_and_groups_the_positions(alice_client, school_league):
    page = text(alice_client.get(new_url(school_league)))
    assert 'name="second_roster"' in page and 'name="third_roster"' in page
    assert "Second roster (alliance)" in page and "up to 16, 6 and 2 players" in page
    fields = text(
        alice_client.post(
            reverse("league:team_new_fields", args=[school_league.slug]), form_data(rows=SCHOOL_ROWS[:1], **SCHOOL)
        )
    )
    # One group a roster with its cap; the allies' positions name their roster.
    assert '<optgroup label="Skaven (0–16)">' in fields and '<optgroup label="Chaos (0–6)">' in fields
    assert '<optgroup label="Nurgle (0–2)">' in fields and 'value="chaos:minotaur"' in fields
    assert "50,000 each at creation" in fields  # the alliance's re-roll price, not Skaven's 60,000


def test_a_school_is_created_its_players_keep_their_rosters_and_rerolls_cost_50000(
    alice_client, school_league, coach_alice
):
    data = form_data(rows=SCHOOL_ROWS, rerolls=2, apothecary="on", **SCHOOL)
    response = alice_client.post(new_url(school_league), data)
    assert response.status_code == 302, text(response)
    team = Team.objects.get()
    assert (team.race, team.second_roster, team.third_roster) == ("skaven", "chaos", "nurgle")
    rosters = sorted(team.players.values_list("roster", "position"))
    assert rosters.count(("chaos", "beastman")) == 2 and ("nurgle", "rotter") in rosters
    assert rosters.count(("", "lineman")) == 7  # the race's players name no roster
    # 670,000 of players, 2 re-rolls at 50,000, the apothecary 50,000.
    assert team.ledger.get(key="create:rerolls").amount == -100_000
    assert team.treasury == 1_000_000 - 670_000 - 100_000 - 50_000 == 180_000
    assert team.team_value == 820_000
    page = text(alice_client.get(team.get_absolute_url()))
    assert 'Beastman <small class="roster-ally">(Chaos)</small>' in page
    assert 'id="team-alliance"' in page and "Skaven (9/16)" in page and "Chaos (2/6)" in page and "Nurgle (1/2)" in page
    # The beastman's skill access is his own roster's (General, Strength, Mutation), not a Skaven's.
    beastman = team.players.filter(roster="chaos").first()
    player_page = text(alice_client.get(reverse("teams:player", args=[team.pk, beastman.pk])))
    assert "Beastman" in player_page
    api = alice_client.get(f"/api/teams/{team.pk}/").json()
    assert [r["key"] for r in api["rosters"]] == ["skaven", "chaos", "nurgle"]
    assert {p["roster"] for p in api["players"] if p["position"] == "beastman"} == {"chaos"}
    assert api["reroll_price"] == 100_000  # after creation: the alliance's price doubled (D8)
    # Bought after creation: 100,000, the team value rising by 50,000 only.
    alice_client.post(reverse("teams:buy_reroll", args=[team.pk]))
    team.refresh_from_db()
    assert team.rerolls == 3 and team.treasury == 80_000 and team.team_value == 870_000


def test_rosters_not_all_allied_are_refused(alice_client, school_league):
    page = refused(alice_client, school_league, SCHOOL_ROWS, third_roster="human")
    assert "Skaven and Human are not allied" in page and "Chaos and Human are not allied" in page


def test_a_roster_chosen_twice_is_refused(alice_client, school_league):
    page = refused(alice_client, school_league, rows_of(("lineman", 11)), third_roster="chaos")
    assert "Chaos is chosen twice: the three rosters of an alliance must be different." in page


def test_one_roster_alone_is_not_an_alliance(alice_client, school_league):
    page = refused(alice_client, school_league, rows_of(("lineman", 11)), third_roster="")
    assert "An alliance team has exactly 3 rosters" in page


@pytest.mark.parametrize(
    "extra, expected",
    [
        ((("chaos:beastman", 7),), "Chaos: at most 6 players from this roster (you chose 7)."),
        ((("nurgle:rotter", 3),), "Nurgle: at most 2 players from this roster (you chose 3)."),
        ((("chaos:minotaur", 2),), "Minotaur (Chaos): at most 1 player per team (you chose 2)."),
        ((("lineman", 6),), "A team may have at most 16 players (you have 17)."),
    ],
)
def test_the_caps_and_each_rosters_position_limits_apply(alice_client, school_league, extra, expected):
    page = refused(alice_client, school_league, rows_of(("lineman", 11), *extra))
    assert expected in page, page


def test_a_school_without_apothecary_gets_the_necromancer(alice_client, school_league, coach_alice):
    undead = {"race": "necromantic", "second_roster": "undead", "third_roster": "khemri"}
    rows = rows_of(("zombie", 9), ("undead:skeleton", 2), ("khemri:skeleton", 1))
    fields = text(alice_client.post(reverse("league:team_new_fields", args=[school_league.slug]), form_data(**undead)))
    assert "None of these rosters may have an apothecary: the team has the Necromancer instead." in fields
    with pytest.raises(TeamRuleError) as info:  # the service refuses it too (the page's field is disabled)
        team_create(
            league=school_league,
            coach=coach_alice,
            name="Dead",
            race="necromantic",
            allies=("undead", "khemri"),
            players=[PlayerOrder("zombie", f"Z{i}") for i in range(11)],
            apothecary=True,
        )
    assert info.value.messages == ["This team may not hire an apothecary."]
    response = alice_client.post(new_url(school_league), form_data(rows=rows, apothecary="on", **undead))
    team = Team.objects.get()
    page = text(alice_client.get(team.get_absolute_url()))
    assert response.status_code == 302 and not team.apothecary and 'id="team-necromancer"' in page
    assert team.players.filter(roster="khemri", position="skeleton").count() == 1


def test_a_later_hire_names_its_roster_and_keeps_within_its_cap(alice_client, school_league):
    rows = rows_of(("lineman", 5), ("chaos:beastman", 6))
    assert alice_client.post(new_url(school_league), form_data(rows=rows, **SCHOOL)).status_code == 302
    team = Team.objects.get()
    hire = reverse("teams:player_hire", args=[team.pk])
    alice_client.post(hire, {"position": "nurgle:pestigor", "name": "Bubo", "number": ""})
    assert team.players.get(name="Bubo").roster == "nurgle"
    alice_client.post(hire, {"position": "chaos:beastman", "name": "Seventh", "number": ""})
    assert not team.players.filter(name="Seventh").exists()
    page = text(alice_client.get(team.get_absolute_url()))
    assert "Chaos: at most 6 players from this roster." in page


def test_the_league_switch_turns_alliances_off(alice_client, school_league, commissioner):
    changes = league_settings_update(league=school_league, by=commissioner, values={"alliances.enabled": False})
    assert changes == [{"setting": "alliances.enabled", "old": True, "new": False}]
    assert HouseRule.objects.get(league=school_league).key == "alliances.enabled"
    page = text(alice_client.get(new_url(school_league)))
    assert 'name="second_roster"' not in page
    page = refused(alice_client, school_league, SCHOOL_ROWS)
    assert "“chaos:beastman” is not a position of this team." in page
    with pytest.raises(TeamRuleError) as info:
        team_create(
            league=school_league,
            coach=school_league.commissioner,
            name="School",
            race="skaven",
            allies=("chaos", "nurgle"),
            players=[PlayerOrder("lineman", f"L{i}") for i in range(11)],
        )
    assert info.value.messages == ["This league does not offer alliance teams."]


def test_the_alliance_speaks_french(alice_client, school_league):
    alice_client.cookies["django_language"] = "fr"
    url = new_url(school_league)
    page = text(alice_client.get(url))
    assert "Deuxième liste (alliance)" in page and "jusqu'à 16, 6 et 2 joueurs" in page
    response = alice_client.post(url, form_data(rows=SCHOOL_ROWS, **{**SCHOOL, "third_roster": "human"}))
    assert "Skavens et Humains ne sont pas alliés" in text(response)
    response = alice_client.post(url, form_data(rows=rows_of(("lineman", 11), ("chaos:beastman", 7)), **SCHOOL))
    assert "Chaos : au plus 6 joueurs de cette liste (vous en avez choisi 7)." in text(response)
    assert alice_client.post(url, form_data(rows=SCHOOL_ROWS, **SCHOOL)).status_code == 302
    page = text(alice_client.get(Team.objects.get().get_absolute_url()))
    assert 'Homme-bête <small class="roster-ally">(Chaos)</small>' in page and "Skavens (9/16)" in page
