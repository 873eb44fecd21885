"""A team page lists the team's matches from its side (opponent, score, W/D/L, status, link), for
anyone, in a number of queries that does not grow with the matches; ledger entries link to their match."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.services import match_schedule

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def rows(html: str) -> dict[int, str]:
    table = html.split('id="team-matches"', 1)[1].split("</table>", 1)[0]
    return {int(pk): body for pk, body in re.findall(r'<tr data-match="(\d+)">(.*?)</tr>', table, re.S)}


def test_each_side_sees_the_match_from_its_own_side(client, processed_match, humans, orcs):
    home = rows(client.get(reverse("teams:detail", args=[humans.pk])).content.decode())[processed_match.pk]
    assert "2–1" in home and ">W<" in home and "Processed" in home
    assert reverse("teams:detail", args=[orcs.pk]) in home and "Gouged Eye" in home
    assert processed_match.get_absolute_url() in home
    away = rows(client.get(reverse("teams:detail", args=[orcs.pk])).content.decode())[processed_match.pk]
    assert "1–2" in away and ">L<" in away and "Reavers" in away


def test_no_outcome_before_the_result_is_confirmed(client, submitted_match, humans):
    row = rows(client.get(reverse("teams:detail", args=[humans.pk])).content.decode())[submitted_match.pk]
    assert "2–1" in row and 'class="badge' not in row and "Submitted" in row


def test_a_scheduled_match_shows_without_score(client, scheduled, humans):
    row = rows(client.get(reverse("teams:detail", args=[humans.pk])).content.decode())[scheduled.pk]
    assert "–" not in row and "Scheduled" in row


def test_ledger_entries_of_a_match_link_to_it(client, processed_match, humans):
    html = client.get(reverse("teams:detail", args=[humans.pk])).content.decode()
    ledger = html.split('id="ledger"', 1)[1].split("</table>", 1)[0]
    assert f'href="{processed_match.get_absolute_url()}"' in ledger


def test_the_queries_do_not_grow_with_the_matches(client, league, humans, orcs, commissioner):
    def queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(reverse("teams:detail", args=[humans.pk])).status_code == 200
        return len(ctx.captured_queries)

    match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    one = queries()
    for i in range(4):
        match_schedule(league=league, home=orcs if i % 2 else humans, away=humans if i % 2 else orcs, by=commissioner)
    five = queries()
    assert len(rows(client.get(reverse("teams:detail", args=[humans.pk])).content.decode())) == 5
    assert one == five


def latest(client, league) -> dict[int, str]:
    html = client.get(reverse("league:detail", args=[league.slug])).content.decode()
    section = html.split('id="latest-results"', 1)[1].split("</ul>", 1)[0]
    return {int(pk): body for pk, body in re.findall(r'data-match="(\d+)">(.*?)</li>', section, re.S)}


def test_the_league_page_shows_the_latest_results_only(client, league, processed_match, humans, orcs, commissioner):
    scheduled = match_schedule(league=league, home=orcs, away=humans, by=commissioner)
    results = latest(client, league)
    assert list(results) == [processed_match.pk] and scheduled.pk not in results
    assert "2–1" in results[processed_match.pk] and processed_match.get_absolute_url() in results[processed_match.pk]


def test_the_league_page_queries_do_not_grow_with_the_results(client, league, humans, orcs, commissioner):
    from matches.models import Match

    def played(n: int) -> None:
        for _ in range(n):
            match = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
            Match.objects.filter(pk=match.pk).update(status=Match.Status.PROCESSED, home_score=1, away_score=0)

    def queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(reverse("league:detail", args=[league.slug])).status_code == 200
        return len(ctx.captured_queries)

    played(1)
    one = queries()
    played(4)
    assert len(latest(client, league)) == 5
    assert one == queries()
