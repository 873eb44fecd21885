"""Every page the bench measures makes as many queries on a bigger league (more teams, rounds and
matches) as on a small one, and the match page as many with many dice as with few; the season
and fixtures pages of a long season show one round's fixtures with links to the others."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from league.competitions.seasons.selectors import ALL_ROUNDS_UP_TO
from league.tooling.bench_league import Built, build_league

from matches.models import DiceRoll, MatchPlayer

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def count(client: Client, url: str) -> int:
    client.get(url)  # warm: the cached tables are computed once per change, not per reader
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


def pages(built: Built) -> dict[str, tuple[str, str]]:
    """name -> (who, url)."""
    slug, number = built.league.slug, built.season.number
    return {
        "league home": ("coach", reverse("league:detail", args=[slug])),
        "season": ("coach", reverse("league:season", args=[slug, number])),
        "season (anonymous)": ("anonymous", reverse("league:season", args=[slug, number])),
        "fixtures": ("commissioner", reverse("league:season_fixtures", args=[slug, number])),
        "standings": ("coach", reverse("league:season_standings", args=[slug, number])),
        "stats leaders": ("coach", reverse("league:stats", args=[slug])),
        "team": ("coach", reverse("teams:detail", args=[built.team.pk])),
        "team (anonymous)": ("anonymous", reverse("teams:detail", args=[built.team.pk])),
        "player": ("coach", reverse("teams:player", args=[built.team.pk, built.player.pk])),
        "match": ("coach", reverse("matches:detail", args=[built.match.pk])),
        "match (anonymous)": ("anonymous", reverse("matches:detail", args=[built.match.pk])),
    }


def clients(built: Built) -> dict[str, Client]:
    coach, commissioner = Client(), Client()
    coach.force_login(built.coach)
    commissioner.force_login(built.commissioner)
    return {"coach": coach, "commissioner": commissioner, "anonymous": Client()}


def test_every_page_makes_as_many_queries_on_a_bigger_league():
    small = build_league(teams=4, matches=4, prefix="small")  # 2 rounds
    # 24 teams, 180 matches: the home's team list moves to its own page beyond 24 teams, so 24;
    # 15 rounds, more fixtures than a season page shows at once.
    big = build_league(teams=24, matches=180, prefix="big")
    assert big.matches > ALL_ROUNDS_UP_TO
    few, many = clients(small), clients(big)
    for (name, (who, url)), (_same, (_who, big_url)) in zip(pages(small).items(), pages(big).items(), strict=True):
        assert count(few[who], url) == count(many[who], big_url), name


def test_the_match_page_makes_as_many_queries_with_many_dice():
    built = build_league(teams=2, matches=1, prefix="dice")
    coach = clients(built)["coach"]
    url = reverse("matches:detail", args=[built.match.pk])
    few = count(coach, url)
    # A die keyed by each player of the match (improvement rolls), as the post-match sequence keys them.
    DiceRoll.objects.bulk_create(
        DiceRoll(match=built.match, purpose=f"improvement:p{line.player_id}:2", values=[3, 4], source="server")
        for line in MatchPlayer.objects.filter(match=built.match)
    )
    assert DiceRoll.objects.filter(match=built.match).count() > 20
    page = coach.get(url).content.decode()
    assert page.count("Improvement roll (#") >= 20  # each die named with its player
    assert count(coach, url) == few


def fixtures_of(html: str) -> list[str]:
    return re.findall(r'class="list-group-item[^"]*\bfixture\b', html)


@pytest.mark.parametrize("page", ["league:season", "league:season_fixtures"])
def test_a_long_season_shows_one_round_with_links_to_the_others(page):
    built = build_league(teams=10, matches=100, prefix="long")  # 20 rounds of 5 fixtures
    client = clients(built)["commissioner"]
    url = reverse(page, args=[built.league.slug, built.season.number])
    html = client.get(url).content.decode()
    # Every match is played: the last round is shown, with a link to each round.
    assert len(fixtures_of(html)) == 5
    assert 'id="round-20"' in html and 'id="round-1"' not in html
    for number in range(1, 21):
        assert f'href="?round={number}#round-nav"' in html and f'aria-label="Round {number}"' in html
    assert 'aria-current="page" aria-label="Round 20"' in html
    third = client.get(url, {"round": "3"}).content.decode()
    assert len(fixtures_of(third)) == 5 and 'id="round-3"' in third and 'id="round-20"' not in third
    # An unknown round (or none) shows the current one; nothing fails.
    for asked in ("99", "x", "-1"):
        response = client.get(url, {"round": asked})
        assert response.status_code == 200 and 'id="round-20"' in response.content.decode()
    # Twice the rounds: the same fixtures shown, twenty more links; the page barely grows.
    longer = build_league(teams=10, matches=200, prefix="longer")
    url = reverse(page, args=[longer.league.slug, longer.season.number])
    client = clients(longer)["commissioner"]
    bigger = client.get(url).content.decode()
    assert len(fixtures_of(bigger)) == 5
    assert len(bigger) - len(html) < 20 * 300


def test_a_short_season_is_shown_whole():
    built = build_league(teams=4, matches=6, prefix="short")  # 3 rounds of 2
    html = Client().get(reverse("league:season", args=[built.league.slug, built.season.number])).content.decode()
    assert len(fixtures_of(html)) == 6
    assert 'id="round-nav"' not in html


def test_a_big_season_lists_its_first_teams_and_sends_to_the_standings():
    built = build_league(teams=30, matches=15, prefix="wide")
    url = reverse("league:season", args=[built.league.slug, built.season.number])
    html = Client().get(url).content.decode()
    teams = re.search(r'<ul class="list-group mb-3" id="season-teams">(.*?)</ul>', html, re.S)[1]
    assert teams.count("<li") == 24
    more = re.search(r'<p class="small" id="season-teams-more">(.*?)</p>', html, re.S)[1]
    assert "And 6 more teams:" in more and f'href="{url}standings/"' in more
    french = Client(headers={"accept-language": "fr"}).get(url).content.decode()
    assert "Et 6 autres équipes :" in french and "le classement les liste toutes." in french


def test_saving_a_rounds_dates_comes_back_to_that_round():
    built = build_league(teams=10, matches=100, prefix="dated")
    client = clients(built)["commissioner"]
    url = reverse("league:season_fixtures", args=[built.league.slug, built.season.number])
    response = client.post(url, {"action": "dates", "round_number": "3", "starts_on": "2027-02-01", "deadline": ""})
    assert response.status_code == 302 and response["Location"] == f"{url}?round=3"
    page = client.get(response["Location"]).content.decode()
    assert 'id="round-3"' in page and "Round 3 dates saved." in page
