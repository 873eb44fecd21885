"""The result policies and match-sheet records switched on in the shipped rulesets' data, through
their demo leagues (league/tooling/demo_rulesets.py): classic 3rd edition has no draws (overtime,
then a shoot-out; standings without a draw column) and records secret-weapon penalty rolls and
argued calls; Dungeon Bowl's first touchdown wins (1-0) and its sheet records the random events,
the players lost in the warp and a wandering monster's victims; the house rules record the allies'
animosity."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.core.models import League
from league.tooling.demo import load_demo
from league.tooling.demo_rulesets import load_ruleset_demos
from matches.importing import import_match
from matches.models import Match
from matches.services import MatchError, PrematchInput, prematch_record, report_confirm
from matches.services.common import match_ruleset
from tests.builders import HOUSE_CHOICES
from tests.matches.test_views_support import report_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def demos(db):
    load_demo()
    return {league.ruleset: league for league in load_ruleset_demos()}


def _fixture(league: League) -> Match:
    """The league's first scheduled fixture, its pre-match recorded by the commissioner."""
    match = Match.objects.filter(league=league, status=Match.Status.SCHEDULED).order_by("round__number", "pk").first()
    assert match is not None
    choices = {step: HOUSE_CHOICES[step] for step in match_ruleset(match).pre_match_choices}  # the house rules'
    return prematch_record(match=match, data=PrematchInput(steps=choices), by=league.commissioner)  # tables: rolled


def test_classic_third_edition_a_tie_goes_to_a_shootout_and_the_sheet_records_weapons_and_arguments(
    client, demos, django_capture_on_commit_callbacks
):
    league = demos["classic3"]
    match = _fixture(league)
    boss = league.commissioner
    client.force_login(boss)
    url = reverse("matches:result", args=[match.pk])
    page = client.get(url).content.decode()
    assert "No draw in this league" in page and "Secret weapon penalty roll" in page and "Argue the call" in page
    number = match.away.players.order_by("number").first().number
    sheet = report_data(
        match,
        home_score=1,
        away_score=1,
        action="submit",
        shootout_winner="home",
        shootout_dice="2-2, 5-1",
        rec_weapon_penalty_away=f"#{number} 6+4",
        rec_argue_call_away="6",
    )
    level = {k: v for k, v in sheet.items() if not k.startswith("shootout")}
    assert "cannot end in a draw" in client.post(url, level, follow=True).content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.DRAFT  # a level score without its shoot-out is not submitted
    assert client.post(url, sheet).status_code == 302
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=Match.objects.get(pk=match.pk), by=boss)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    dice = dict(match.dice.values_list("purpose", "values"))
    assert (len(dice["ff:home"]), len(dice["ff:away"])) == (3, 2)  # the shoot-out's winner won
    detail = client.get(match.get_absolute_url()).content.decode()
    assert "6: Decision reversed" in detail and "6+4" in detail and "won the shoot-out" in detail
    standings = client.get(reverse("league:season_standings", args=[league.slug, match.season.number]))
    assert "W-L" in standings.content.decode() and "W-D-L" not in standings.content.decode()


