"""PBBL induced mercenaries and journeymen have Loner while they play (P36/L80: "All mercenaries
have the Loner skill"; a journeyman "has the Loner skill"): the result sheet and the match page list
them with it, and the match records their skills."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match, MatchInducement
from tests.matches.test_views_support import prematch_through_pages

pytestmark = pytest.mark.django_db

WEATHER = {"weather_source": "entered", "weather_1": "3", "weather_2": "4"}


def _section(page: str) -> str:
    start = page.index('id="temporary-players"')
    return page[start : page.index("</section>", start)]


def test_a_mercenary_and_a_journeyman_are_listed_with_loner(client, pbbl_match, coach_alice) -> None:
    pbbl_match.home.players.filter(number=11).update(miss_next_game=True)  # 10 can play: one journeyman
    prematch_through_pages(
        client, pbbl_match, weather=WEATHER, home_item_journeymen="1", home_merc_0_position="thrower"
    )
    pbbl_match.refresh_from_db()
    assert pbbl_match.status == Match.Status.PREMATCH_DONE
    rows = {row.key: row.skills.split(";") for row in MatchInducement.objects.filter(match=pbbl_match)}
    assert rows == {"mercenaries": ["sure_hands", "pass", "loner"], "journeymen": ["loner"]}
    client.force_login(coach_alice)
    for url in (reverse("matches:result", args=[pbbl_match.pk]), pbbl_match.get_absolute_url()):
        section = _section(client.get(url).content.decode())
        assert "Mercenary Thrower <" in section and "(Sure Hands, Pass, Loner)" in section, section
        assert "Journeyman Lineman <" in section and "(Loner)" in section, section
