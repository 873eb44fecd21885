"""A team's charts page: team value, treasury and results over time as server-side SVG."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from teams.charts_svg import Point, _ticks, bar_chart, line_chart

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def svg(html: str, chart_id: str) -> str:
    found = re.search(rf'<svg [^>]*id="{chart_id}".*?</svg>', html, re.S)
    assert found, chart_id
    return found.group(0)


def test_the_team_page_links_to_its_charts(client, small):
    team = small.teams["Reavers"]
    html = client.get(reverse("teams:detail", args=[team.pk])).content.decode()
    assert f'href="{reverse("teams:charts", args=[team.pk])}"' in html


def test_three_charts_with_their_points(client, small):
    team = small.teams["Reavers"]
    team.refresh_from_db()
    html = client.get(reverse("teams:charts", args=[team.pk])).content.decode()
    value = svg(html, "chart-team-value")
    # Played matches: 3 processed + 1 confirmed, each with its frozen TV, then today's value.
    tvs = [int(v) for v in re.findall(r'data-value="(\d+)"', value)]
    assert tvs == [1_010_000, 1_020_000, 990_000, 990_000, team.team_value]
    assert 'role="img"' in value and 'aria-labelledby="chart-team-value-title chart-team-value-desc"' in value
    assert '<title id="chart-team-value-title">Team value of Reavers over time</title>' in value
    treasury = svg(html, "chart-treasury")
    balances = [int(v) for v in re.findall(r'data-value="(-?\d+)"', treasury)]
    assert balances[-1] == team.treasury
    assert len(balances) == team.ledger.count()
    results = svg(html, "chart-results")
    # From the Reavers' side: won 2-1, won 1-0, lost 0-3, won 5-0 away (the confirmed match counts).
    tones = re.findall(r'data-tone="(\w)"', results)
    assert tones == ["W", "W", "L", "W"]
    assert "3 won (up), 0 drawn (on the line), 1 lost (down)" in results


def test_the_charts_page_makes_the_same_number_of_queries_with_more_matches(client, small, django_assert_num_queries):
    address = reverse("teams:charts", args=[small.teams["Reavers"].pk])
    with CaptureQueriesContext(connection) as few:
        assert client.get(address).status_code == 200
    small.more(25)
    small.more_teams(10)  # the Reavers' opponents: 11 teams instead of 1
    with django_assert_num_queries(len(few)):
        assert client.get(address).status_code == 200


def test_an_unknown_team_is_a_404(client, db):
    assert client.get(reverse("teams:charts", args=[999999])).status_code == 404


def test_ticks_cover_the_values_with_round_steps():
    assert _ticks(0, 100) == [0, 50, 100]
    assert _ticks(550_000, 550_000) == [450_000, 500_000, 550_000, 600_000, 650_000]  # a flat series
    ticks = _ticks(990_000, 1_130_000)
    assert ticks[0] <= 990_000 and ticks[-1] >= 1_130_000
    assert len({b - a for a, b in zip(ticks, ticks[1:], strict=False)}) == 1


def test_text_is_escaped_and_a_single_point_draws():
    out = line_chart("c", "<b>", "d & e", [Point("<script>", 5)], str)
    assert "<script>" not in out and "&lt;script&gt;" in out and "&lt;b&gt;" in out
    bars = bar_chart("r", "t", "d", [Point("draw", 0, "D"), Point("loss", -2, "L")], str)
    assert bars.count("<rect") == 2


def test_the_results_letters_read_in_french(client, small):
    """W, D, L under the bars and in each bar's title are V, N, D in French; the tone stays the data."""
    team = small.teams["Reavers"]
    client.cookies["django_language"] = "fr"
    results = svg(client.get(reverse("teams:charts", args=[team.pk])).content.decode(), "chart-results")
    assert re.findall(r'data-tone="(\w)"', results) == ["W", "W", "L", "W"]
    assert re.findall(r"<text [^>]*>([A-Z])</text>", results) == ["V", "V", "D", "V"]
    assert re.findall(r"\((\w)\)</title>", results) == ["V", "V", "D", "V"]
    client.cookies["django_language"] = "en"
    english = svg(client.get(reverse("teams:charts", args=[team.pk])).content.decode(), "chart-results")
    assert re.findall(r"<text [^>]*>([A-Z])</text>", english) == ["W", "W", "L", "W"]
