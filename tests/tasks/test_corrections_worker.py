"""Corrections as production runs them: real worker processes (one at concurrency 2, as `make
worker` starts it, plus another), on the tests' database and broker (tests/tasks/conftest.py).

1. A correction of an early match of a team is confirmed while new results of that team and of its
   opponent, and a late result (played before matches already processed), are imported and run at
   the same moment. Once everything is processed, the four teams must equal, field by field, those
   of a twin league where the same final history is entered right, one match after the other in
   play order, with the dice the concurrent run stored (a stale read anywhere shows as a
   difference); every ledger sums to its treasury and no ledger row was deleted or rewritten.
2. A correction whose task is delivered twice, to two worker processes at once, is applied once:
   the history, the ledger rows and the matches' generations equal those of a twin league where
   the same correction is applied once.
"""

from __future__ import annotations

import re
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from celery import current_app

from league.core.models import AuditEntry
from matches.models import Match, MatchCorrection
from matches.services.corrections import (
    APPLY_CORRECTION,
    correction_apply,
    correction_confirm,
    correction_draft,
    correction_preview,
)
from matches.services.late import run_match
from tests.tasks.conftest import app_broker, wait_for
from tests.tasks.correction_history import (
    A,
    B,
    C,
    D,
    Game,
    check_books,
    correction_inputs,
    differences,
    enter,
    four_teams,
    game_key,
    league_matches,
    ledger,
    ledger_rows,
    state,
    store_dice,
    twin_league,
    used_dice,
)

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

# A touchdown credited to the wrong player (A#1 scored one, A#2 the other) and a casualty
# forgotten (A#4 badly hurt B#3: 25). Not one that keeps him out of his next game: who could play a
# match is fixed at its pre-match, which a replay does not run again (docs/decisions/matches.md).
FIRST_WRONG = Game("h1", A, B, 1, (2, 1), {("home", 1): {"touchdowns": 2}, ("away", 1): {"touchdowns": 1}}, mvp=(5, 6))
FIRST = Game(
    "h1",
    A,
    B,
    1,
    (2, 1),
    {
        ("home", 1): {"touchdowns": 1},
        ("home", 2): {"touchdowns": 1},
        ("home", 4): {"casualties": 1},
        ("away", 1): {"touchdowns": 1},
    },
    (("away", 3, 2, 5),),
    mvp=(5, 6),
)
PROCESSED = (
    Game("h2", C, D, 2, (1, 0), {("home", 1): {"touchdowns": 1}}, mvp=(2, 3)),
    Game("h3", A, C, 3, (2, 0), {("home", 1): {"touchdowns": 1}, ("home", 2): {"touchdowns": 1}}, mvp=(3, 4)),
    Game("h4", B, D, 4, (2, 1), {("home", 2): {"touchdowns": 2}, ("away", 1): {"touchdowns": 1}}, mvp=(4, 2)),
    Game("h5", A, D, 6, (1, 0), {("home", 3): {"touchdowns": 1}}, mvp=(1, 5)),
    Game("h6", B, C, 7, (0, 1), {("away", 2): {"touchdowns": 1}}, mvp=(6, 1)),
)
# In flight with the correction: a late result of A (day 5, before h5 and h6), new ones of A and B.
LATE = Game("late", A, C, 5, (1, 2), {("home", 2): {"touchdowns": 1}, ("away", 1): {"touchdowns": 2}}, mvp=(2, 2))
NEW = (
    Game("n1", A, B, 10, (3, 0), {("home", 1): {"touchdowns": 2}, ("home", 3): {"touchdowns": 1}}, mvp=(7, 3)),
    Game("n2", B, C, 11, (1, 0), {("home", 1): {"touchdowns": 1}}, mvp=(1, 4)),
    Game(
        "n3",
        A,
        D,
        12,
        (0, 1),
        {("away", 2): {"touchdowns": 1}, ("away", 3): {"casualties": 1}},
        (("home", 5, 2, 2),),
        mvp=(8, 2),
    ),
)
APPLY_DELAY = 0.2  # seconds of pause inside each run and each replayed match: the work overlaps
DONE_LINE = re.compile(r"/(?P<process>[\w-]+)\].*task=(?P<task>\w+) match=(?P<id>\d+) result=(?P<result>\w+)")


