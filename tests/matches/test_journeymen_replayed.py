"""The journeymen a replay hires again (their match run again after a late result, a void or a
restore) join as new journeymen do: in the lowest free numbers, as in the same history entered
right, and the ones a later match credits are the ones hired again (docs/decisions/matches.md,
"Journeymen a replay hires again")."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import translation

from matches.models import Match, MatchCorrection, MatchPlayer
from matches.services import (
    PlayerLine,
    PrematchInput,
    ReportInput,
    match_schedule,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)
from matches.services.corrections import (
    correction_confirm,
    correction_draft,
    correction_preview,
    inputs_of,
    restore_draft,
)
from matches.views.number_words import number_words
from teams.models import Player
from teams.services import player_hire
from tests.matches.history_helpers import Result, SteadyDice, by_names, enter, inputs_for, three_teams

pytestmark = pytest.mark.django_db

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"
ENTERED = Result(R, G, 1, (0, 0), casualties=(("home", 7, 6, 1), ("home", 5, 4, 1)))  # 61 dead, 41 out
DEATHS = Result(R, G, 1, (0, 0), casualties=(("home", 3, 6, 1), ("home", 5, 6, 2)))
H2_DIES = Result(R, F, 1, (0, 0), casualties=(("home", 2, 6, 1),))  # D68 61: dead
H5_H7_DIE = Result(R, G, 2, (0, 0), casualties=(("home", 5, 6, 1), ("home", 7, 6, 2)))


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


@pytest.fixture
def people(user_factory, commissioner):
    return commissioner, user_factory("ja"), user_factory("jb"), user_factory("jc")


def twelve_reavers(name: str, people) -> dict:
    """Twelve Reavers: a death leaves eleven, and no journeyman joins."""
    teams = three_teams(name, *people)
    player_hire(team=teams[R], position="lineman", name="H12", by=teams[R].coach)
    return teams


def journeymen(team) -> dict[int, int]:
    """The team's journeymen on the roster: number by id."""
    return dict(team.players.filter(journeyman=True, status=Player.Status.ACTIVE).values_list("pk", "number"))


def enter_scoring(teams: dict, scorer: int, boss, capture) -> Match:
    """Reavers v Grey Fangs on day 3, 1-0, the touchdown the player's (by id: the result helper
    names players by number, and dead H5 wore 5 too), as the result helper enters a result."""
    home, away = teams[R], teams[F]
    match = match_schedule(league=teams["league"], home=home, away=away, by=boss)
    match = prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=home.coach)
    report = ReportInput(
        home_score=1, away_score=0, gate=20, lines=(PlayerLine(scorer, touchdowns=1),), played_on=date(2026, 9, 3)
    )
    report_save(match=match, report=report, by=home.coach)
    report_submit(match=match, by=home.coach)
    with capture(execute=True):
        report_confirm(match=match, by=away.coach)
    match.refresh_from_db()
    return match


def run(correction: MatchCorrection, boss, capture) -> None:
    preview = correction_preview(correction)
    assert "refused" not in preview, preview
    with capture(execute=True):
        correction_confirm(correction=correction, by=boss)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason


def test_an_edit_gives_the_journeymen_hired_again_the_lowest_free_numbers(people, django_capture_on_commit_callbacks):
    """Entered, H7 died and H5 was seriously injured: two journeymen joined, numbers 7 and 12. It
    was H3 and H5 who died: corrected, the two join in the first gaps, 3 and 5, as in the history
    entered right (before, the one on 12 kept it: 12 was still free), and the preview says so."""
    boss = people[0]
    capture = django_capture_on_commit_callbacks
    right = three_teams("Right", *people)
    assert enter(right, DEATHS, boss, capture).status == Match.Status.PROCESSED
    assert sorted(journeymen(right[R]).values()) == [3, 5]

    fixed = three_teams("Fixed", *people)
    match = enter(fixed, ENTERED, boss, capture)
    first = journeymen(fixed[R])
    assert sorted(first.values()) == [7, 12]
    correction = correction_draft(
        match=match, by=boss, reason="H3 and H5 died", inputs=inputs_for(match, DEATHS, inputs_of(match))
    )
    run(correction, boss, capture)

    assert journeymen(fixed[R]) == dict(zip(sorted(first, key=first.get), [3, 5], strict=True))
    assert by_names(fixed) == by_names(right)
    with translation.override("en"):
        words = number_words(correction.preview["numbers"])
    assert "Journeyman 7: number 7 → 3" in words and "Journeyman 12: number 12 → 5" in words


def test_a_void_keeps_the_credited_journeyman_and_its_restore_gives_back_every_number(
    people, django_capture_on_commit_callbacks
):
    """H2 dies on day 1, H5 and H7 on day 2: journeymen 2 and 5 join; on day 3 journeyman 5 scores.
    Void the day-1 match: H2 is back, one journeyman is needed on day 2, and it is the one who
    scored on day 3 (never left off the roster with his touchdown), in the first gap, 5. Restored:
    both journeymen are back with the numbers they wore, as before the void."""
    boss = people[0]
    capture = django_capture_on_commit_callbacks
    teams = twelve_reavers("Void", people)
    first = enter(teams, H2_DIES, boss, capture)
    enter(teams, H5_H7_DIE, boss, capture)
    hired = {number: pk for pk, number in journeymen(teams[R]).items()}
    assert sorted(hired) == [2, 5]
    scorer = hired[5]
    later = enter_scoring(teams, scorer, boss, capture)
    assert later.status == Match.Status.PROCESSED, later.failure_reason
    assert MatchPlayer.objects.get(match=later, player_id=scorer).touchdowns == 1
    before = dict(Player.objects.filter(team=teams[R]).values_list("pk", "number"))

    void = correction_draft(match=first, by=boss, reason="never played", void=True)
    run(void, boss, capture)
    assert Player.objects.get(pk=scorer).status == Player.Status.FIRED  # released after day 3, as before
    assert Player.objects.get(pk=scorer).number == 5
    assert Player.objects.get(pk=hired[2]).status == Player.Status.FIRED  # not needed any more
    later.refresh_from_db()
    assert later.status == Match.Status.PROCESSED, later.failure_reason
    assert MatchPlayer.objects.get(match=later, player_id=scorer).touchdowns == 1
    assert Player.objects.get(pk=scorer).spp >= 3

    void.refresh_from_db()
    run(restore_draft(correction=void, by=boss, reason="it was played"), boss, capture)
    assert dict(Player.objects.filter(team=teams[R]).values_list("pk", "number")) == before
