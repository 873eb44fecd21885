"""Allies (seed 002 H:L17-27, spec §2.1, H6) in the shipped house rules, through the pages.

The commissioner fills in the league's ally table on its page (audited); from the team's second
match a coach hires an ally on the team page, paying the position's price plus 1 Fan Factor, or
10,000 gp when the Fan Factor is at 1; the table's cap holds; the ally then plays a match whose
post-match sequence runs (he keeps his race's profile and earns his SPP).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.core.models import AllyRule, AuditEntry
from matches.models import Match
from matches.services import (
    PlayerLine,
    PrematchInput,
    ReportInput,
    match_schedule,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)
from teams.models import Player, TreasuryEntry
from teams.selectors import compute_team_value, ledger_balance
from teams.services import PlayerOrder, team_create
from tests.builders import HOUSE_CHOICES, league_of

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')


@pytest.fixture
def house(commissioner, coach_alice, user_factory):
    bob = user_factory("bob")
    league = league_of("fr_house", "Ligue maison", commissioner, coach_alice, bob)
    humans = team_create(
        league=league,
        coach=coach_alice,
        name="Reavers",
        race="human",
        fan_factor=2,
        players=[PlayerOrder("lineman", f"H{i}") for i in range(1, 12)],
    )
    orcs = team_create(
        league=league,
        coach=bob,
        name="Gouged Eye",
        race="orc",
        fan_factor=1,
        players=[PlayerOrder("lineman", f"O{i}") for i in range(1, 12)],
    )
    return league, humans, orcs, bob


def play(league, home, away, bob, commissioner, capture, lines=()) -> Match:
    match = match_schedule(league=league, home=home, away=away, by=commissioner)
    match = prematch_record(match=match, data=PrematchInput(steps=HOUSE_CHOICES, weather_dice=(3, 4)), by=home.coach)
    scored = sum(line.touchdowns for line in lines)
    report = ReportInput(
        home_score=1,
        away_score=0,
        home_fame=0,
        away_fame=0,
        home_uncredited_touchdowns=1 - scored,
        lines=tuple(lines),
    )
    report_save(match=match, report=report, by=home.coach)
    report_submit(match=match, by=home.coach)
    with capture(execute=True):
        report_confirm(match=match, by=bob)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    return match


def test_the_commissioner_keeps_the_ally_table_on_the_league_page(client, house, commissioner, coach_alice):
    league = house[0]
    url = reverse("league:allies", args=[league.slug])
    client.force_login(commissioner)
    settings_page = text(client.get(reverse("league:settings", args=[league.slug])))
    assert url in settings_page
    row = {"host_race": "human", "ally_race": "orc", "position": "blitzer", "cap": "1"}
    assert client.post(url, row).status_code == 302
    page = text(client.get(url))
    assert "Blitzer" in page and "Orc" in page
    assert AllyRule.objects.get(league=league).cap == 1
    assert AuditEntry.objects.filter(league=league, action="league.ally_rule.changed", actor=commissioner).exists()
    refused = text(client.post(url, {**row, "position": "dragon"}, HTTP_ACCEPT_LANGUAGE="fr"))
    assert "« dragon » n'est pas un poste de l'équipe alliée." in refused
    refused = text(client.post(url, {**row, "ally_race": "human"}))
    assert "A team cannot be its own ally." in refused
    assert client.post(url, {**row, "cap": "0"}).status_code == 302  # 0 removes the row
    assert not AllyRule.objects.filter(league=league).exists()
    client.force_login(coach_alice)
    assert client.get(url).status_code == 200  # every reader sees the table
    assert client.post(url, row).status_code == 403
    assert not AllyRule.objects.filter(league=league).exists()


def test_the_ally_page_exists_only_where_the_ruleset_has_allies(client, league, commissioner):
    client.force_login(commissioner)
    assert client.get(reverse("league:allies", args=[league.slug])).status_code == 404


def test_allies_are_hired_from_the_second_match_for_1_ff_or_10000_gp(
    client, house, commissioner, coach_alice, django_capture_on_commit_callbacks
):
    league, humans, orcs, bob = house
    AllyRule.objects.create(league=league, host_race="human", ally_race="orc", position="blitzer", cap=1)
    AllyRule.objects.create(league=league, host_race="human", ally_race="orc", position="lineman", cap=2)
    client.force_login(coach_alice)
    hire = reverse("teams:ally_hire", args=[humans.pk])
    page = text(client.get(reverse("teams:detail", args=[humans.pk])))
    assert "Blitzer (Orc) — 80,000 (0–1)" in page and "Allies join from the team's match number 2." in page
    early = text(client.post(hire, {"ally": "orc:blitzer", "name": "Gorbag"}, follow=True))
    assert "Allies join from the team's match number 2: it has played 0." in early
    early_fr = text(
        client.post(hire, {"ally": "orc:blitzer", "name": "Gorbag"}, HTTP_ACCEPT_LANGUAGE="fr", follow=True)
    )
    assert "Les alliés arrivent à partir du match numéro 2 de l'équipe : elle en a joué 0." in early_fr
    assert not humans.players.filter(position__contains=":").exists()

    play(league, humans, orcs, bob, commissioner, django_capture_on_commit_callbacks)
    humans.refresh_from_db()
    humans.__class__.objects.filter(pk=humans.pk).update(fan_factor=2)  # whatever the FF roll gave
    treasury = humans.treasury
    assert client.post(hire, {"ally": "orc:blitzer", "name": "Gorbag", "number": 12}).status_code == 302
    gorbag = humans.players.get(number=12)
    humans.refresh_from_db()
    assert (gorbag.position, humans.fan_factor, humans.treasury) == ("orc:blitzer", 1, treasury - 80_000)
    assert AuditEntry.objects.filter(team=humans, action="teams.ally.hired").count() == 1
    # The FF is at 1 now: the next ally costs 10,000 gp more, the FF stays at 1.
    assert client.post(hire, {"ally": "orc:lineman", "name": "Snaga", "number": 13}).status_code == 302
    humans.refresh_from_db()
    assert (humans.fan_factor, humans.treasury) == (1, treasury - 80_000 - 50_000 - 10_000)
    fee = TreasuryEntry.objects.get(team=humans, key=f"hire:ally_fee:{humans.players.get(number=13).pk}")
    assert fee.amount == -10_000
    capped = text(client.post(hire, {"ally": "orc:blitzer", "name": "Again"}, follow=True))
    assert "Blitzer (Orc): at most 1 ally per team." in capped
    unknown = text(client.post(hire, {"ally": "elf:blitzer", "name": "Nope"}, follow=True))
    assert "Nope" not in unknown.split('id="roster"')[1].split("</table>")[0]
    assert ledger_balance(humans) == humans.treasury and compute_team_value(humans) == humans.team_value
    page = text(client.get(reverse("teams:detail", args=[humans.pk])))
    assert "Ally (Orc)" in page
    roster = page.split('id="roster"')[1].split("</table>")[0]
    assert "Blitzer" in roster

    # The ally plays: the post-match sequence takes him with his race's profile and gives his SPP.
    play(
        league,
        humans,
        orcs,
        bob,
        commissioner,
        django_capture_on_commit_callbacks,
        lines=(PlayerLine(gorbag.pk, touchdowns=1),),
    )
    gorbag.refresh_from_db()
    assert gorbag.spp >= 3
    export = client.get(reverse("teams:export", args=[humans.pk])).json()
    row = next(p for p in export["players"] if p["number"] == 12)
    assert row["position"] == "orc:blitzer" and row["profile"] == {"ma": 6, "st": 3, "ag": 3, "av": 9}
    assert Player.objects.filter(team=humans, position__startswith="orc:").count() == 2


def test_an_ally_through_the_api_only_by_the_teams_manager(
    house, commissioner, coach_alice, django_capture_on_commit_callbacks
):
    from rest_framework.test import APIClient

    league, humans, orcs, bob = house
    AllyRule.objects.create(league=league, host_race="human", ally_race="orc", position="blitzer", cap=1)
    url = f"/api/teams/{humans.pk}/allies/hire/"
    body = {"ally_race": "orc", "position": "blitzer", "name": "Gorbag", "number": 12}
    api = APIClient()
    api.force_authenticate(coach_alice)
    early = api.post(url, body, format="json")
    assert early.status_code == 400 and "it has played 0" in early.content.decode()
    play(league, humans, orcs, bob, commissioner, django_capture_on_commit_callbacks)
    stranger = APIClient()
    stranger.force_authenticate(bob)
    assert stranger.post(url, body, format="json").status_code == 403
    assert APIClient().post(url, body, format="json").status_code in (401, 403)
    hired = api.post(url, body, format="json")
    assert hired.status_code == 201, hired.content
    data = hired.json()
    assert (data["position"], data["value"], data["name"]) == ("orc:blitzer", 80_000, "Gorbag")
    again = api.post(url, {**body, "number": 13}, format="json")
    assert again.status_code == 400 and "at most 1 ally per team" in again.content.decode()
    table = api.post(url, {**body, "position": "lineman"}, format="json")
    assert table.status_code == 400 and "offers no such ally" in table.content.decode()


def test_the_ally_pages_read_in_french(client, house, commissioner, coach_alice, django_capture_on_commit_callbacks):
    league, humans, orcs, bob = house
    AllyRule.objects.create(league=league, host_race="human", ally_race="orc", position="blitzer", cap=1)
    client.force_login(commissioner)
    table = text(client.get(reverse("league:allies", args=[league.slug]), HTTP_ACCEPT_LANGUAGE="fr"))
    assert (
        "Table des alliés de Ligue maison" in table and "Blitzeur" in table and "Ajouter ou modifier une ligne" in table
    )
    assert "From its match number" not in table and "Allied team" not in table
    play(league, humans, orcs, bob, commissioner, django_capture_on_commit_callbacks)
    client.force_login(coach_alice)
    hire = reverse("teams:ally_hire", args=[humans.pk])
    client.post(hire, {"ally": "orc:blitzer", "name": "Gorbag", "number": 12}, HTTP_ACCEPT_LANGUAGE="fr")
    page = text(client.get(reverse("teams:detail", args=[humans.pk]), HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Recruter un allié" in page and "Allié (Orques)" in page
    assert "Hire an ally" not in page and "Ally (" not in page
