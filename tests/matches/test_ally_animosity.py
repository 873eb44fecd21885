"""The allies' animosity (seed 002 H:L17-27, spec §2.1, H6) in the shipped house rules, through the
result sheet and the JSON import: "before every kick-off, a D6 for each ally on the pitch", "at most
5 allies on the pitch at once". The record is grouped by kick-off and takes only the team's allies
(`grouped_by`, `players_from`, `players_max` in `[match_records.animosity]`): a roll for a player
who is not an ally, or a sixth ally at one kick-off, is refused in English and French and nothing is
saved; a sheet within the rule is kept with its kick-offs, shown on the match page and read back."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from league.core.models import AllyRule
from league.rules import RulesetDataError
from matches.importing import import_match
from matches.models import Match
from matches.services import (
    MatchError,
    PrematchInput,
    ReportInput,
    match_schedule,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)
from teams.models import Team
from teams.services import PlayerOrder, ally_hire, player_fire, team_create
from tests.builders import HOUSE_CHOICES, league_of, lrb6_copy
from tests.matches.test_views_support import report_data

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')


def _played(league, home, away, commissioner, capture) -> None:
    """One processed match, so that allies may join (from the team's second match)."""
    match = match_schedule(league=league, home=home, away=away, by=commissioner)
    match = prematch_record(match=match, data=PrematchInput(steps=HOUSE_CHOICES, weather_dice=(3, 4)), by=home.coach)
    report_save(
        match=match, report=ReportInput(home_score=1, away_score=0, home_uncredited_touchdowns=1), by=home.coach
    )
    report_submit(match=match, by=home.coach)
    with capture(execute=True):
        report_confirm(match=match, by=away.coach)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason


@pytest.fixture
def allied(commissioner, coach_alice, user_factory, django_capture_on_commit_callbacks):
    """A house-rules match whose home team has six Orc allies (#21-#26) beside ten Humans."""
    bob = user_factory("bob")
    league = league_of("fr_house", "Ligue maison", commissioner, coach_alice, bob)
    lines = [PlayerOrder("lineman", f"H{i}") for i in range(1, 12)]
    humans = team_create(league=league, coach=coach_alice, name="Reavers", race="human", fan_factor=2, players=lines)
    orcs = team_create(league=league, coach=bob, name="Gouged Eye", race="orc", fan_factor=1, players=[*lines])
    AllyRule.objects.create(league=league, host_race="human", ally_race="orc", position="lineman", cap=6)
    _played(league, humans, orcs, commissioner, django_capture_on_commit_callbacks)
    player_fire(player=humans.players.get(number=11), by=coach_alice)  # room for six allies in 16
    for number in range(21, 27):
        humans = Team.objects.get(pk=humans.pk)
        ally_hire(
            team=humans, ally_race="orc", position="lineman", name=f"Ally {number}", number=number, by=coach_alice
        )
    match = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    return prematch_record(match=match, data=PrematchInput(steps=HOUSE_CHOICES, weather_dice=(3, 4)), by=coach_alice)


def test_the_sheet_takes_the_allies_rolls_by_kick_off_and_refuses_a_non_ally_or_a_sixth_ally(
    client, allied, coach_alice
):
    match = allied
    url = reverse("matches:result", args=[match.pk])
    client.force_login(coach_alice)
    page = text(client.get(url))
    assert 'name="rec_animosity_home"' in page and "1: #8 4, #3 6; 2: #8 1" in page  # the field's help

    # #5 is a Human of the team's own list: not an ally.
    human = client.post(url, report_data(match, rec_animosity_home="1: #21 3, #5 1"))
    assert human.status_code == 200
    assert "Allies' animosity: name an ally of that team, a player hired as an ally." in text(human)
    human_fr = client.post(url, report_data(match, rec_animosity_home="1: #21 3, #5 1"), HTTP_ACCEPT_LANGUAGE="fr")
    assert "Animosité des alliés : nommez un allié de cette équipe, un joueur recruté comme allié." in text(human_fr)

    six = "1: #21 2, #22 3, #23 4, #24 5, #25 6, #26 2"
    crowded = text(client.post(url, report_data(match, rec_animosity_home=six)))
    assert (
        "Allies' animosity: 6 allies of Reavers at kick-off 1; at most 5 allies are on the pitch at once."
    ) in crowded
    crowded_fr = text(client.post(url, report_data(match, rec_animosity_home=six), HTTP_ACCEPT_LANGUAGE="fr"))
    assert (
        "Animosité des alliés : 6 alliés de Reavers au coup d'envoi 1 ; "
        "au plus 5 alliés sont sur le terrain en même temps."
    ) in crowded_fr
    match.refresh_from_db()
    assert match.records == [] and match.status == Match.Status.PREMATCH_DONE  # nothing saved

    # Five allies before the first kick-off, two before the second (#26 came on): six in the
    # match, never more than five at once.
    kept = "1: #21 2, #22 3, #23 4, #24 5, #25 1; 2: #26 6, #21 1"
    assert client.post(url, report_data(match, rec_animosity_home=kept)).status_code == 302
    match.refresh_from_db()
    ids = {p.number: p.pk for p in match.home.players.all()}
    rolls = [(e["kickoff"], e["player"], e["dice"]) for e in match.records]
    assert rolls == [
        (1, ids[21], [2]),
        (1, ids[22], [3]),
        (1, ids[23], [4]),
        (1, ids[24], [5]),
        (1, ids[25], [1]),
        (2, ids[26], [6]),
        (2, ids[21], [1]),
    ]
    assert 'value="1: #21 2, #22 3, #23 4, #24 5, #25 1; 2: #26 6, #21 1"' in text(client.get(url))
    detail = text(client.get(match.get_absolute_url()))
    assert "Kick-off 2 · Reavers · #21 Ally 21 · 1: Animosity: the team loses a re-roll" in detail
    client.cookies["django_language"] = "fr"
    assert "Coup d'envoi 2 · Reavers · #21 Ally 21 · 1 : Animosité" in text(client.get(match.get_absolute_url()))


def test_the_import_refuses_a_non_ally_a_missing_kick_off_or_a_sixth_ally_and_saves_nothing(allied, commissioner):
    match = allied
    count = Match.objects.count()
    saved = {m.pk: m.records for m in Match.objects.all()}

    def roll(number: int, kickoff: int | None = 1, die: int = 3) -> dict:
        entry = {"record": "animosity", "side": "home", "number": number, "dice": [die]}
        return entry if kickoff is None else {**entry, "kickoff": kickoff}

    report = {
        "format_version": 1,
        "report_id": "animosity-1",
        "league": match.league.slug,
        "ruleset": "fr_house",
        "home": match.home_id,
        "away": match.away_id,
        "distinct_match": True,  # not the first match of the two teams
        "prematch": {"weather": [3, 4], **HOUSE_CHOICES},
        "result": {"home_score": 1, "away_score": 0, "home_uncredited_touchdowns": 1},
        "records": [roll(21), roll(5), roll(22, kickoff=None)],
    }
    with pytest.raises(MatchError) as refused:
        import_match(report, by=commissioner)
    assert "Allies' animosity: name an ally of that team, a player hired as an ally." in refused.value.messages
    assert "Allies' animosity: say before which kick-off it was rolled (1 to 99)." in refused.value.messages
    report["records"] = [roll(n) for n in range(21, 27)]
    with translation.override("fr"), pytest.raises(MatchError) as crowded:
        import_match(report, by=commissioner)
    assert (
        "Animosité des alliés : 6 alliés de Reavers au coup d'envoi 1 ; "
        "au plus 5 alliés sont sur le terrain en même temps."
    ) in crowded.value.messages
    assert Match.objects.count() == count  # nothing saved
    assert {m.pk: m.records for m in Match.objects.all()} == saved

    report["records"] = [*(roll(n) for n in range(21, 26)), roll(26, kickoff=2), roll(21, kickoff=2, die=1)]
    imported = import_match(report, by=commissioner).match
    sixth = imported.home.players.get(number=26)
    assert imported.records[5] == {"record": "animosity", "side": "home", "dice": [3], "kickoff": 2, "player": sixth.pk}


ALLIES_RECORD = """
[match_records.ally_roll]
name_en = "Ally roll"
name_fr = "Jet d'allié"
per = "team"
kind = "roll"
dice = "D6"
player = true
grouped_by = "kickoff"
players_from = "allies"
players_max = 5
"""


def test_the_loader_refuses_an_allies_record_without_allies_or_with_another_limit(tmp_path, monkeypatch):
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    with pytest.raises(RulesetDataError) as refused:
        next(lrb6_copy(tmp_path / "a", monkeypatch, "alliesless", toml_extra=ALLIES_RECORD))
    assert any('players_from = "allies" needs [parameters.allies]' in p for p in refused.value.problems)
    group = "\n[parameters.allies]\nfrom_match = 2\nfan_factor_cost = 1\nfan_factor_floor = 1\n"
    group += "gold_at_floor = 10000\nmax_on_pitch = 4\n"
    with pytest.raises(RulesetDataError) as refused:
        next(lrb6_copy(tmp_path / "b", monkeypatch, "alliesfour", toml_extra=ALLIES_RECORD + group))
    assert any(
        "players_max of an allies record is [parameters.allies] max_on_pitch" in p for p in refused.value.problems
    )
    # A count or a note cannot be grouped: the sheet types a group's rolls or players only.
    counted = '\n[match_records.per_drive]\nname_en = "C"\nname_fr = "C"\nper = "team"\nkind = "count"\n'
    (tmp_path / "c").mkdir()
    with pytest.raises(RulesetDataError) as refused:
        next(lrb6_copy(tmp_path / "c", monkeypatch, "groupedcount", toml_extra=counted + 'grouped_by = "kickoff"\n'))
    assert any("grouped_by is for a roll or player record" in p for p in refused.value.problems)
