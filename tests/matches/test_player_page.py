"""The player page: his career (matches with his line and MVP, SPP by kind, injuries, improvements),
public like the team page, linked from the roster sheet, in queries that do not grow with his career."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.models import MatchEffect
from teams.models import Advancement, Injury

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def page(client, player) -> str:
    response = client.get(reverse("teams:player", args=[player.team_id, player.pk]))
    assert response.status_code == 200
    return response.content.decode()


def spp_rows(html: str) -> dict[str, int]:
    table = html.split('id="player-spp"', 1)[1].split("</table>", 1)[0]
    return {k: int(v) for k, v in re.findall(r'data-kind="(\w+)">.*?<td class="stat">(\d+)</td>', table, re.S)}


def test_a_scorer_s_career_shows_his_match_and_his_spp(client, processed_match, humans, orcs):
    scorer = humans.players.get(number=1)
    scorer.refresh_from_db()
    html = page(client, scorer)  # a visitor: the page is public
    row = html.split(f'data-match="{processed_match.pk}"', 1)[1].split("</tr>", 1)[0]
    assert re.findall(r'<td class="stat">(\d+)</td>', row) == ["2", "0", "0", "0"]  # TD, Cas., Comp., Int.
    assert reverse("teams:detail", args=[orcs.pk]) in row and processed_match.get_absolute_url() in row
    mvp = MatchEffect.objects.filter(match=processed_match, kind="mvp", player=scorer).exists()
    assert ("★" in row) == mvp
    by_kind = spp_rows(html)
    assert by_kind["touchdown"] == 6
    assert sum(by_kind.values()) == scorer.spp
    assert f"{scorer.spp} SPP" in html


def test_an_injured_player_shows_his_injury_with_its_match(client, processed_match, humans):
    player = humans.players.get(number=3)
    assert "None yet." in page(client, player).split('id="player-injuries"', 1)[1].split("</ul>", 1)[0]
    Injury.objects.create(player=player, casualty="smashed_hip", stat="ma", match=processed_match)
    injuries = page(client, player).split('id="player-injuries"', 1)[1].split("</ul>", 1)[0]
    assert "Smashed Hip (−MA)" in injuries
    assert processed_match.get_absolute_url() in injuries


def test_improvements_are_listed(client, humans):
    player = humans.players.get(number=5)
    Advancement.objects.create(player=player, kind=Advancement.Kind.NORMAL_SKILL, skill="block")
    html = page(client, player)
    improvements = html.split('id="player-improvements"', 1)[1].split("</ul>", 1)[0]
    assert "Block" in improvements
    assert "No match yet." in html


def test_the_roster_sheet_links_each_player(client, humans):
    html = client.get(reverse("teams:detail", args=[humans.pk])).content.decode()
    for player in humans.players.all():
        assert reverse("teams:player", args=[humans.pk, player.pk]) in html


def test_a_player_of_another_team_is_not_found_under_this_one(client, humans, orcs):
    other = orcs.players.first()
    assert client.get(reverse("teams:player", args=[humans.pk, other.pk])).status_code == 404


def test_the_queries_do_not_grow_with_the_career(client, humans):
    player = humans.players.get(number=5)

    def queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            page(client, player)
        return len(ctx.captured_queries)

    Advancement.objects.create(player=player, kind=Advancement.Kind.MA)
    Injury.objects.create(player=player, casualty="smashed_knee", stat="ma")
    few = queries()
    for _ in range(3):
        Advancement.objects.create(player=player, kind=Advancement.Kind.AV)
        Injury.objects.create(player=player, casualty="smashed_knee", stat="ma")
    assert few == queries()


def test_the_queries_do_not_grow_with_his_matches(client, league, humans, orcs, commissioner):
    from matches.models import Match, MatchPlayer
    from matches.services import match_schedule

    player = humans.players.get(number=5)

    def played(n: int) -> None:
        for _ in range(n):
            match = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
            Match.objects.filter(pk=match.pk).update(status=Match.Status.PROCESSED, home_score=1, away_score=0)
            MatchPlayer.objects.create(match=match, player=player, side="home", touchdowns=1)

    def queries() -> tuple[int, int]:
        with CaptureQueriesContext(connection) as ctx:
            html = page(client, player)
        return len(ctx.captured_queries), html.count("<tr data-match=")

    played(1)
    one, shown = queries()
    assert shown == 1
    played(4)
    assert queries() == (one, 5)
