"""The post-match sequence through a real Celery worker (Redis in CI, PostgreSQL in CI).

The worker is the in-process one of tests/conftest.py: a thread consuming from the broker, so a
task signal tells which thread ran what. With acks-late and ignored results the database is the
witness of what the worker did.
"""

from __future__ import annotations

import logging
import threading

import pytest

from league.ratings.models import RatingEntry
from matches.models import Match, MatchEffect, MatchStep
from matches.services import postgame_run, postgame_sweep
from matches.tasks import run_postgame
from teams.models import TreasuryEntry
from tests.tasks.conftest import app_broker, check_worked_numbers, play, processed, wait_for

pytestmark = pytest.mark.worker

UNREACHABLE = "redis://127.0.0.1:1/0"  # nothing listens on port 1: connection refused at once


def postgame_runs(runs, match):
    return [r for r in runs if r.name == "matches.run_postgame" and r.args == (match.pk,)]


def test_a_confirmed_match_runs_in_the_worker_and_every_number_is_the_rulebooks(
    celery_worker, task_runs, ready_match, worked_report, humans, orcs, coach_alice, coach_bob
):
    match = play(ready_match, worked_report, coach_alice, coach_bob)
    assert match.queued_at is not None  # handed to the broker at commit
    wait_for(lambda: processed(match), "the worker to process the match")
    [run] = wait_for(lambda: postgame_runs(task_runs, match), "the task's end signal")
    assert run.result is True and run.thread != threading.current_thread().name  # the worker did it
    assert (
        list(MatchStep.objects.filter(match=match).values_list("status", flat=True)) == ["done"] * 13
    )  # LRB6's 13 steps, the special play cards first
    check_worked_numbers(humans, orcs)
    # Once the run committed, the outbox's ratings batch, in the worker too (league/core/outbox.py,
    # league/ratings): the match rated, its four entries written.
    [rating] = wait_for(
        lambda: [r for r in task_runs if r.name == "league.outbox_dispatch" and r.args == ("ratings",)],
        "the ratings' batch",
    )
    assert rating.result == 1 and rating.thread != threading.current_thread().name
    assert RatingEntry.objects.filter(match=match).count() == 4


def test_a_task_delivered_twice_and_a_direct_call_apply_the_sequence_once(
    celery_worker, task_runs, ready_match, worked_report, humans, orcs, coach_alice, coach_bob
):
    match = play(ready_match, worked_report, coach_alice, coach_bob)  # queued once by the confirmation
    run_postgame.delay(match.pk)  # delivered again, twice, while the first may be running
    run_postgame.delay(match.pk)
    direct = postgame_run(match.pk)  # and the service called straight away, in this thread
    runs = wait_for(
        lambda: len(postgame_runs(task_runs, match)) == 3 and postgame_runs(task_runs, match),
        "the three deliveries to be handled",
    )
    assert processed(match)
    # Exactly one of the four claimed the match; the others found nothing to do.
    assert sorted([direct] + [r.result for r in runs]) == [False, False, False, True]
    assert postgame_run(match.pk) is False  # and afterwards, once more: still nothing
    effects = list(MatchEffect.objects.filter(match=match).values_list("key", flat=True))
    assert len(effects) == len(set(effects)) > 20
    entries = TreasuryEntry.objects.filter(match=match)
    assert sorted(entries.values_list("key", flat=True)) == [
        f"match:{match.pk}:winnings:away",
        f"match:{match.pk}:winnings:home",
    ]
    check_worked_numbers(humans, orcs)  # nothing paid or counted twice


def test_with_the_broker_down_the_match_waits_and_the_sweep_queues_it_later(
    celery_worker, task_runs, ready_match, worked_report, humans, orcs, coach_alice, coach_bob, caplog
):
    with app_broker(UNREACHABLE), caplog.at_level(logging.WARNING, logger="matches.services.postgame"):
        match = play(ready_match, worked_report, coach_alice, coach_bob)
        assert "could not queue the post-match sequence" in caplog.text
        # Still down: the sweep finds it but cannot queue it either.
        assert postgame_sweep() == [match.pk]
    match.refresh_from_db()
    assert (match.status, match.queued_at) == (Match.Status.CONFIRMED, None)  # pending, not lost
    assert not MatchStep.objects.filter(match=match).exists() and not MatchEffect.objects.filter(match=match).exists()
    assert postgame_runs(task_runs, match) == []

    # The broker is back: the periodic sweep queues it and the worker runs it.
    assert postgame_sweep() == [match.pk]
    match.refresh_from_db()
    assert match.queued_at is not None
    wait_for(lambda: processed(match), "the worker to process the swept match")
    [run] = wait_for(lambda: postgame_runs(task_runs, match), "the task's end signal")
    assert run.result is True
    assert postgame_sweep() == []  # nothing left behind
    check_worked_numbers(humans, orcs)
