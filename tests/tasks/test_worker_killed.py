"""A worker killed mid-sequence: nothing half-applied, and the sweep finishes the job.

Real `celery -A league.config worker --pool=solo` subprocesses on the test database (hence
transactional_db: they only see committed rows) and the tests' broker, on a queue of their own.
The first worker pauses halfway through applying the sequence (its players' SPP, injuries and
improvement rolls written, gold and teams not yet, all in one open transaction) and is SIGKILLed
there; a second worker is started and, a lease after the match was queued, the sweep hands it
the match its dead run's rolled-back transaction left confirmed. Nothing of
the first run's application may be visible, and the end state must equal that of an
uninterrupted run of the same match between twin teams.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from matches.models import DiceRoll, Match, MatchEffect, MatchStep
from matches.services import postgame_sweep
from teams.models import Injury, Player, TreasuryEntry
from teams.selectors import ledger_balance
from tests.tasks.conftest import (
    app_broker,
    check_worked_numbers,
    play,
    processed,
    state,
    wait_for,
)

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

APPLY_DELAY = 30  # seconds of pause halfway through the writes: the worker is killed during it
LEASE = 2  # seconds: how soon the sweep may hand a dead worker's run to another


def test_a_worker_killed_mid_sequence_leaves_nothing_applied_and_the_sweep_completes_the_run(
    workers, subprocess_broker, twin, ready_match, worked_report, humans, orcs, coach_alice, coach_bob
):
    # The reference: the twin match, uninterrupted (eagerly, in this process).
    twin_match, twin_report = twin
    play(twin_match, twin_report, coach_alice, coach_bob)
    assert processed(twin_match)
    expected = state(twin_match)

    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        first, first_log = workers.start(apply_delay=APPLY_DELAY, lease_seconds=LEASE)
        match = play(ready_match, worked_report, coach_alice, coach_bob)
        wait_for(
            lambda: f"match {match.pk}: players written, pausing" in first_log.read_text(),
            "the first worker to be halfway through the writes",
            log=first_log,
        )
        workers.kill(first)  # SIGKILL: no warm shutdown, no cleanup

        # The claim went with the run's one transaction: the match is confirmed again, and of the run
        # nothing is left: the input it read, the dice it rolled, its steps, effects, gold and SPP.
        match.refresh_from_db()
        assert match.status == Match.Status.CONFIRMED and match.postgame_input is None and match.attempts == 0
        assert not MatchStep.objects.filter(match=match).exists()
        assert not DiceRoll.objects.filter(match=match, source=DiceRoll.Source.SERVER).exists()
        assert not MatchEffect.objects.filter(match=match).exists()
        assert not TreasuryEntry.objects.filter(match=match).exclude(key__endswith=":petty_cash:out").exists()
        assert not Injury.objects.filter(match=match).exists()
        assert not Player.objects.filter(team__in=[humans, orcs]).exclude(spp=0).exists()
        for team in (humans, orcs):
            team.refresh_from_db()
            assert ledger_balance(team) == team.treasury

        second, second_log = workers.start(apply_delay=0, lease_seconds=LEASE)
        # Queued a lease ago and not running (no run holds its row): the sweep sends it again.
        wait_for(
            lambda: Match.objects.get(pk=match.pk).queued_at < timezone.now() - timedelta(seconds=LEASE),
            "a lease to pass since it was queued",
            timeout=LEASE + 5,
        )
        assert postgame_sweep(lease=timedelta(seconds=LEASE)) == [match.pk]
        wait_for(lambda: processed(match), "the second worker to finish the sequence", log=second_log)

    # The worker logs its task's result just after the sequence's commit: wait for the line rather
    # than read the log the instant the match shows processed (a race a CI run once lost).
    wait_for(
        lambda: f"task=run_postgame match={match.pk} result=True" in second_log.read_text(),
        "the second worker to log its run's result",
        log=second_log,
    )
    assert match.attempts == 1  # the killed run's claim was rolled back with it
    assert state(match) == expected
    check_worked_numbers(humans, orcs)
