"""PBBL's pre-match through the pages (seed 001 P35-36/L78-80): no petty cash, treasury gold added
to the inducement gold and debited once, journeymen bought as an inducement, mercenaries with two
extra skills. TVs hold the treasury (P32/L72), so the figures below include it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match, MatchInducement
from teams.models import Team, TreasuryEntry
from tests.matches.test_views_support import prematch_through_pages

pytestmark = pytest.mark.django_db

WEATHER = {"weather_source": "entered", "weather_1": "3", "weather_2": "4"}


def _post(client, user, match, data):  # type: ignore[no-untyped-def]
    """Each coach chooses his own side's inducements (`data`: home_… fields, alice's side), then the
    weather is recorded."""
    assert match.home.coach == user
    return prematch_through_pages(client, match, weather=WEATHER, **data)


def test_no_petty_cash_step_and_treasury_gold_in_the_budget(client, pbbl_match, coach_alice) -> None:
    client.force_login(coach_alice)
    page = client.get(reverse("matches:prematch", args=[pbbl_match.pk])).content.decode()
    assert 'id="petty-cash"' not in page and "Treasury gold" in page
    # Both TVs hold the treasury: humans 550,000 + 100,000 re-rolls + 350,000; orcs 550,000 + 50,000 FF + 400,000.
    humans, orcs = pbbl_match.home, pbbl_match.away
    assert (humans.team_value, orcs.team_value) == (1_000_000, 1_000_000)


def test_treasury_gold_pays_beyond_the_inducement_gold_and_is_debited_once(client, pbbl_match, coach_alice) -> None:
    # Equal TVs: no inducement gold. A wizard (180,000) is paid from the humans' treasury.
    response = _post(client, coach_alice, pbbl_match, {"home_item_wizard": "1"})
    assert response.status_code == 200
    pbbl_match.refresh_from_db()
    assert pbbl_match.status == Match.Status.PREMATCH_DONE
    humans = Team.objects.get(pk=pbbl_match.home_id)
    assert humans.treasury == 350_000 - 180_000
    entries = TreasuryEntry.objects.filter(team=humans, kind="inducement")
    assert [e.amount for e in entries] == [-180_000]
    assert pbbl_match.home_petty_cash == 0 and not TreasuryEntry.objects.filter(kind="petty_cash").exists()


def test_an_order_over_the_treasury_is_refused_and_nothing_changes(client, pbbl_match, coach_alice) -> None:
    response = _post(client, coach_alice, pbbl_match, {"home_item_wizard": "1", "home_item_bribes": "2"})
    text = response.content.decode()
    assert "380,000" in text or "380 000" in text  # the cost named in the refusal
    pbbl_match.refresh_from_db()
    assert pbbl_match.status == Match.Status.SCHEDULED
    assert Team.objects.get(pk=pbbl_match.home_id).treasury == 350_000
    assert not MatchInducement.objects.exists()


def test_two_mercenary_skills_priced_and_a_journeyman_refused_with_eleven_players(
    client, pbbl_match, coach_alice
) -> None:
    data = {
        "home_merc_0_position": "lineman",
        "home_merc_0_skill": "tackle",
        "home_merc_0_skill2": "block",
        "home_item_journeymen": "1",
    }
    text = _post(client, coach_alice, pbbl_match, data).content.decode()
    assert "Journeymen only while the team cannot field enough players" in text  # 11 can play
    data.pop("home_item_journeymen")
    _post(client, coach_alice, pbbl_match, data)
    merc = MatchInducement.objects.get(match=pbbl_match, side="home")
    assert merc.cost == 50_000 + 30_000 + 2 * 50_000 and merc.extra_skill == "tackle;block"


def test_a_journeyman_is_bought_at_the_linemans_price_when_short(client, pbbl_match, coach_alice) -> None:
    humans = pbbl_match.home
    injured = humans.players.order_by("number")[0]
    injured.miss_next_game = True
    injured.save(update_fields=["miss_next_game"])
    _post(client, coach_alice, pbbl_match, {"home_item_journeymen": "1"})
    row = MatchInducement.objects.get(match=pbbl_match, side="home")
    assert (row.key, row.cost) == ("journeymen", 50_000)
    assert humans.players.filter(journeyman=True).count() == 0  # no free journeymen in PBBL
