"""The rulebook leaves ties to the commissioner (LRB6 "Saisons et tournois", p.30): by default teams
level on points stay tied, the standings page asks the commissioner to order them, and his order is
stored and audited. A season that started keeps the tie-breakers it started with."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from league.competitions.seasons.models import Season, StandingsOrder
from league.competitions.standings.table import season_settings, standings_settings
from league.core.models import AuditEntry

from league.rules import load_ruleset
from tests.standings.conftest import table_of
from tests.standings.helpers import add_bye, add_result, make_season, make_teams, user

pytestmark = pytest.mark.django_db

FORMER = ["points", "head_to_head", "td_diff", "cas_diff"]


def standings_url(season: Season) -> str:
    return reverse("league:season_standings", args=[season.league.slug, season.number])


@pytest.fixture
def tied(league):
    """A beat B 1-0 and C had a bye: B and C level on 0 points, C with the better touchdown
    difference (the former default order would have put C second)."""
    teams = make_teams(league, 3)
    a, b, c = teams
    season = make_season(league, teams)
    add_result(season, 1, a, b, (1, 0))
    add_bye(season, 1, c)
    return season, {t.pk: t.name for t in teams}, teams


def test_the_default_is_the_rulebooks_ties_are_the_commissioners(league):
    assert standings_settings(league)["tie_breakers"] == ["points", "commissioner"]
    assert list(load_ruleset(league.ruleset).default_tie_breakers) == ["points", "commissioner"]


def test_tied_teams_wait_for_the_commissioners_order_then_take_it(commissioner_client, league, tied):
    season, names, (a, b, c) = tied
    client = Client()  # a reader (commissioner_client is pytest-django's client, logged in)
    page = client.get(standings_url(season))
    assert table_of(page, names) == [("1", "Team A", 3), ("2=", "Team B", 0), ("2=", "Team C", 0)]
    html = page.content.decode()
    assert 'id="orders-needed"' in html and "until the commissioner orders them" in html
    assert 'name="order"' not in html and "The commissioner orders these teams." in html  # a reader: no form
    html = commissioner_client.get(standings_url(season)).content.decode()
    key = html.split('name="order" value="', 1)[1].split('"', 1)[0]
    assert key == f"commissioner:{min(b.pk, c.pk)},{max(b.pk, c.pk)}"
    response = commissioner_client.post(
        standings_url(season), {"order": key, f"place_{b.pk}": "2", f"place_{c.pk}": "1"}
    )
    assert response.status_code == 302
    assert table_of(commissioner_client.get(standings_url(season)), names) == [
        ("1", "Team A", 3),
        ("2", "Team C", 0),
        ("3", "Team B", 0),
    ]
    assert dict(StandingsOrder.objects.values_list("team_id", "position")) == {c.pk: 1, b.pk: 2}
    entry = AuditEntry.objects.get(action="league.standings.ordered")
    assert entry.data["order"] == [c.pk, b.pk] and entry.actor.username == "commissioner"
    # The league home's table (cached by version) shows the order at once too.
    home = client.get(reverse("league:detail", args=[league.slug]))
    assert table_of(home, names)[1:] == [("2", "Team C", 0), ("3", "Team B", 0)]
    # A new tie with a team he never placed is asked again rather than half-ordered.
    add_result(season, 2, b, a, (1, 0))
    again = client.get(standings_url(season))
    assert table_of(again, names) == [("1=", "Team A", 3), ("1=", "Team B", 3), ("3", "Team C", 0)]
    assert 'id="orders-needed"' in again.content.decode()


@pytest.mark.parametrize(
    "places",
    [
        {"b": "1", "c": "1"},  # twice the same place
        {"b": "1"},  # a team left out
        {"b": "1", "c": "3"},  # a place outside the group
        {"b": "x", "c": "²"},  # not places
    ],
)
def test_a_bad_order_is_refused_and_nothing_stored(commissioner_client, tied, places):
    season, _names, (_a, b, c) = tied
    html = commissioner_client.get(standings_url(season)).content.decode()
    key = html.split('name="order" value="', 1)[1].split('"', 1)[0]
    data = {"order": key, **{f"place_{ {'b': b, 'c': c}[k].pk }": v for k, v in places.items()}}
    response = commissioner_client.post(standings_url(season), data)
    assert response.status_code == 400 and "Give each tied team one place" in response.content.decode()
    assert not StandingsOrder.objects.exists() and not AuditEntry.objects.filter(action="league.standings.ordered")


def test_a_group_the_table_does_not_ask_for_is_refused(commissioner_client, tied):
    season, _names, (a, b, _c) = tied
    response = commissioner_client.post(
        standings_url(season), {"order": f"commissioner:{a.pk},{b.pk}", f"place_{a.pk}": "1", f"place_{b.pk}": "2"}
    )
    assert response.status_code == 400 and "need no order from the commissioner" in response.content.decode()
    assert not StandingsOrder.objects.exists()


@pytest.mark.parametrize("who", ["anonymous", "coach"])
def test_only_the_commissioner_orders(client, tied, who):
    season, _names, (_a, b, c) = tied
    if who == "coach":
        client.force_login(user("someone"))
    key = f"commissioner:{min(b.pk, c.pk)},{max(b.pk, c.pk)}"
    response = client.post(standings_url(season), {"order": key, f"place_{b.pk}": "1", f"place_{c.pk}": "2"})
    assert response.status_code == 403 and not StandingsOrder.objects.exists()


def test_the_other_orders_are_settings(commissioner_client, league, tied):
    season, names, _teams = tied
    html = commissioner_client.get(reverse("league:standings_settings", args=[league.slug])).content.decode()
    assert 'value="commissioner"' in html and "The commissioner&#x27;s decision" in html
    for key in FORMER:
        assert f'value="{key}"' in html, key
    # A season that started keeps the scheme it started with (its stored copy), whatever the default.
    season.standings_settings = {**season_settings(season), "tie_breakers": FORMER}
    season.save(update_fields=["standings_settings"])
    assert table_of(commissioner_client.get(standings_url(season)), names)[1:] == [
        ("2", "Team C", 0),
        ("3", "Team B", 0),
    ]


def test_the_migration_keeps_started_seasons_on_the_former_default(league, tied):
    season, names, _teams = tied
    assert season.standings_settings is None  # a season started before its copy was kept
    draft = Season.objects.create(league=league, number=9, name="Next", status="draft")
    migration = importlib.import_module("league.migrations.0011_standings_order")
    migration.keep_started_tables(apps, None)
    season.refresh_from_db()
    draft.refresh_from_db()
    assert season.standings_settings["tie_breakers"] == FORMER
    assert draft.standings_settings is None  # not started: the league's settings when it starts
