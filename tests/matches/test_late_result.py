"""A result entered late, with its dice: confirmed although the player has since crossed the level
it rolls for, then run in its place in play order; the later match's die for that level is set
aside and kept in the audit."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.core.models import AuditEntry
from matches.models import Match
from matches.services import match_schedule, prematch_record, report_confirm, report_save, report_submit
from matches.services.prematch import PrematchInput
from teams.models import ImprovementRoll
from tests.matches.history_helpers import Result, SteadyDice, report_for, three_teams

pytestmark = pytest.mark.django_db

R, G = "Reavers", "Gouged Eye"


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


def test_a_late_result_with_entered_dice_is_confirmed_and_runs_in_its_place(
    user_factory, commissioner, django_capture_on_commit_callbacks
):
    teams = three_teams("Late", commissioner, user_factory("a"), user_factory("b"), user_factory("c"))
    reavers = teams[R]
    h1 = reavers.players.get(number=1).pk
    matches = {}
    for day in (5, 2):  # day 5 entered first; day 2 typed in afterwards
        match = match_schedule(league=teams["league"], home=reavers, away=teams[G], by=commissioner)
        match = prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=reavers.coach)
        result = Result(R, G, day, (2, 0), {("home", 1): {"touchdowns": 2}})
        die = [6, 4] if day == 2 else [2, 5]
        report = replace(report_for(match, result), dice={f"improvement:p{h1}:1": die})
        report_save(match=match, report=report, by=reavers.coach)
        report_submit(match=match, by=reavers.coach)  # the day-2 result is not refused for its die
        with django_capture_on_commit_callbacks(execute=True):
            report_confirm(match=match, by=teams[G].coach)
        match.refresh_from_db()
        assert match.status == Match.Status.PROCESSED, match.failure_reason
        matches[day] = match

    roll = ImprovementRoll.objects.get(player_id=h1, index=1)
    assert roll.match_id == matches[2].pk and (roll.d6a, roll.d6b) == (6, 4)
    aside = AuditEntry.objects.get(action="matches.postgame.inputs_set_aside", data__match=matches[5].pk)
    assert aside.data["dice"] == {f"improvement:p{h1}:1": [2, 5]}
    assert not ImprovementRoll.objects.filter(player_id=h1, match=matches[5]).exists()  # 12 SPP: no new level
