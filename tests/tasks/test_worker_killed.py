"""A worker killed mid-sequence: nothing half-applied, and the sweep finishes the job.

Real `celery -A league worker --pool=solo` subprocesses on the test database (hence
transactional_db: they only see committed rows) and the tests' broker, on a queue of their own.
The first worker runs the sequence slowly (a pause after each step) and is SIGKILLed once a few
steps are done; a second worker is started and the sweep hands it the run whose lease expired. The
end state must equal that of an uninterrupted run of the same match between twin teams.
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from matches.models import Match, MatchEffect, MatchStep
from matches.services import postgame_sweep
from teams.models import Player
from teams.selectors import ledger_balance
from tests.tasks.conftest import (
    app_broker,
    check_worked_numbers,
    effects_by_step,
    play,
    processed,
    state,
    wait_for,
)

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

STEP_DELAY = 0.3  # seconds after each step: time to kill the worker in the middle
LEASE = 2  # seconds: how soon the sweep may hand a dead worker's run to another


def test_a_worker_killed_mid_sequence_leaves_whole_steps_and_the_sweep_completes_the_run(
        workers, subprocess_broker, twin, ready_match, worked_report, humans, orcs, coach_alice, coach_bob):
    # The reference: the twin match, uninterrupted (eagerly, in this process).
    twin_match, twin_report = twin
    play(twin_match, twin_report, coach_alice, coach_bob)
    assert processed(twin_match)
    expected = state(twin_match)

    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        first, first_log = workers.start(step_delay=STEP_DELAY, lease_seconds=LEASE)
        match = play(ready_match, worked_report, coach_alice, coach_bob)
        done = MatchStep.objects.filter(match=match, status=MatchStep.Status.DONE)
        wait_for(lambda: done.count() >= 3, "the first worker to finish three steps", log=first_log)
        workers.kill(first)  # SIGKILL: no warm shutdown, no cleanup

        match.refresh_from_db()
        finished = set(done.values_list("step", flat=True))
        assert match.status == Match.Status.PROCESSING and 3 <= len(finished) < 12, finished
        # Every step is all or nothing: a done step has exactly the effects of the uninterrupted
        # run, the others none; the kept treasuries and SPP agree with what was recorded.
        now = effects_by_step(match, lambda key: key)
        assert set(now) <= finished
        for step in finished:
            assert len(now.get(step, [])) == len(expected["effects"].get(step, [])), step
        for team in (humans, orcs):
            team.refresh_from_db()
            assert ledger_balance(team) == team.treasury
        for player in Player.objects.filter(team__in=[humans, orcs]):
            earned = MatchEffect.objects.filter(match=match, player=player).values_list("data", flat=True)
            assert player.spp == sum(data.get("spp", 0) for data in earned), player

        second, second_log = workers.start(step_delay=0, lease_seconds=LEASE)
        wait_for(lambda: Match.objects.get(pk=match.pk).lease_until < timezone.now(), "the dead worker's lease to end",
                 timeout=LEASE + 5)
        assert postgame_sweep() == [match.pk]
        wait_for(lambda: processed(match), "the second worker to finish the sequence", log=second_log)

    assert f"task=run_postgame match={match.pk} result=True" in second_log.read_text()
    assert match.attempts == 2
    assert state(match) == expected
    check_worked_numbers(humans, orcs)
