"""Champions (seed 002 §2.1, §2.11, H9): star players hired for good, through the pages and the API.

A team of the `champtest` ruleset (LRB6 with [parameters.champions]) hires a star who plays for its
race at creation or later, paid from the treasury at the star's price, one of each, counted in the
roster and the team value, marked "Champion" on the roster, the export and the result sheet. The
star-player inducement is gone from the pre-match.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from league.rules import InducementOrder, check_inducements, load_ruleset
from matches.services import match_schedule
from teams.models import Player, TreasuryEntry
from teams.selectors import compute_team_value, ledger_balance
from teams.services import PlayerOrder, team_create, team_refresh_value
from tests.builders import league_of
from tests.champions.conftest import KEY
from tests.matches.test_views_support import declare_petty_cash

pytestmark = pytest.mark.django_db

MORG = "morg_n_thorg"  # 430,000 gp, plays for Humans (and others), not for Dwarfs in LRB6's list


@pytest.fixture
def league_ch(champions_ruleset, commissioner, coach_alice, user_factory):
    return league_of(KEY, "Champions' League", commissioner, coach_alice, user_factory("bob"))


@pytest.fixture
def humans(league_ch, coach_alice):
    players = [PlayerOrder("lineman", f"H{i}") for i in range(1, 12)]  # 550,000
    return team_create(league=league_ch, coach=coach_alice, name="Reavers", race="human", players=players)


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')


def consistent(team) -> None:
    team.refresh_from_db()
    assert ledger_balance(team) == team.treasury
    assert compute_team_value(team) == team.team_value


def test_the_ruleset_offers_each_races_stars_as_champions_and_no_star_inducement(champions_ruleset):
    humans = champions_ruleset.team("human")
    morg = humans.position(MORG)
    assert morg.champion and (morg.cost, morg.max_count) == (430_000, 1)
    assert "loner" in morg.skills and not morg.normal_categories
    assert MORG in {p.key for p in humans.roster_positions} and MORG not in {p.key for p in humans.positions}
    for team in champions_ruleset.teams.values():  # each team's stars, paired ones left out
        stars = {s.key for s in champions_ruleset.star_players.values() if team.key in s.teams and not s.paired_with}
        assert {p.key for p in team.champions} == stars - {p.key for p in team.positions}
    # Paired stars (sold as one inducement) are not champions.
    paired = {s.key for s in champions_ruleset.star_players.values() if s.paired_with}
    assert paired and not paired & {p.key for t in champions_ruleset.teams.values() for p in t.champions}
    assert not any(i.pricing == "star_player" for i in champions_ruleset.inducements.values())
    found = check_inducements(
        champions_ruleset, team_key="human", roster_size=11, order=InducementOrder(stars=(MORG,)), budget=500_000
    )
    assert "inducement_not_allowed" in {v.code for v in found}
    # LRB6 itself is unchanged: no champion, the star inducement offered.
    lrb6 = load_ruleset("lrb6")
    assert (
        not lrb6.team("human").champions and lrb6.group(type(champions_ruleset.parameter_groups["champions"])) is None
    )
    assert any(i.pricing == "star_player" for i in lrb6.inducements.values())


def test_a_coach_hires_a_champion_on_the_team_page(client, humans, coach_alice):
    client.force_login(coach_alice)
    page = text(client.get(reverse("teams:detail", args=[humans.pk])))
    assert (
        "Morg &#x27;n&#x27; Thorg (Champion) — 430,000 (0/1)" in page
        or "Morg 'n' Thorg (Champion) — 430,000 (0/1)" in page
    )
    response = client.post(
        reverse("teams:player_hire", args=[humans.pk]), {"position": MORG, "name": "Morg", "number": 12}
    )
    assert response.status_code == 302
    morg = humans.players.get(number=12)
    assert morg.position == MORG
    entry = TreasuryEntry.objects.get(team=humans, key=f"hire:player:{morg.pk}")
    assert (entry.kind, entry.amount) == ("player_hired", -430_000)
    humans.refresh_from_db()
    assert (humans.treasury, humans.team_value) == (450_000 - 430_000, 550_000 + 430_000)
    consistent(humans)
    page = text(client.get(reverse("teams:detail", args=[humans.pk])))
    assert "badge-champion" in page and ">Champion</span>" in page
    export = client.get(reverse("teams:export", args=[humans.pk])).json()
    row = next(p for p in export["players"] if p["number"] == 12)
    assert row["champion"] is True and row["value"] == 430_000 and "loner" in row["skills"]
    with translation.override("fr"):
        client.cookies["django_language"] = "fr"
        french = text(client.get(reverse("teams:detail", args=[humans.pk]), HTTP_ACCEPT_LANGUAGE="fr"))
    assert ">Champion</span>" in french


def test_one_copy_of_each_champion_per_team_in_both_languages(client, humans, coach_alice):
    client.force_login(coach_alice)
    Player.objects.create(team=humans, number=12, name="Morg", position=MORG)
    for lang, expected in (
        ("en", "Morg 'n' Thorg: at most 1 player per team."),
        ("fr", "Morg ‘n’ Thorg\xa0: au plus 1 joueur par équipe."),
    ):
        response = client.post(
            reverse("teams:player_hire", args=[humans.pk]),
            {"position": MORG, "name": "Again", "number": 13},
            HTTP_ACCEPT_LANGUAGE=lang,
            follow=True,
        )
        assert expected in text(response), text(response)[:3000]
    assert humans.players.filter(position=MORG).count() == 1


def test_a_champion_hired_at_creation_and_through_the_api(league_ch, coach_alice):
    api = APIClient()
    api.force_authenticate(coach_alice)
    players = [{"position": "lineman", "name": f"L{i}"} for i in range(11)] + [{"position": MORG, "name": "Morg"}]
    created = api.post(
        "/api/teams/", {"league": league_ch.slug, "name": "Stars", "race": "human", "players": players}, format="json"
    )
    assert created.status_code == 201, created.content
    data = created.json()
    assert (data["treasury"], data["team_value"]) == (1_000_000 - 550_000 - 430_000, 980_000)
    assert [p["champion"] for p in data["players"] if p["position"] == MORG] == [True]
    team_id = data["id"]
    twice = api.post(f"/api/teams/{team_id}/hire/", {"position": MORG, "name": "Morg II"}, format="json")
    assert twice.status_code == 400 and "at most 1 player per team" in twice.content.decode()
    griff = api.post(f"/api/teams/{team_id}/hire/", {"position": "griff_oberwald", "name": "Griff"}, format="json")
    assert griff.status_code == 400 and "treasury holds 20,000" in griff.content.decode()
    # Only a star who plays for the team's race: Griff plays for Humans alone.
    dwarfs = api.post(
        "/api/teams/",
        {
            "league": league_ch.slug,
            "name": "Dwarfs",
            "race": "dwarf",
            "players": [{"position": "griff_oberwald", "name": "G"}],
            "draft": True,
        },
        format="json",
    )
    assert dwarfs.status_code == 400 and "griff_oberwald" in dwarfs.content.decode()


def test_a_champion_is_unique_in_the_league_where_the_ruleset_says_so(
    unique_champions_ruleset, commissioner, coach_alice, user_factory, client
):
    bob = user_factory("bob")
    league = league_of(KEY, "One of Each", commissioner, coach_alice, bob)
    lines = [PlayerOrder("lineman", f"L{i}") for i in range(11)]
    team_create(
        league=league, coach=coach_alice, name="Reavers", race="human", players=[*lines, PlayerOrder(MORG, "Morg")]
    )
    others = team_create(league=league, coach=bob, name="Wolves", race="human", players=lines)
    client.force_login(bob)
    response = client.post(
        reverse("teams:player_hire", args=[others.pk]), {"position": MORG, "name": "Morg"}, follow=True
    )
    assert "Morg 'n' Thorg already plays for another team of this league" in text(response)
    assert not others.players.filter(position=MORG).exists()


def test_the_prematch_page_offers_no_star_player(client, humans, league_ch, commissioner, coach_alice):
    from django.contrib.auth.models import User

    bob = User.objects.get(username="bob")
    orcs = team_create(
        league=league_ch,
        coach=bob,
        name="Gouged Eye",
        race="orc",
        players=[PlayerOrder("lineman", f"O{i}") for i in range(11)],
    )
    Player.objects.create(team=humans, number=12, name="Morg", position=MORG)
    team_refresh_value(team=humans)  # 980,000 against 550,000: the Orcs get 430,000 to spend
    match = match_schedule(league=league_ch, home=humans, away=orcs, by=commissioner)
    declare_petty_cash(match)
    client.force_login(commissioner)  # he may choose either side's inducements: both forms shown
    page = text(client.get(reverse("matches:prematch", args=[match.pk])))
    assert "Bloodweiser" in page
    assert "Star players (at most" not in page and "_stars" not in page


def test_the_result_sheet_marks_the_champion(client, humans, league_ch, commissioner, coach_alice):
    from django.contrib.auth.models import User

    from matches.services import PrematchInput, prematch_record

    Player.objects.create(team=humans, number=12, name="Morg", position=MORG)
    bob = User.objects.get(username="bob")
    orcs = team_create(
        league=league_ch,
        coach=bob,
        name="Gouged Eye",
        race="orc",
        players=[PlayerOrder("lineman", f"O{i}") for i in range(11)],
    )
    match = match_schedule(league=league_ch, home=humans, away=orcs, by=commissioner)
    match = prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    client.force_login(coach_alice)
    sheet = text(client.get(reverse("matches:result", args=[match.pk])))
    assert "Morg 'n' Thorg · <span class=\"badge text-bg-warning badge-champion\">Champion</span>" in sheet


@pytest.mark.parametrize("ruleset", ["fr_house", "classic3"])
def test_the_shipped_rulesets_with_champions_hire_them_on_the_team_page(
    ruleset, client, commissioner, coach_alice, user_factory
):
    shipped = load_ruleset(ruleset)
    assert shipped.team("human").position(MORG).champion
    assert not any(i.pricing == "star_player" for i in shipped.inducements.values())
    league = league_of(ruleset, "Shipped", commissioner, coach_alice)
    lines = [PlayerOrder("lineman", f"H{i}") for i in range(1, 12)]
    humans = team_create(league=league, coach=coach_alice, name="Reavers", race="human", fan_factor=1, players=lines)
    client.force_login(coach_alice)
    hire = reverse("teams:player_hire", args=[humans.pk])
    assert client.post(hire, {"position": "griff_oberwald", "name": "Griff", "number": 12}).status_code == 302
    griff = humans.players.get(number=12)
    humans.refresh_from_db()
    assert griff.position == "griff_oberwald" and humans.treasury == 1_000_000 - 550_000 - 10_000 - 320_000
    consistent(humans)
    again = text(client.post(hire, {"position": "griff_oberwald", "name": "Griff II", "number": 13}, follow=True))
    assert "Griff Oberwald: at most 1 player per team." in again
    assert load_ruleset("lrb6").params.mvp_once_per_player is False
    assert shipped.params.mvp_once_per_player is (ruleset == "fr_house")
