"""Calendar feeds parse as iCalendar; the season page and the feeds make a fixed number of queries."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from icalendar import Calendar
from league.competitions.seasons.fixtures import fixtures_generate

from matches.models import Match
from tests.seasons.helpers import play, running_season

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def events(response) -> list:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return [c for c in Calendar.from_ical(response.content).walk("VEVENT")]


def test_league_and_team_feeds(client, league, commissioner, make_teams):
    teams = make_teams(3)
    season = running_season(league, commissioner, teams)
    fixtures_generate(season=season, by=commissioner, first_date=date(2027, 1, 4), days_between=7)
    first = Match.objects.filter(season=season).order_by("round__number", "pk").first()
    play(first, 2, 1)
    found = events(client.get(reverse("league:calendar", args=[league.slug])))
    assert len(found) == 3
    by_uid = {str(e["UID"]): e for e in found}
    event = by_uid[f"match-{first.pk}@testserver"]
    assert event.decoded("DTSTART") == first.round.starts_on
    assert str(event["SUMMARY"]) == f"{first.home.name} v {first.away.name} (2-1)"
    assert "Round 1" in str(event["DESCRIPTION"]) and "Deadline: 2027-01-10" in str(event["DESCRIPTION"])
    assert "DTSTAMP" in event
    # the UID is the same on the next request: subscribers update rather than duplicate
    again = events(client.get(reverse("league:calendar", args=[league.slug])))
    assert {str(e["UID"]) for e in again} == set(by_uid)

    mine = events(client.get(reverse("teams:calendar", args=[teams[0].pk])))
    assert len(mine) == 2
    assert all(teams[0].name in str(e["SUMMARY"]) for e in mine)
    assert client.get(reverse("teams:calendar", args=[999999])).status_code == 404
    assert client.get(reverse("league:calendar", args=["nope"])).status_code == 404
    # linked from the season page and the team page
    assert reverse("league:calendar", args=[league.slug]) in client.get(season.get_absolute_url()).content.decode()
    team_page = client.get(teams[0].get_absolute_url()).content.decode()
    assert reverse("teams:calendar", args=[teams[0].pk]) in team_page


def count(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


@pytest.mark.parametrize("who", ["anonymous", "commissioner"])
def test_queries_do_not_grow_with_the_season(client, league, commissioner, make_teams, user_factory, who):
    from league.core.models import League

    if who == "commissioner":
        client.force_login(commissioner)
    small = running_season(league, commissioner, make_teams(2, prefix="Small"))
    fixtures_generate(season=small, by=commissioner, first_date=date(2027, 1, 4), days_between=7)
    other = League.objects.create(name="Big", slug="big", ruleset="lrb6", commissioner=commissioner)
    from league.core.services import league_join

    from teams.services import team_create
    from tests.seasons.helpers import lineup

    big_teams = []
    for i in range(11):
        coach = user_factory(f"big{i}")
        league_join(league=other, user=coach)
        big_teams.append(team_create(league=other, coach=coach, name=f"Big {i}", race="human", players=lineup()))
    big = running_season(other, commissioner, big_teams)
    fixtures_generate(season=big, by=commissioner, first_date=date(2027, 1, 4), days_between=7, legs=2)
    for match in Match.objects.filter(season=big)[:5]:
        play(match, 1, 0)
    pages = [
        (small.get_absolute_url(), big.get_absolute_url()),
        (reverse("league:seasons", args=[league.slug]), reverse("league:seasons", args=[other.slug])),
        (reverse("league:calendar", args=[league.slug]), reverse("league:calendar", args=[other.slug])),
        (
            reverse("teams:calendar", args=[small.entries.first().team_id]),
            reverse("teams:calendar", args=[big_teams[0].pk]),
        ),
    ]
    if who == "commissioner":
        pages.append(
            (
                reverse("league:season_fixtures", args=[league.slug, 1]),
                reverse("league:season_fixtures", args=[other.slug, 1]),
            )
        )
    for few, many in pages:
        assert count(client, few) == count(client, many), many
