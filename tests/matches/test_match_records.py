"""Match-sheet records declared in data (`[match_records.<key>]`, league/rules/match_records.py):
the shapes of a random event's D16, a coach arguing the call (D6 on a table), a player lost in
the warp, a secret weapon's penalty roll (2D6 for a player), wandering-monster casualties (a
count) and a note. `recordstest` is LRB6 copied with them declared (tests/builders.py, lrb6_copy):
the sheet takes them, the match page shows them, the import takes them, a correction keeps them,
and the post-match sequence runs as before (records only)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse

from league.rules import Ruleset, RulesetDataError
from matches.importing import import_match
from matches.models import Match
from matches.services import MatchError, PrematchInput, match_schedule, prematch_record, report_confirm
from matches.services.corrections import inputs_of
from tests.builders import human_team, league_of, lrb6_copy, orc_team
from tests.matches.test_views_support import report_data

pytestmark = pytest.mark.django_db
KEY = "recordstest"
RECORDS = """
[match_records.random_event]
name_en = "Random event"
name_fr = "Évènement aléatoire"
when_en = "Before turn 1 and after each touchdown"
when_fr = "Avant le 1er tour et après chaque touchdown"
per = "match"
kind = "roll"
dice = "D16"

[match_records.argue_call]
name_en = "Argue the call"
name_fr = "Protester"
per = "team"
kind = "roll"
dice = "D6"
table = "argue_call.csv"

[match_records.lost_in_warp]
name_en = "Lost in the warp"
name_fr = "Perdu dans le warp"
per = "team"
kind = "player"

[match_records.weapon_penalty]
name_en = "Secret weapon penalty roll"
name_fr = "Jet de pénalité d'arme secrète"
per = "team"
kind = "roll"
dice = "2D6"
player = true

[match_records.monster_casualties]
name_en = "Wandering-monster casualties"
name_fr = "Sorties par un monstre errant"
per = "team"
kind = "count"

[match_records.notes]
name_en = "Notes"
name_fr = "Notes"
per = "match"
kind = "note"
"""
ARGUE = (
    "roll_from,roll_to,argue_call_key,name_en,name_fr\n"
    "1,1,ejected,Coach ejected,Coach expulsé\n"
    "2,5,ignored,No effect,Sans effet\n"
    "6,6,reversed,Decision reversed,Décision annulée\n"
)


@pytest.fixture
def records_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from lrb6_copy(tmp_path, monkeypatch, KEY, toml_extra=RECORDS, append={"argue_call.csv": ARGUE})


@pytest.fixture
def records_match(records_ruleset, commissioner, coach_alice, user_factory):
    bob = user_factory("bob")
    league = league_of(KEY, "Records League", commissioner, coach_alice, bob)
    home, away = human_team(league, coach_alice), orc_team(league, bob)
    match = match_schedule(league=league, home=home, away=away, by=commissioner)
    return prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice), bob


def test_the_sheet_keeps_the_records_the_page_shows_them_and_a_correction_keeps_them(
    client, records_match, coach_alice, commissioner, django_capture_on_commit_callbacks
):
    match, bob = records_match
    url = reverse("matches:result", args=[match.pk])
    client.force_login(coach_alice)
    page = client.get(url).content.decode()
    assert 'id="records-card"' in page and "Before turn 1 and after each touchdown" in page
    assert 'name="rec_random_event"' in page and 'name="rec_argue_call_home"' in page
    assert 'name="rec_monster_casualties_away"' in page and 'name="rec_notes"' in page

    bad = client.post(url, report_data(match, rec_lost_in_warp_away="#99", rec_argue_call_home="7")).content.decode()
    assert "Lost in the warp: name a player of that team in this match." in bad
    assert "Argue the call: the dice are not a roll this record takes." in bad
    unreadable = client.post(url, report_data(match, rec_weapon_penalty_home="#8 four")).content.decode()
    assert "cannot be read" in unreadable

    sheet = report_data(
        match,
        action="submit",
        rec_random_event="7, 16",
        rec_argue_call_home="6, 1",
        rec_lost_in_warp_away="#3",
        rec_weapon_penalty_home="#8 4+5",
        rec_monster_casualties_away="2",
        rec_notes="A dragon ate the ball.",
    )
    assert client.post(url, sheet).status_code == 302
    match.refresh_from_db()
    warped, bomber = match.away.players.get(number=3), match.home.players.get(number=8)
    assert match.records == [
        {"record": "random_event", "dice": [7]},
        {"record": "random_event", "dice": [16]},
        {"record": "argue_call", "side": "home", "dice": [6]},
        {"record": "argue_call", "side": "home", "dice": [1]},
        {"record": "lost_in_warp", "side": "away", "player": warped.pk},
        {"record": "weapon_penalty", "side": "home", "player": bomber.pk, "dice": [4, 5]},
        {"record": "monster_casualties", "side": "away", "count": 2},
        {"record": "notes", "note": "A dragon ate the ball."},
    ]
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=match, by=bob)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason  # records only: the sequence runs as before
    assert warped.injuries.count() == 0  # lost in the warp is no injury

    detail = client.get(match.get_absolute_url()).content.decode()
    assert 'id="match-records"' in detail
    assert "6: Decision reversed" in detail and "1: Coach ejected" in detail
    assert f"#3 {warped.name}" in detail and "4+5" in detail and "A dragon ate the ball." in detail
    client.cookies["django_language"] = "fr"
    french = client.get(match.get_absolute_url()).content.decode()
    assert "Perdu dans le warp" in french and "6 : Décision annulée" in french
    client.cookies["django_language"] = "en"

    # A correction starts from the stored records: the inputs and the correction sheet keep them.
    assert inputs_of(match)["result"]["records"] == match.records
    client.force_login(commissioner)
    correct = client.get(reverse("matches:correct", args=[match.pk])).content.decode()
    assert 'value="6, 1"' in correct and 'value="#8 4+5"' in correct and 'value="#3"' in correct


def test_the_import_takes_records_and_refuses_unknown_ones(records_match, commissioner):
    match, _bob = records_match
    report = {
        "format_version": 1,
        "report_id": "records-1",
        "league": match.league.slug,
        "ruleset": KEY,
        "home": match.home_id,
        "away": match.away_id,
        "prematch": {"weather": [3, 4]},
        "result": {"home_score": 1, "away_score": 0, "home_uncredited_touchdowns": 1},
        "records": [{"record": "chest_count", "count": 1}, {"record": "lost_in_warp", "side": "home", "number": 2}],
    }
    with pytest.raises(MatchError) as refused:
        import_match(report, by=commissioner)
    assert "“chest_count” is not a record of this league's ruleset." in refused.value.messages
    report["records"] = [
        {"record": "random_event", "dice": [9]},
        {"record": "lost_in_warp", "side": "home", "number": 2},
        {"record": "argue_call", "side": "away", "dice": [6], "note": "the ref relented"},
    ]
    imported = import_match(report, by=commissioner).match
    player = imported.home.players.get(number=2)
    assert imported.records[1] == {"record": "lost_in_warp", "side": "home", "player": player.pk}
    assert imported.records[2]["note"] == "the ref relented"


def test_the_loader_refuses_a_table_that_does_not_cover_its_dice(tmp_path, monkeypatch):
    with pytest.raises(RulesetDataError) as refused:
        short = ARGUE.rsplit("6,6", 1)[0]
        next(lrb6_copy(tmp_path, monkeypatch, KEY, toml_extra=RECORDS, append={"argue_call.csv": short}))
    assert any("argue_call.csv" in problem and "6 is not covered" in problem for problem in refused.value.problems)