def start_workers(workers, apply_delay: float) -> list[Path]:
    """A worker at concurrency 2 (a prefork pool) and a solo one, both ready to take tasks."""
    _pool, pool_log = workers.start(
        apply_delay=apply_delay, lease_seconds=60, pool=("--pool=prefork", "--concurrency=2")
    )
    _solo, solo_log = workers.start(apply_delay=apply_delay, lease_seconds=60)
    logs = [pool_log, solo_log]
    for log in logs:
        wait_for(lambda log=log: " ready." in log.read_text(), "a worker to be ready", log=log)
    return logs


def task_results(logs: list[Path], task: str, task_id: int) -> list[tuple[str, str]]:
    """(worker process, result) of each finished run of a task, as the workers logged them."""
    return [
        (f"{log.name}/{m['process']}", m["result"])
        for log in logs
        for m in DONE_LINE.finditer(log.read_text())
        if m["task"] == task and int(m["id"]) == task_id
    ]


def idle(logs: list[Path]) -> bool:
    """Every task a worker received has finished (a run that found nothing to do included)."""
    text = "".join(log.read_text() for log in logs)
    return text.count("] received") == len(re.findall(r"\] (succeeded|raised|failed|retry)", text))


def settled(match_ids: list[int], correction: MatchCorrection) -> bool:
    statuses = dict(Match.objects.filter(pk__in=match_ids).values_list("pk", "status"))
    failed = [pk for pk, status in statuses.items() if status == Match.Status.FAILED]
    assert not failed, list(Match.objects.filter(pk__in=failed).values_list("pk", "failure_reason"))
    correction.refresh_from_db()
    assert correction.status != MatchCorrection.Status.FAILED, correction.failure_reason
    return correction.status == MatchCorrection.Status.APPLIED and all(
        status == Match.Status.PROCESSED for status in statuses.values()
    )


def draft(match: Match, game: Game, by, dice=None) -> MatchCorrection:
    correction = correction_draft(
        match=match, by=by, reason="the sheet was wrong", inputs=correction_inputs(match, game, dice)
    )
    preview = correction_preview(correction)
    assert "refused" not in preview, preview
    return correction


@pytest.fixture
def coaches(league, user_factory):
    from league.core.services import league_join

    people = [user_factory(f"coach{n}") for n in range(4)]
    for coach in people:
        league_join(league=league, user=coach)
    return people


def processed_history(teams, prefix: str, by, twin=None, run=nullcontext) -> dict[str, Match]:
    """The wrong first match and the processed ones after it, each run as it is imported (in this
    process; `run`: what lets its queued run go); `twin`: the same entered there too, with the
    dice this league's run stored."""
    played = {}
    for game in (FIRST_WRONG, *PROCESSED):
        with run():
            match = enter(teams, game, prefix, by)
        match.refresh_from_db()
        assert match.status == Match.Status.PROCESSED, match.failure_reason
        played[game.key] = match
        if twin is not None:
            with run():
                copy = enter(twin, game, "twin", by, dice=used_dice(match))
            copy.refresh_from_db()
            assert copy.status == Match.Status.PROCESSED, copy.failure_reason
    return played


def check_entered_right(teams, by, coaches, run=nullcontext) -> dict[str, Any]:
    """The reference: a twin league where the final history is entered right, one match after the
    other in play order, with the dice `teams`' league stored; the two must be equal field by field."""
    twin = twin_league("Entered right", by, coaches)
    right = {game.key: game for game in (FIRST, *PROCESSED, LATE, *NEW)}
    for match in league_matches(teams):
        with run():
            copy = enter(twin, right[game_key(match)], "twin", by, dice=used_dice(match))
        copy.refresh_from_db()
        assert copy.status == Match.Status.PROCESSED, copy.failure_reason
    assert [game_key(m) for m in league_matches(teams)] == [game_key(m) for m in league_matches(twin)]
    got = state(teams)
    assert not differences(got, state(twin))
    return got


