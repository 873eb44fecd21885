"""The league's points scheme and tie-breakers, set by its commissioner on their own page; a
season keeps its own copy once started, so a later change alters no past table."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from league.competitions.standings.table import standings_settings
from league.core.models import AuditEntry, HouseRule
from league.core.selectors import league_ruleset, league_setting_values

from tests.standings.conftest import table_of
from tests.standings.helpers import add_result, make_season, make_teams
from tests.standings.test_standings_page import page, set_standings, standings_form

pytestmark = pytest.mark.django_db


def url(league):
    return reverse("league:standings_settings", args=[league.slug])


def test_the_page_shows_the_ruleset_defaults_and_saves_a_preset_with_an_audit(commissioner_client, league):
    response = commissioner_client.get(url(league))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Win 3, draw 1, loss 0." in html and 'value="w5d3l1"' in html
    set_standings(commissioner_client, league, preset="w5d3l1", tie_breakers=("points", "head_to_head", "td_diff"))
    rules = {rule.key: rule.value for rule in HouseRule.objects.filter(league=league)}
    assert rules["standings_scheme"]["win"] == 5 and rules["standings_scheme"]["loss"] == 1
    assert rules["standings_tie_breakers"] == ["points", "head_to_head", "td_diff"]
    entries = AuditEntry.objects.filter(action="league.standings.changed").order_by("pk")
    assert [e.data["setting"] for e in entries] == ["standings_scheme", "standings_tie_breakers"]
    assert entries[0].data["old"]["win"] == 3 and entries[0].data["new"]["win"] == 5
    assert entries[1].data["old"] == ["points", "commissioner"]  # the ruleset's default: ties are his
    response = commissioner_client.get(url(league))
    html = response.content.decode()
    assert "Win 5, draw 3, loss 1." in html
    assert re.search(r'value="w5d3l1"[^>]*checked', html)
    # Back to the ruleset's defaults: the house rules go, the change is audited.
    set_standings(commissioner_client, league, preset="w3d1l0", tie_breakers=("points", "commissioner"))
    assert not HouseRule.objects.filter(league=league).exists()
    assert AuditEntry.objects.filter(action="league.standings.changed").count() == 4


def test_a_custom_scheme_with_bonuses_is_stored_as_the_engine_reads_it(commissioner_client, league):
    set_standings(
        commissioner_client,
        league,
        preset="custom",
        tie_breakers=("points", "td_diff", "lots"),
        win=2,
        draw=1,
        loss=0,
        bye=1,
        concede=0,
        concession_counts_as_loss=True,
        td_bonus=1,
        td_bonus_threshold=4,
        cas_bonus=0,
    )
    settings = standings_settings(league)
    assert settings["tie_breakers"] == ["points", "td_diff", "lots"]
    scheme = settings["scheme"]
    assert (scheme["win"], scheme["draw"], scheme["loss"], scheme["bye"], scheme["concede"]) == (2, 1, 0, 1, 0)
    assert scheme["bonuses"] == [
        {"key": "td_4_plus", "metric": "td_for", "comparator": ">=", "threshold": 4, "points": 1, "applies_to": "any"}
    ]
    html = commissioner_client.get(url(league)).content.decode()
    assert "Bonus: +1 for 4 or more touchdowns in a match." in html


@pytest.mark.parametrize(
    "form, reason",
    [
        (standings_form(preset="custom", win="many", draw=1, loss=0), "Enter a whole number."),
        (standings_form(preset="custom", draw=1, loss=0), "Give the points of a custom scheme."),
        (standings_form(preset="nope"), "Select a valid choice."),
        (standings_form(tie_breakers=("points", "td_diff", "td_diff")), "A tie-breaker is listed twice."),
        (standings_form(tie_breakers=("td_diff", "points")), "The first tie-breaker must be the points."),
        (standings_form(tie_breakers=("points", "elo")), "Select a valid choice."),
        (standings_form(tie_breakers=()), "The first tie-breaker must be the points."),
    ],
)
def test_bad_input_is_refused_with_its_reason_and_writes_nothing(commissioner_client, league, form, reason):
    response = commissioner_client.post(url(league), form)
    assert response.status_code == 400
    assert reason in response.content.decode()
    assert not HouseRule.objects.filter(league=league).exists()
    assert not AuditEntry.objects.filter(action="league.standings.changed").exists()


def test_only_the_commissioner_sees_or_changes_them(client, league, coach_alice):
    assert client.get(url(league)).status_code in (302, 403)
    client.force_login(coach_alice)
    assert client.get(url(league)).status_code == 403
    assert client.post(url(league), standings_form()).status_code == 403
    assert not HouseRule.objects.filter(league=league).exists()


def test_the_league_settings_page_and_ruleset_ignore_the_standings_house_rules(commissioner_client, league):
    set_standings(commissioner_client, league, preset="w5d3l1", tie_breakers=("points", "td_diff"))
    assert HouseRule.objects.filter(league=league).count() == 2
    ruleset = league_ruleset(league)  # the two keys are not ruleset parameters: no refusal
    assert ruleset.key == "lrb6"
    response = commissioner_client.get(reverse("league:settings", args=[league.slug]))
    assert response.status_code == 200
    values = {**league_setting_values(league), "mvp_mode": "chosen"}
    data = {
        key: "on" if value is True else list(value) if isinstance(value, list | tuple) else str(value)
        for key, value in values.items()
        if value is not False
    }
    response = commissioner_client.post(reverse("league:settings", args=[league.slug]), data)
    assert response.status_code == 302
    assert HouseRule.objects.get(league=league, key="mvp_mode").value == "chosen"
    assert standings_settings(league)["tie_breakers"] == ["points", "td_diff"]


def test_changing_the_scheme_after_a_season_ends_changes_no_past_table(commissioner_client, league):
    set_standings(commissioner_client, league, preset="w5d3l1", tie_breakers=("points", "td_diff"))
    teams = make_teams(league, 3)
    a, b, c = teams
    names = {t.pk: t.name for t in teams}
    # Season 1 started under 5/3/1 (its copy taken as the season services do), and is closed.
    past = make_season(league, teams, number=1, status="closed", settings=standings_settings(league))
    add_result(past, 1, a, b, (2, 0))
    add_result(past, 2, b, c, (1, 1))
    add_result(past, 3, c, a, (0, 1))
    before = table_of(page(commissioner_client, past), names)
    # A 5 + 5; B loss 1 + draw 3, C draw 3 + loss 1: level on 4, C above on TD difference (-1 v -2).
    assert before == [("1", "Team A", 10), ("2", "Team C", 4), ("3", "Team B", 4)]
    # The commissioner goes to 3/1/0 with bonus points.
    set_standings(
        commissioner_client,
        league,
        preset="custom",
        tie_breakers=("points", "head_to_head"),
        win=3,
        draw=1,
        loss=0,
        td_bonus=1,
        td_bonus_threshold=2,
    )
    after = page(commissioner_client, past)
    assert table_of(after, names) == before
    assert "Win 5, draw 3, loss 1." in after.content.decode()
    # A new season (not started yet) reads the league's new scheme.
    current = make_season(league, teams, number=2, status="registration")
    add_result(current, 1, a, b, (2, 0))
    response = page(commissioner_client, current)
    assert [points for _, _, points in table_of(response, names)] == [4, 0, 0]
    assert "Win 3, draw 1, loss 0." in response.content.decode()
    # A stranger reads the tables too (they are public).
    assert Client().get(reverse("league:season_standings", args=[league.slug, 1])).status_code == 200
