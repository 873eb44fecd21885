"""Importing match reports (matches.importing): the docs' examples, idempotence, every refusal."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied
from league.core.models import AuditEntry, HouseRule

from matches.importing import import_match, parse_report, report_schema, schema_problems
from matches.models import DiceRoll, Match, MatchEffect, MatchInducement
from matches.services import (
    CasualtyLine,
    MatchError,
    PrematchInput,
    match_schedule,
    prematch_record,
    report_confirm,
)
from teams.models import Player, Team, TreasuryEntry
from teams.selectors import compute_team_value, ledger_balance
from teams.services import staff_hire
from tests.builders import human_team, orc_team, worked_report_for
from tests.matches.test_full_match import play

pytestmark = pytest.mark.django_db

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"


# The examples are written for the demo league (tests/matches/test_examples_import.py imports them
# there); these tests play them between the fixtures' teams of the test league.
FIXTURE_NAMES = {"demo-league": "test-league", "Reikland Reavers": "Reavers"}


def example(name: str = "plain-match") -> dict[str, Any]:
    data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    for key in ("league", "home", "away"):
        data[key] = FIXTURE_NAMES.get(data[key], data[key])
    return data


def row_counts() -> dict[str, int]:
    return {
        model.__name__: model.objects.count()
        for model in (Match, TreasuryEntry, AuditEntry, Player, DiceRoll, MatchEffect)
    }


def imported(data: dict[str, Any], capture, by=None):
    with capture(execute=True):
        result = import_match(data, by=by)
    result.match.refresh_from_db()
    return result


def outcome(*teams: Team) -> dict[str, Any]:
    """What a match left on two teams, comparable between two pairs of teams."""
    found: dict[str, Any] = {}
    for n, team in enumerate(teams):
        team.refresh_from_db()
        found[f"team{n}"] = (
            team.treasury,
            team.fan_factor,
            team.team_value,
            ledger_balance(team),
            compute_team_value(team),
        )
        found[f"players{n}"] = sorted(
            (p.number, p.spp, p.status, p.miss_next_game, p.journeyman) for p in team.players.all()
        )
        found[f"rolls{n}"] = sorted(
            (r.player.number, r.d6a, r.d6b) for p in team.players.all() for r in p.improvement_rolls.all()
        )
    return found


# --- the format itself ---


def test_the_schema_is_valid_draft_2020_12_and_the_examples_follow_it():
    from jsonschema import Draft202012Validator

    schema = json.loads((EXAMPLES.parent / "match-report.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema == report_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    names = sorted(path.stem for path in EXAMPLES.glob("*.json"))
    assert {"plain-match", "conceded-match"} <= set(names)
    for name in names:
        assert schema_problems(example(name)) == [], name


# --- valid imports ---


def test_the_plain_example_gives_what_the_services_give(
    league, humans, orcs, coach_alice, coach_bob, commissioner, django_capture_on_commit_callbacks
):
    # The same match typed in through the services, between two identical teams of the same league.
    humans_b = human_team(league, coach_alice, "Reavers B")
    orcs_b = orc_team(league, coach_bob, "Gouged Eye B")
    typed = prematch_record(
        match=match_schedule(league=league, home=humans_b, away=orcs_b, by=commissioner),
        data=PrematchInput(weather_dice=(3, 4)),
        by=coach_alice,
    )
    # The worked report, as the example file has it: the Humans' casualty is their number 4.
    h4, o3 = humans_b.players.get(number=4).pk, orcs_b.players.get(number=3).pk
    report = replace(
        worked_report_for(humans_b, orcs_b), casualties=(CasualtyLine(h4, d6=4, d8=1), CasualtyLine(o3, d6=6, d8=1))
    )
    typed = play(typed, report, coach_alice, coach_bob, django_capture_on_commit_callbacks)
    assert typed.status == Match.Status.PROCESSED, typed.failure_reason

    result = imported(example(), django_capture_on_commit_callbacks)
    match = result.match
    assert result.created and match.status == Match.Status.PROCESSED, match.failure_reason
    assert (match.home, match.away, match.import_key) == (humans, orcs, "test-league:2025-round-1-reavers-gouged-eye")
    assert str(match.played_on) == "2025-03-14" and match.weather == typed.weather
    assert outcome(humans, orcs) == outcome(humans_b, orcs_b)
    # The worked example's figures (test_full_match), reached through the import.
    assert humans.players.get(number=1).spp == 6 and orcs.players.get(number=1).spp == 8
    assert (humans.treasury, orcs.treasury, humans.fan_factor, orcs.fan_factor) == (520_000, 450_000, 1, 2)
    effects = sorted((e.kind, e.amount, e.data.get("spp", 0)) for e in match.effects.all())
    assert effects == sorted((e.kind, e.amount, e.data.get("spp", 0)) for e in typed.effects.all())
    # Every die is kept, the pre-match weather included; all were entered at the table.
    assert set(match.dice.values_list("source", flat=True)) == {DiceRoll.Source.ENTERED}
    assert match.dice.get(purpose="weather").values == [3, 4]


def test_importing_the_same_report_twice_makes_one_match(
    humans, orcs, commissioner, django_capture_on_commit_callbacks
):
    first = imported(example(), django_capture_on_commit_callbacks)
    before = row_counts()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        again = import_match(example(), by=commissioner)
    assert (again.created, again.match.pk) == (False, first.match.pk)
    assert row_counts() == before and callbacks == []
    assert Match.objects.filter(import_key=first.match.import_key).count() == 1


def test_the_conceded_example_lets_the_server_roll_every_post_match_die(
    humans, orcs, coach_alice, django_capture_on_commit_callbacks
):
    staff_hire(team=humans, kind="apothecary", by=coach_alice)  # the example's home team has one (demo)
    match = imported(example("conceded-match"), django_capture_on_commit_callbacks).match
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    assert (match.home, match.conceded_by, match.concession_justified) == (humans, "home", False)
    assert list(MatchInducement.objects.filter(match=match).values_list("side", "key")) == [
        ("home", "bloodweiser_babes")
    ]
    assert match.home_petty_cash == 50_000
    dice = dict(match.dice.values_list("purpose", "source"))
    assert set(dice.values()) == {DiceRoll.Source.SERVER}
    # An unjustified concession: the winner gets both MVPs, the conceder none (spec §8).
    assert {"weather", "mvp:away:1", "mvp:away:2", "winnings:away"} <= set(dice) and "mvp:home:1" not in dice
    assert orcs.players.get(number=5).spp >= 3 and orcs.players.get(number=6).spp >= 2
    for team in (humans, orcs):
        team.refresh_from_db()
        assert ledger_balance(team) == team.treasury


def test_a_coachs_import_waits_for_the_other_coach(
    league, humans, orcs, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    assert not league.coaches_schedule  # importing his own match is allowed all the same
    match = imported(example(), django_capture_on_commit_callbacks, by=coach_alice).match
    assert match.status == Match.Status.SUBMITTED
    assert match.submitted_by == match.scheduled_by == coach_alice
    with pytest.raises(PermissionDenied):
        report_confirm(match=match, by=coach_alice)
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=match, by=coach_bob)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason


def test_a_commissioners_import_is_confirmed_at_once(humans, orcs, commissioner, django_capture_on_commit_callbacks):
    match = imported(example(), django_capture_on_commit_callbacks, by=commissioner).match
    assert match.status == Match.Status.PROCESSED and match.confirmed_by == commissioner
    assert AuditEntry.objects.filter(action="matches.match.imported", actor=commissioner).count() == 1


def test_chosen_mvps_are_named_in_the_decisions(league, humans, orcs, django_capture_on_commit_callbacks):
    HouseRule.objects.create(league=league, key="mvp_mode", value="chosen")
    data = example()
    for side in ("home", "away"):
        del data["dice"][f"mvp:{side}:1"]
    with pytest.raises(MatchError) as refused:
        import_match(data, by=None)
    assert any("mvp:home:1" in m for m in refused.value.messages), refused.value.messages
    data["decisions"].update({"mvp:home:1": "home#4", "mvp:away:1": f"p{orcs.players.get(number=1).pk}"})
    match = imported(data, django_capture_on_commit_callbacks).match
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    assert humans.players.get(number=4).spp == 5 and orcs.players.get(number=1).spp == 8


# --- refusals: every reason, nothing written ---


def _set(path: str, value: Any) -> Callable[[dict, Team, Team], None]:
    def change(data: dict, humans: Team, orcs: Team) -> None:
        *parents, last = path.split(".")
        target = data
        for key in parents:
            target = target[key]
        target[last] = value

    return change


def _missed(data: dict, humans: Team, orcs: Team) -> None:
    humans.players.filter(number=5).update(miss_next_game=True)
    data["players"]["home"] = [{"number": 1, "touchdowns": 1}, {"number": 5, "touchdowns": 1}]


def _dead(data: dict, humans: Team, orcs: Team) -> None:
    victim = orcs.players.get(number=3)
    Player.objects.filter(pk=victim.pk).update(status=Player.Status.DEAD)
    data["casualties"]["away"][0] = {"id": victim.pk, "d6": 6, "d8": 1}


def _not_ready(data: dict, humans: Team, orcs: Team) -> None:
    Team.objects.filter(pk=orcs.pk).update(status=Team.Status.DRAFT)


def _choice_without_dice(data: dict, humans: Team, orcs: Team) -> None:
    del data["dice"]["improvement:home#1:1"]
    data["decisions"]["improvement:home#1:1"] = "block"


def _many(data: dict, humans: Team, orcs: Team) -> None:
    _missed(data, humans, orcs)
    data["players"]["away"].append({"number": 42, "completions": 1})
    data["result"]["away_score"] = 0


REFUSALS = {
    "unknown league": (_set("league", "nowhere"), ["There is no league “nowhere”."]),
    "another ruleset": (_set("ruleset", "crp"), ["This report is for the “crp” ruleset but the league plays “lrb6”."]),
    "unknown team": (_set("away", "Nobody"), ["There is no team called “Nobody” in this league."]),
    "unknown team id": (_set("away", 999_999), ["There is no team with the id 999999."]),
    "team against itself": (_set("away", "Reavers"), ["A team cannot play against itself."]),
    "team not ready": (_not_ready, ["Gouged Eye is not ready to play."]),
    "unknown player": (_set("players.home", [{"number": 42, "completions": 1}]), ["Reavers has no player #42."]),
    "player missed the game": (_missed, ["#5 H5 missed this match and cannot be credited with anything."]),
    "dead player": (_dead, ["Gouged Eye: #3 O3 is dead and cannot play."]),
    "more touchdowns than the score": (
        _set("result.home_score", 1),
        ["The home players scored 2 touchdowns but the score says 1."],
    ),
    "negative score": (_set("result.away_score", -1), ["$.result.away_score: must be at least 0."]),
    "D68 out of range": (
        _set("casualties.home", [{"number": 3, "d6": 7, "d8": 9}]),
        ["$.casualties.home[0].d6: must be at most 6.", "$.casualties.home[0].d8: must be at most 8."],
    ),
    "FAME out of range": (_set("result.home_fame", 3), ["FAME is 0, 1 or 2."]),
    "MVP die beyond the candidates": (
        _set("dice.mvp:home:1", [40]),
        ["MVP draw, Reavers [mvp:home:1]: 40 is not a possible result of a D11 (1 to 11)."],
    ),
    "improvement chosen before its dice": (
        _choice_without_dice,
        ["“improvement:home#1:1”: enter the improvement dice"],
    ),
    "petty cash over the treasury": (
        _set("prematch.home.petty_cash", 5_000_000),
        ["Pre-match: Reavers can move between 0 and 450000 gp"],
    ),
    "several at once": (
        _many,
        [
            "#5 H5 missed this match",
            "Gouged Eye has no player #42.",
            "The away players scored 1 touchdowns but the score says 0.",
        ],
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_each_refusal_gives_its_reason_and_writes_nothing(case, humans, orcs, django_capture_on_commit_callbacks):
    change, expected = REFUSALS[case]
    data = copy.deepcopy(example())
    change(data, humans, orcs)
    before = row_counts()
    with django_capture_on_commit_callbacks(execute=True) as callbacks, pytest.raises(MatchError) as refused:
        import_match(data, by=None)
    messages = refused.value.messages
    for text in expected:
        assert any(text in message for message in messages), (text, messages)
    assert row_counts() == before and callbacks == []


def test_several_schema_errors_are_listed_with_their_paths(humans, orcs):
    data = example()
    data.update(format_version=2, colour="red")
    data["result"]["home_score"] = -2
    data["players"]["home"][1] = {"number": 2, "id": 7, "completions": "one"}
    data["dice"]["weather"] = [1, 2]
    with pytest.raises(MatchError) as refused:
        import_match(data, by=None)
    assert refused.value.messages == [
        "$: unknown field “colour”.",
        "$.dice: “weather” is not a known key here.",
        "$.format_version: must be 1.",
        "$.players.home[1]: give exactly one of “number”, “id”.",
        "$.players.home[1].completions: must be a whole number.",
        "$.result.home_score: must be at least 0.",
    ]


@pytest.mark.parametrize("raw", ["{", b"\xff\xfe{}", "[1, 2"])
def test_malformed_json_is_refused_before_anything_else(raw, humans, orcs):
    before = row_counts()
    with pytest.raises(MatchError) as refused:
        import_match(parse_report(raw), by=None)
    (message,) = refused.value.messages
    assert message.startswith(("The report is not valid JSON", "The report is not UTF-8 text."))
    assert row_counts() == before


def test_a_report_that_is_not_an_object_is_a_schema_error():
    with pytest.raises(MatchError) as refused:
        import_match(parse_report("[]"), by=None)
    assert refused.value.messages == ["$: must be an object."]


def test_a_stranger_may_not_import(league, humans, orcs, user_factory):
    from league.core.services import league_join

    carol = user_factory("carol")
    league_join(league=league, user=carol)
    before = row_counts()
    with pytest.raises(PermissionDenied):
        import_match(example(), by=carol)
    assert row_counts() == before


def test_a_league_given_by_the_caller_must_be_the_reports(league, humans, orcs, commissioner):
    from league.core.services import league_create

    other = league_create(name="Other League", ruleset="lrb6", commissioner=commissioner)
    with pytest.raises(MatchError) as refused:
        import_match(example(), by=None, league=other)
    assert refused.value.messages == ["This report is for the league “test-league”, not “other-league”."]
    with pytest.raises(MatchError) as refused:  # the right league: only the planted reason is left
        import_match({**example(), "away": "Reavers"}, by=None, league=league)
    assert refused.value.messages == ["A team cannot play against itself."]
