"""A journeyman plays his match with Loner (p.29 L3746-3755): the result sheet and the match page
show it, and the match keeps that he played as a journeyman once he is hired for good and loses it
(p.29 L3743-3745)."""

from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from matches.models import Match, MatchPlayer
from teams.models import Player
from tests.matches.test_import_service import example, imported
from tests.matches.test_views_support import prematch_through_pages

pytestmark = pytest.mark.django_db


def _section(page: str) -> str:
    start = page.index('id="temporary-players"')
    return page[start : page.index("</section>", start)]


def test_the_sheet_and_the_match_page_show_the_journeyman_with_loner(client, scheduled, coach_alice):
    scheduled.home.players.filter(number=11).update(miss_next_game=True)  # 10 can play: a journeyman joins
    prematch_through_pages(client, scheduled, weather={"weather_source": "entered", "weather_1": "3", "weather_2": "4"})
    scheduled.refresh_from_db()
    assert scheduled.status == Match.Status.PREMATCH_DONE
    journeyman = scheduled.home.players.get(journeyman=True)
    client.force_login(coach_alice)
    sheet = client.get(reverse("matches:result", args=[scheduled.pk])).content.decode()
    card = sheet[sheet.index(f'id="player-{journeyman.pk}"') :]
    assert "Journeyman · Loner" in card[: card.index("</small>")]
    assert str(journeyman) in _section(sheet) and "Loner" in _section(sheet)
    page = client.get(scheduled.get_absolute_url()).content.decode()
    assert str(journeyman) in _section(page) and "Loner" in _section(page)
    assert MatchPlayer.objects.get(match=scheduled, player=journeyman).journeyman


def test_a_journeyman_hired_for_good_keeps_loner_on_the_match_he_played_as_one(
    client, humans, orcs, coach_alice, django_capture_on_commit_callbacks
):
    imported(example(), django_capture_on_commit_callbacks)  # leaves 10 able to play: a journeyman joins
    journeyman = humans.players.get(journeyman=True, status=Player.Status.ACTIVE)
    data = copy.deepcopy(example())
    data.update(report_id="2025-round-3", played_on="2025-03-28", dice={}, players={}, casualties={})
    data["result"] = {"home_score": 0, "away_score": 0}
    data["decisions"] = {f"journeyman:home#{journeyman.number}": "hire"}
    second = imported(data, django_capture_on_commit_callbacks).match
    journeyman.refresh_from_db()
    assert second.status == Match.Status.PROCESSED and not journeyman.journeyman
    assert MatchPlayer.objects.get(match=second, player=journeyman).journeyman  # recorded with the match
    client.force_login(coach_alice)
    page = client.get(second.get_absolute_url()).content.decode()
    assert str(journeyman) in _section(page) and "Loner" in _section(page)
    roster = client.get(reverse("teams:detail", args=[humans.pk])).content.decode()
    row = roster[roster.index(f">{journeyman.display_name}") :]
    assert "Loner" not in row[: row.index("</tr>")]
