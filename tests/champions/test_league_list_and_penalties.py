"""Classic 3rd edition's values the truncated rulebook lacks (seed 004 L297-315, spec §13, A29),
entered by the commissioner on the league's settings page, each worded as not from the rulebook:
the champions the league offers and their prices (hiring on the team page and through the API, and
team value, follow them; a withdrawn champion is refused), and each secret weapon's penalty number,
against which the match page reads every recorded penalty roll (2D6 at least the number: sent off).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from league.core.models import AuditEntry, HouseRule
from matches.models import Match
from matches.services import PrematchInput, match_schedule, prematch_record, report_confirm
from teams.models import TreasuryEntry
from teams.selectors import compute_team_value, ledger_balance
from tests.builders import human_team, league_of, orc_team
from tests.matches.test_views_support import login, report_data
from tests.web.test_league_admin import settings_form

pytestmark = pytest.mark.django_db

HELMUT = "helmut_wulf"  # LRB6: 110,000 gp, Chainsaw and Secret Weapon, plays for Humans
MORG = "morg_n_thorg"  # LRB6: 430,000 gp, plays for Humans


@pytest.fixture
def classic(commissioner, coach_alice, user_factory):
    return league_of("classic3", "Vieille École", commissioner, coach_alice, user_factory("bob"))


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')


def save(client, league, commissioner, lang: str = "en", **changes: object) -> str:
    response = login(client, commissioner).post(
        reverse("league:settings", args=[league.slug]),
        settings_form(league, **changes),
        follow=True,
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert response.status_code == 200
    return text(response)


def test_the_settings_page_words_the_missing_values_as_not_from_the_rulebook(client, classic, commissioner):
    url = reverse("league:settings", args=[classic.slug])
    page = text(login(client, commissioner).get(url))
    assert "Values the rulebook lacks (its text is cut off)" in page
    assert "Not from the rulebook, whose table of penalty numbers is cut off" in page
    assert "Not from the rulebook, whose list of champions is cut off" in page
    assert "Not from the rulebook, whose champions' prices are cut off" in page
    # One input per weapon (empty: not entered) and per champion (the LRB6 price as placeholder).
    assert 'name="secret_weapons.penalty_numbers__chainsaw"' in page
    assert 'name="champions.prices__helmut_wulf"' in page and 'placeholder="110000"' in page
    assert 'name="champions.withdrawn" value="morg_n_thorg"' in page
    french = text(client.get(url, HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Valeurs absentes du livre de règles" in french
    assert "Pas dans le livre de règles, dont le tableau des chiffres de pénalité est tronqué" in french
    assert (
        "Tronçonneuse" in french and "Pas dans le livre de règles, dont la liste des champions est tronquée" in french
    )


def test_the_commissioner_enters_prices_withdraws_a_champion_and_the_hire_follows(
    client, classic, commissioner, coach_alice
):
    page = save(
        client,
        classic,
        commissioner,
        **{"champions.prices": {HELMUT: 150_000, MORG: 430_000}, "champions.withdrawn": [MORG]},
    )
    assert "Settings saved" in page and "Helmut Wulf: 150,000 gp" in page and "Morg 'n' Thorg" in page
    # The list price is the default: only Helmut's own price is kept.
    assert HouseRule.objects.get(league=classic, key="champions.prices").value == {HELMUT: 150_000}
    assert HouseRule.objects.get(league=classic, key="champions.withdrawn").value == [MORG]
    assert AuditEntry.objects.filter(action="league.setting.changed", league=classic).count() == 2
    refused = save(client, classic, commissioner, **{"champions.prices": {HELMUT: 155_000}})
    assert "Refused: one of the numbers is not allowed" in refused
    french = save(client, classic, commissioner, lang="fr", **{"champions.prices": {HELMUT: 5}})
    assert "Refusé" in french and "un des nombres n'est pas permis" in french

    humans = human_team(classic, coach_alice)
    client.force_login(coach_alice)
    team_page = text(client.get(reverse("teams:detail", args=[humans.pk])))
    assert "Helmut Wulf (Champion) — 150,000" in team_page and "Morg 'n' Thorg (Champion)" not in team_page
    hired = client.post(reverse("teams:player_hire", args=[humans.pk]), {"position": HELMUT, "name": "Helmut"})
    assert hired.status_code == 302
    helmut = humans.players.get(position=HELMUT)
    entry = TreasuryEntry.objects.get(team=humans, key=f"hire:player:{helmut.pk}")
    assert entry.amount == -150_000
    humans.refresh_from_db()
    assert humans.team_value == 550_000 + 150_000 + 10_000  # eleven linemen, Helmut, FF 1 (L275)
    assert compute_team_value(humans) == humans.team_value and ledger_balance(humans) == humans.treasury
    for lang, expected in (("en", "is not a position of this team"), ("fr", "n'est pas un poste de cette équipe")):
        response = client.post(
            reverse("teams:player_hire", args=[humans.pk]),
            {"position": MORG, "name": "Morg"},
            HTTP_ACCEPT_LANGUAGE=lang,
            follow=True,
        )
        assert expected in text(response)
    assert not humans.players.filter(position=MORG).exists()

    api = APIClient()
    api.force_authenticate(coach_alice)
    morg = api.post(f"/api/teams/{humans.pk}/hire/", {"position": MORG, "name": "Morg"}, format="json")
    assert morg.status_code == 400 and MORG in morg.content.decode()
    players = [{"position": "lineman", "name": f"L{i}"} for i in range(11)] + [{"position": HELMUT, "name": "H"}]
    created = api.post(
        "/api/teams/",
        {"league": classic.slug, "name": "Api Stars", "race": "human", "fan_factor": 1, "players": players},
        format="json",
    )
    assert created.status_code == 201, created.content
    assert created.json()["team_value"] == 550_000 + 150_000 + 10_000

    # A price changed later changes the hired champion's worth; withdrawing him keeps him hired.
    save(client, classic, commissioner, **{"champions.prices": {HELMUT: 120_000}, "champions.withdrawn": [HELMUT]})
    assert compute_team_value(humans) == 550_000 + 120_000 + 10_000
    assert humans.players.filter(position=HELMUT).exists()
    again = api.post(f"/api/teams/{humans.pk}/hire/", {"position": HELMUT, "name": "Helmut II"}, format="json")
    assert again.status_code == 400


def _penalty_match(classic, commissioner, alice, bob):
    humans, orcs = human_team(classic, alice), orc_team(classic, bob)
    from teams.services import player_hire

    helmut = player_hire(team=humans, position=HELMUT, name="Helmut", number=12, by=alice)
    match = match_schedule(league=classic, home=humans, away=orcs, by=commissioner)
    return prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=alice), helmut


def test_the_match_page_reads_each_penalty_roll_against_the_leagues_number(
    client, classic, commissioner, coach_alice, django_capture_on_commit_callbacks
):
    bob = classic.memberships.get(user__username="bob").user
    match, helmut = _penalty_match(classic, commissioner, coach_alice, bob)
    url = reverse("matches:result", args=[match.pk])
    sheet = report_data(match, action="submit", rec_weapon_penalty_home="#12 4+5, #12 3+2, #1 6+6")
    assert login(client, coach_alice).post(url, sheet).status_code == 302
    # Before the league enters the chainsaw's number, the roll is shown without a verdict.
    page = text(client.get(Match.objects.get(pk=match.pk).get_absolute_url()))
    assert "Chainsaw: no penalty number entered by the league, no verdict" in page
    assert "not a secret weapon" in page  # H1, a lineman
    save(client, classic, commissioner, **{"secret_weapons.penalty_numbers": {"chainsaw": 8}})
    assert HouseRule.objects.get(league=classic, key="secret_weapons.penalty_numbers").value == {"chainsaw": 8}
    refused = save(client, classic, commissioner, **{"secret_weapons.penalty_numbers": {"chainsaw": 13}})
    assert "Refused" in refused
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=Match.objects.get(pk=match.pk), by=bob)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    client.force_login(coach_alice)
    page = text(client.get(match.get_absolute_url()))
    assert f"#12 {helmut.name} · 4+5 · 9, at least 8 (Chainsaw): sent off for the rest of the match" in page
    assert "3+2 · 5, below 8 (Chainsaw): stays in the match" in page
    french = text(client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr"))
    assert "9, au moins 8 (Tronçonneuse) : expulsé pour le reste du match" in french
    assert "5, moins de 8 (Tronçonneuse) : reste dans le match" in french
    # The number is kept with the confirmed match: a later change leaves its reading as played.
    save(client, classic, commissioner, **{"secret_weapons.penalty_numbers": {"chainsaw": 10}})
    assert "9, at least 8 (Chainsaw)" in text(client.get(match.get_absolute_url()))