def test_dungeon_bowl_takes_one_nil_with_its_random_events_and_the_warp(client, demos):
    league = demos["dungeon_lutece"]
    match = _fixture(league)
    client.force_login(league.commissioner)
    url = reverse("matches:result", args=[match.pk])
    page = client.get(url).content.decode()
    assert "A D16 before turn 1 and after each touchdown." in page and 'name="rec_lost_in_warp_home"' in page
    refused = client.post(url, report_data(match, home_score=2, away_score=1)).content.decode()
    assert "the result is 1-0 to the team that scored, not 2-1" in refused
    warped = match.home.players.order_by("number").first()
    sheet = report_data(
        match, home_score=0, away_score=1, rec_random_event="9, 14", rec_lost_in_warp_home=f"#{warped.number}"
    )
    assert client.post(url, sheet).status_code == 302
    match.refresh_from_db()
    assert match.records[:2] == [{"record": "random_event", "dice": [9]}, {"record": "random_event", "dice": [14]}]
    detail = client.get(match.get_absolute_url()).content.decode()
    assert "9: Wandering monster" in detail and "14: Dungeon state" in detail and warped.name in detail

    other = Match.objects.filter(league=league, status=Match.Status.SCHEDULED).exclude(pk=match.pk).first()
    report = {
        "format_version": 1,
        "report_id": "dungeon-import",
        "league": league.slug,
        "ruleset": "dungeon_lutece",
        "home": other.home_id,
        "away": other.away_id,
        "prematch": {"dungeon_state": [3, 4]},
        "result": {"home_score": 2, "away_score": 0, "home_uncredited_touchdowns": 2},
        "records": [{"record": "random_event", "dice": [17]}],
    }
    with pytest.raises(MatchError) as wrong:
        import_match(report, by=league.commissioner)
    assert any("not 2-0" in m for m in wrong.value.messages), wrong.value.messages
    assert any("Random event" in m for m in wrong.value.messages), wrong.value.messages
    report["result"] = {"home_score": 1, "away_score": 0, "home_uncredited_touchdowns": 1}
    report["records"] = [{"record": "random_event", "dice": [16]}]
    assert import_match(report, by=league.commissioner).match.records == [{"record": "random_event", "dice": [16]}]
    client.cookies["django_language"] = "fr"
    french = client.get(match.get_absolute_url()).content.decode()
    assert "9 : Monstre errant" in french and "Perdu dans le warp" in french


def test_the_house_rules_sheet_records_the_allies_animosity(client, demos):
    league = demos["fr_house"]
    match = _fixture(league)
    client.force_login(league.commissioner)
    url = reverse("matches:result", args=[match.pk])
    assert "Allies&#x27; animosity" in client.get(url).content.decode()
    # The demo teams have no allies: a roll for one of their own players is refused (the rolls by
    # kick-off and their allies: tests/matches/test_ally_animosity.py).
    player = match.away.players.order_by("number").last()
    refused = client.post(url, report_data(match, rec_animosity_away=f"1: #{player.number} 1"))
    assert refused.status_code == 200
    assert "name an ally of that team, a player hired as an ally." in refused.content.decode()


def test_the_house_rules_sheet_flags_a_penalty_touchdown_with_its_player(client, demos):
    """H:L102: the touchdown a short team gives is the credited player's touchdown (3 SPP, in the
    score) and a record naming him, the penalty flag."""
    league = demos["fr_house"]
    match = _fixture(league)
    client.force_login(league.commissioner)
    url = reverse("matches:result", args=[match.pk])
    assert "Penalty touchdown" in client.get(url).content.decode()
    scorer = match.home.players.get(number=2)
    data = report_data(match, **{f"p{scorer.pk}_td": 1}, rec_penalty_touchdown_home="#2")
    assert client.post(url, data).status_code == 302
    match.refresh_from_db()
    assert [r for r in match.records if r["record"] == "penalty_touchdown"] == [
        {"record": "penalty_touchdown", "side": "home", "player": scorer.pk}
    ]
    client.cookies["django_language"] = "fr"
    assert "Touchdown de pénalité" in client.get(match.get_absolute_url()).content.decode()


def test_a_dungeon_sheet_records_a_secret_weapon_roll_with_its_player(client, demos):
    """D:L280-289: after a touchdown each secret weapon rolls 2D6 against its number: recorded."""
    league = demos["dungeon_lutece"]
    match = _fixture(league)
    client.force_login(league.commissioner)
    url = reverse("matches:result", args=[match.pk])
    assert "Secret weapon roll" in client.get(url).content.decode()
    assert client.post(url, report_data(match, rec_secret_weapon_roll_home="#5 4+3")).status_code == 302
    match.refresh_from_db()
    rolls = [r for r in match.records if r["record"] == "secret_weapon_roll"]
    assert rolls == [
        {"record": "secret_weapon_roll", "side": "home", "player": match.home.players.get(number=5).pk, "dice": [4, 3]}
    ]
