"""PBBL pre-match defects found in acceptance: inducements paid partly from the treasury are
accepted when the result is submitted (P35/L78: treasury gold adds to the inducement gold); the
mercenary position limit leaves out players who miss the match (P36/L80); the journeymen's field
states its real limit."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match, MatchInducement
from teams.services import player_hire
from tests.matches.test_views_support import prematch_through_pages, report_data

pytestmark = pytest.mark.django_db

WEATHER = {"weather_source": "entered", "weather_1": "3", "weather_2": "4"}


def test_inducements_paid_from_the_treasury_do_not_block_the_submission(client, pbbl_match, coach_alice) -> None:
    # Equal TVs: no inducement gold; the wizard (180,000) is all treasury gold.
    prematch_through_pages(client, pbbl_match, weather=WEATHER, home_item_wizard="1")
    client.force_login(coach_alice)
    pbbl_match.refresh_from_db()
    assert pbbl_match.status == Match.Status.PREMATCH_DONE
    result = reverse("matches:result", args=[pbbl_match.pk])
    response = client.post(result, report_data(pbbl_match, action="submit"), follow=True)
    pbbl_match.refresh_from_db()
    assert pbbl_match.status == Match.Status.SUBMITTED, response.content.decode()[-3000:]


def _throwers(team, coach) -> None:
    """Two throwers, the position's maximum (0-2 at 70,000, seed 001 p.55)."""
    for number in (12, 13):
        player_hire(team=team, position="thrower", name=f"Thrower {number}", number=number, by=coach)


def _merc_thrower(client, match) -> str:
    return prematch_through_pages(client, match, weather=WEATHER, home_merc_0_position="thrower").content.decode()


def test_a_player_missing_the_match_leaves_his_place_to_a_mercenary(client, pbbl_match, coach_alice) -> None:
    _throwers(pbbl_match.home, coach_alice)
    pbbl_match.home.players.filter(number=12).update(miss_next_game=True)
    text = _merc_thrower(client, pbbl_match)
    pbbl_match.refresh_from_db()
    assert pbbl_match.status == Match.Status.PREMATCH_DONE, text
    assert MatchInducement.objects.get(match=pbbl_match, side="home").position == "thrower"


def test_a_mercenary_past_the_position_maximum_is_still_refused(client, pbbl_match, coach_alice) -> None:
    _throwers(pbbl_match.home, coach_alice)
    text = _merc_thrower(client, pbbl_match)
    pbbl_match.refresh_from_db()
    assert pbbl_match.status == Match.Status.SCHEDULED
    assert "Thrower" in text and "3" in text and not MatchInducement.objects.exists()


def _journeymen_help(client, coach, match) -> str:
    client.force_login(coach)
    page = client.get(reverse("matches:prematch", args=[match.pk])).content.decode()
    return page.split('id="id_home_item_journeymen_helptext"', 1)[1].split("</div>", 1)[0]


def test_the_journeymen_field_states_the_real_limit(client, pbbl_match, coach_alice) -> None:
    assert "only while fewer than 11 players can play" in _journeymen_help(client, coach_alice, pbbl_match)
    pbbl_match.home.players.filter(number__in=(1, 2)).update(miss_next_game=True)
    # Two humans out: the orcs are now the stronger and choose first (nothing), then the humans.
    client.force_login(pbbl_match.away.coach)
    client.post(reverse("matches:inducements", args=[pbbl_match.pk]), {"side": "away"})
    text = _journeymen_help(client, coach_alice, pbbl_match)
    assert "50,000 gp each, 0 to 2" in text and "None" not in text
