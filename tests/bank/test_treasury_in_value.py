"""Where the ruleset counts the treasury in the team value (team_value_includes_treasury, PBBL P32/L72),
the kept team value follows the treasury: at creation, on every purchase or correction outside a
match, and after the post-match sequence; the bank never counts.

Here an LRB6 league with that parameter as a house rule: 11 human linemen are 550,000 gp of roster,
and the 450,000 gp left in the treasury count too.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.core.models import HouseRule

from matches.models import Match
from teams.selectors import compute_team_value
from teams.services import PlayerOrder, team_create
from tests.matches.test_views_support import login, report_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def counted(league):
    HouseRule.objects.create(league=league, key="team_value_includes_treasury", value=True)
    return league


def make(league, coach, name, race="human"):
    return team_create(
        league=league,
        coach=coach,
        name=name,
        race=race,
        players=[PlayerOrder("lineman", f"{name}{i}") for i in range(11)],
    )


def test_the_kept_value_follows_the_treasury_outside_a_match(client, counted, coach_alice, commissioner):
    team = make(counted, coach_alice, "Counted")
    assert (team.treasury, team.team_value) == (450_000, 550_000 + 450_000)
    # A re-roll bought after creation costs double (100,000) and adds its single price (50,000).
    login(client, coach_alice).post(reverse("teams:buy_reroll", args=[team.pk]))
    team.refresh_from_db()
    assert (team.treasury, team.team_value) == (350_000, 550_000 + 50_000 + 350_000)
    # A commissioner's correction moves the treasury alone: the value follows it.
    entry = team.ledger.get(key="hire:reroll:1")
    login(client, commissioner).post(reverse("teams:treasury_reverse", args=[team.pk, entry.pk]), {"memo": "oops"})
    team.refresh_from_db()
    assert (team.treasury, team.team_value) == (450_000, 550_000 + 50_000 + 450_000)
    assert compute_team_value(team) == team.team_value


def test_without_the_parameter_the_treasury_does_not_count(league, coach_alice):
    team = make(league, coach_alice, "Plain")
    assert (team.treasury, team.team_value) == (450_000, 550_000) == (team.treasury, compute_team_value(team))


def test_after_a_match_the_value_counts_the_new_treasury(
    client, counted, coach_alice, user_factory, commissioner, django_capture_on_commit_callbacks
):
    from league.core.services import league_join

    from matches.services import PrematchInput, match_schedule, prematch_record

    bob = user_factory("bob")
    league_join(league=counted, user=bob)
    home, away = make(counted, coach_alice, "Home"), make(counted, bob, "Away", race="orc")
    match = match_schedule(league=counted, home=home, away=away, by=commissioner)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    data = report_data(match, action="submit", winnings_home=4, winnings_away=2)
    assert login(client, coach_alice).post(reverse("matches:result", args=[match.pk]), data).status_code == 302
    with django_capture_on_commit_callbacks(execute=True):
        login(client, bob).post(reverse("matches:confirm", args=[match.pk]))
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    home.refresh_from_db()
    # 450,000 + (4 + 0) x 10,000 + 10,000 winnings; below 1,750,000 no spiralling expenses.
    assert home.treasury == 500_000
    fans = home.fan_factor * 10_000  # (the server rolled the fan factor dice)
    assert home.team_value == 550_000 + fans + 500_000 == compute_team_value(home)
