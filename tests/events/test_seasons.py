"""What a season tells its coaches, through the commissioner's pages: its regular season started,
its fixtures published (a round robin, a Swiss round), changed (a round's dates, a fixture added)
and its play-offs started. Every coach of its approved teams hears it, never the commissioner who
acted; a refused action tells nobody."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.seasons.fixtures import fixture_add
from league.competitions.seasons.models import Season
from matches.models import Match
from tests.seasons.helpers import running_season

pytestmark = pytest.mark.django_db


def fixtures_url(season) -> str:
    return reverse("league:season_fixtures", args=[season.league.slug, season.number])


def coach_ids(teams) -> tuple[int, ...]:
    return tuple(sorted(team.coach_id for team in teams))


def posted(boss, url, data, capture):
    with capture(execute=True):
        response = boss.post(url, data)
    assert response.status_code == 302, response.content.decode()[:800]


def test_the_regular_season_starting_tells_its_coaches(
    league, commissioner, boss, make_teams, heard, django_capture_on_commit_callbacks
):
    teams = make_teams(3)
    season = running_season(league, commissioner, teams, status=Season.Status.REGISTRATION)
    posted(
        boss,
        season.get_absolute_url(),
        {"action": "advance", "to": "regular", "confirmed": "1"},
        django_capture_on_commit_callbacks,
    )
    event = heard.one("season.started")
    assert heard.kinds() == ["season.started"]
    assert event.recipients == coach_ids(teams) and event.actor_id == commissioner.pk
    assert dict(event.params) == {"league": "Test League", "season": "Season One"}
    assert event.path == season.get_absolute_url() and event.league_id == league.pk
    assert event.data["season_id"] == season.pk and event.data["status"] == "regular"


def test_a_round_robin_published_tells_every_coach_of_the_season(
    league, commissioner, boss, make_teams, coach_alice, heard, django_capture_on_commit_callbacks
):
    teams = make_teams(4)
    season = running_season(league, commissioner, teams)
    data = {"action": "generate", "legs": "1"}
    posted(boss, fixtures_url(season), data, django_capture_on_commit_callbacks)
    assert Match.objects.filter(season=season).count() == 6
    event = heard.one("fixtures.published")
    assert event.recipients == coach_ids(teams)  # alice plays in the league, not in the season
    assert coach_alice.pk not in event.recipients and event.actor_id == commissioner.pk
    assert event.params["rounds"] == 3 and event.params["matches"] == 6 and event.params["season"] == "Season One"
    assert event.data["round_numbers"] == [1, 2, 3] and event.path == season.get_absolute_url()
    # Generated again: refused (the season has its fixtures), nobody told.
    heard.clear()
    with django_capture_on_commit_callbacks(execute=True):
        boss.post(fixtures_url(season), data)
    assert heard == []


def test_a_swiss_round_paired_is_published(
    league, commissioner, boss, make_teams, heard, django_capture_on_commit_callbacks
):
    teams = make_teams(4)
    season = running_season(league, commissioner, teams)
    posted(boss, fixtures_url(season), {"action": "swiss"}, django_capture_on_commit_callbacks)
    event = heard.one("fixtures.published")
    assert event.recipients == coach_ids(teams) and event.params["round"] == 1 and event.params["matches"] == 2


def test_rounds_dated_again_and_a_fixture_added_change_the_fixtures(
    league, commissioner, boss, make_teams, heard, django_capture_on_commit_callbacks
):
    teams = make_teams(4)
    season = running_season(league, commissioner, teams)
    posted(boss, fixtures_url(season), {"action": "generate", "legs": "1"}, django_capture_on_commit_callbacks)
    heard.clear()
    bulk = {
        "action": "dates_bulk",
        "first_round": "1",
        "last_round": "2",
        "starts_on": "2027-01-04",
        "every_days": "7",
        "deadline_days": "6",
    }
    posted(boss, fixtures_url(season), bulk, django_capture_on_commit_callbacks)
    event = heard.one("fixtures.changed")
    assert event.recipients == coach_ids(teams) and event.params["change"] == "dates"
    assert event.data["rounds"] == [
        {"round": 1, "starts_on": "2027-01-04", "deadline": "2027-01-10"},
        {"round": 2, "starts_on": "2027-01-11", "deadline": "2027-01-17"},
    ]
    heard.clear()
    one = {"action": "dates", "round_number": "3", "starts_on": "2027-01-18", "deadline": ""}
    posted(boss, fixtures_url(season), one, django_capture_on_commit_callbacks)
    assert heard.one("fixtures.changed").data["rounds"] == [{"round": 3, "starts_on": "2027-01-18", "deadline": None}]
    heard.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match = fixture_add(season=season, round_number=4, home=teams[0], away=teams[1], by=commissioner)
    event = heard.one("fixtures.changed")
    assert event.params["change"] == "added" and event.params["home"] == teams[0].name
    assert event.data["match"] == match.pk and event.recipients == coach_ids(teams)


def test_the_play_offs_starting_tell_the_seasons_coaches(
    make_season, commissioner, boss, heard, django_capture_on_commit_callbacks
):
    season, teams = make_season(4)
    heard.clear()
    url = reverse("league:season_playoffs", args=[season.league.slug, season.number])
    choice = {"size": "4", "qualification": "standings", "seeding": "standings", "action": "confirm"}
    posted(boss, url, choice, django_capture_on_commit_callbacks)
    event = heard.one("playoffs.started")
    assert heard.kinds() == ["playoffs.started"]
    assert event.recipients == coach_ids(teams) and event.actor_id == commissioner.pk
    assert event.params["teams"] == 4 and event.data["status"] == "playoffs"
    assert event.data["seeds"] == [team.pk for team in teams] and event.path == season.get_absolute_url()