@pytest.mark.parametrize("late_first", [False, True], ids=["correction-first", "late-first"])
def test_a_correction_in_flight_with_new_and_late_results_of_its_teams_ends_as_the_history_entered_right(
    late_first, workers, subprocess_broker, league, commissioner, coaches
):
    teams = four_teams(league, coaches)
    first = processed_history(teams, "conc", commissioner)["h1"]
    correction = draft(first, FIRST, commissioner)
    rows_before = ledger_rows(teams)

    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        logs = start_workers(workers, APPLY_DELAY)
        if late_first:
            enter(teams, LATE, "conc", commissioner)
        enter(teams, NEW[0], "conc", commissioner)
        correction_confirm(correction=correction, by=commissioner)
        if not late_first:
            enter(teams, LATE, "conc", commissioner)
        for game in NEW[1:]:
            enter(teams, game, "conc", commissioner)
        ids = [m.pk for m in league_matches(teams)]
        wait_for(lambda: settled(ids, correction), "every match processed and the correction applied", 180, logs[0])
        wait_for(lambda: idle(logs), "the workers to finish every task they took", log=logs[1])

    check_books(teams)
    assert rows_before <= ledger_rows(teams)  # money comes back by new rows only
    assert [result for _worker, result in task_results(logs, "apply_correction", correction.pk)] == ["True"]
    got = check_entered_right(teams, commissioner, coaches)
    assert len(got["rolls"]) >= 4  # improvement rolls moved between matches: their order was exercised


@pytest.mark.django_db(transaction=False)
def test_a_correction_applied_while_a_late_result_of_its_team_waits_runs_that_result_in_its_place(
    league, commissioner, coaches, django_capture_on_commit_callbacks
):
    """One order the workers can meet, made certain: the correction's task runs while a late result
    of its team (played before matches of both its teams already processed) is confirmed and not yet
    taken. The correction takes it along, and its other team is replayed from it too: that team's
    later matches are undone and run again after it, not under it. The late result's own task then
    finds it processed."""
    run = partial(django_capture_on_commit_callbacks, execute=True)
    teams = four_teams(league, coaches)
    first = processed_history(teams, "conc", commissioner, run=run)["h1"]
    late = enter(teams, LATE, "conc", commissioner)  # its run is queued on commit: here, never
    correction = draft(first, FIRST, commissioner)
    correction_confirm(correction=correction, by=commissioner)
    assert Match.objects.get(pk=late.pk).status == Match.Status.CONFIRMED
    with run():
        assert correction_apply(correction.pk) is True
    assert Match.objects.get(pk=late.pk).status == Match.Status.PROCESSED
    with run():
        assert run_match(late.pk) is False
    for game in NEW:
        with run():
            enter(teams, game, "conc", commissioner)
    check_books(teams)
    check_entered_right(teams, commissioner, coaches, run=run)


def test_a_correction_delivered_twice_to_two_workers_at_once_is_applied_once(
    workers, subprocess_broker, league, commissioner, coaches
):
    teams = four_teams(league, coaches)
    twin = twin_league("Applied once", commissioner, coaches)
    played = processed_history(teams, "conc", commissioner, twin=twin)
    assert state(teams) == state(twin)
    correction = draft(played["h1"], FIRST, commissioner)

    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        logs = start_workers(workers, apply_delay=1.0)  # the first delivery holds the lock a while
        correction_confirm(correction=correction, by=commissioner)
        wait_for(
            lambda: any("players written, pausing" in log.read_text() for log in logs),
            "the first delivery to be replaying",
            log=logs[0],
        )
        current_app.tasks[APPLY_CORRECTION].delay(correction.pk)  # the same id, to another worker
        wait_for(
            lambda: len(task_results(logs, "apply_correction", correction.pk)) == 2,
            "both deliveries to finish",
            timeout=60,
            log=logs[1],
        )
        wait_for(lambda: idle(logs), "the workers to finish every task they took", log=logs[1])

    runs = task_results(logs, "apply_correction", correction.pk)
    assert sorted(result for _worker, result in runs) == ["False", "True"]
    assert runs[0][0] != runs[1][0]  # two worker processes took it
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED
    applied = AuditEntry.objects.filter(action="matches.correction.applied", league=league)
    assert applied.count() == 1
    check_books(teams)

    # The twin: the same correction applied once, in this process, every match reading the dice
    # the workers' replay stored (the ones it rolled anew included).
    for match in league_matches(twin):
        if game_key(match) != "h1":
            store_dice(match, used_dice(played[game_key(match)]))
    twin_first = Match.objects.get(league=twin["league"], import_key__endswith="-h1")
    once = draft(twin_first, FIRST, commissioner, dice=used_dice(played["h1"]))
    correction_confirm(correction=once, by=commissioner)
    once.refresh_from_db()
    assert once.status == MatchCorrection.Status.APPLIED, once.failure_reason

    assert not differences(state(teams), state(twin))
    assert ledger(teams) == ledger(twin)  # a second application would have added a generation of rows
    generations = {game_key(m): m.generation for m in league_matches(teams)}
    assert generations == {game_key(m): m.generation for m in league_matches(twin)}
    assert generations["h1"] == 1
