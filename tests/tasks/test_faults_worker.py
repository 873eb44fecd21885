"""Two real workers while faults are injected mid-sequence: a worker SIGKILLed, a worker's database
connection terminated. Five matches of three teams in flight, four of them the same team's.
Every match ends processed, none failed, each sequence applied once; the teams end as the same
history run without a fault; every ledger sums to its treasury.

Real `celery worker --pool=solo` subprocesses (tests/tasks/conftest.py) on the test database and
broker, on a queue of their own. The first worker pauses halfway through its first sequence
(players written, gold not yet: POSTGAME_APPLY_DELAY), where the fault strikes. On PostgreSQL its
connection is terminated by pg_terminate_backend, found by the worker's application_name; on
SQLite, which has no connection another process can cut, the worker makes that statement fail
with PostgreSQL's message (tests/tasks/worker_settings.py, TEST_WORKER_DB_FAULTS).
"""

from __future__ import annotations

import uuid
from contextlib import nullcontext
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from league.core.models import AuditEntry
from matches.models import Match, MatchCorrection
from matches.services import postgame_sweep
from matches.services.corrections import correction_confirm, correction_draft, correction_preview, inputs_of
from teams.selectors import compute_team_value, ledger_balance
from tests.matches.history_helpers import Result, SteadyDice, by_names, enter, inputs_for, three_teams
from tests.tasks.conftest import app_broker, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"
HISTORY = (
    Result(R, G, 1, (2, 1), {("home", 1): {"touchdowns": 2}, ("away", 1): {"touchdowns": 1}}),
    Result(R, F, 2, (1, 1), {("home", 1): {"touchdowns": 1}, ("away", 1): {"touchdowns": 1}}),
    Result(G, F, 3, (1, 0), {("home", 1): {"touchdowns": 1}}),
    Result(R, G, 4, (0, 0)),
    Result(R, F, 5, (3, 0), {("home", 2): {"touchdowns": 3}}),
)
LEASE = 3  # seconds: how soon the sweep may hand a dead worker's run to another


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)  # this process's runs
    monkeypatch.setenv("TEST_WORKER_STEADY_DICE", "1")  # the workers'


@pytest.fixture
def people(user_factory, commissioner):
    return commissioner, user_factory("alice2"), user_factory("bob2"), user_factory("carol2")


def run_without_fault(people) -> dict:
    """The history run in this process (tasks eager), as it should end."""
    boss, *coaches = people
    right = three_teams("Right", boss, *coaches)
    for result in HISTORY:
        assert enter(right, result, boss, lambda execute: nullcontext()).status == Match.Status.PROCESSED
    return by_names(right)


def confirm_all(teams, boss) -> list[Match]:
    """Entered and confirmed one after the other: each confirmation queues its run at its commit."""
    return [enter(teams, result, boss, lambda execute: nullcontext()) for result in HISTORY]


def all_processed(matches: list[Match]) -> bool:
    statuses = dict(Match.objects.filter(pk__in=[m.pk for m in matches]).values_list("pk", "status"))
    failed = {pk: s for pk, s in statuses.items() if s == Match.Status.FAILED}
    assert not failed, Match.objects.filter(pk__in=list(failed)).values_list("pk", "failure_reason")
    return all(s == Match.Status.PROCESSED for s in statuses.values())


def check_history(teams, matches: list[Match], expected: dict, *, replayed: bool = False) -> None:
    assert all_processed(matches)
    ids = [m.pk for m in matches]
    assert not AuditEntry.objects.filter(action="matches.postgame.failed", data__match__in=ids).exists()
    if not replayed:
        for match in matches:  # each sequence applied once
            assert AuditEntry.objects.filter(action="matches.postgame.processed", data__match=match.pk).count() == 1
    assert by_names(teams) == expected
    for name in (R, G, F):
        team = teams[name]
        team.refresh_from_db()
        assert ledger_balance(team) == team.treasury, name
        assert compute_team_value(team) == team.team_value, name


def pausing(log, match: Match) -> bool:
    return f"match {match.pk}: players written, pausing" in log.read_text()


def test_a_worker_killed_mid_sequence_its_matches_run_again_after_its_lease(
    workers, subprocess_broker, people, monkeypatch
):
    expected = run_without_fault(people)
    boss, *coaches = people
    teams = three_teams("Killed", boss, *coaches)
    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        first, first_log = workers.start(apply_delay=30, lease_seconds=LEASE)
        matches = confirm_all(teams, boss)
        wait_for(lambda: pausing(first_log, matches[0]), "the first worker halfway through a sequence", log=first_log)
        workers.kill(first)  # SIGKILL: no warm shutdown, its transaction rolled back by the database
        second, second_log = workers.start(apply_delay=0, lease_seconds=LEASE)

        # Its claim went with its transaction: confirmed, queued a lease ago, no run holding it.
        wait_for(
            lambda: Match.objects.get(pk=matches[0].pk).queued_at < timezone.now() - timedelta(seconds=LEASE),
            "a lease to pass since it was queued",
            timeout=LEASE + 5,
        )
        assert postgame_sweep(lease=timedelta(seconds=LEASE)) == [matches[0].pk]
        wait_for(lambda: all_processed(matches), "every match to be processed", log=second_log)

    matches[0].refresh_from_db()
    assert matches[0].attempts == 1  # the killed run's claim was rolled back with it
    check_history(teams, matches, expected)


def test_a_workers_connection_terminated_mid_sequence_is_retried_and_never_fails(
    workers, subprocess_broker, people, monkeypatch
):
    expected = run_without_fault(people)
    boss, *coaches = people
    teams = three_teams("Cut", boss, *coaches)
    name = f"bb-test-worker-{uuid.uuid4().hex[:8]}"
    postgres = connection.vendor == "postgresql"
    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        monkeypatch.setenv("TEST_WORKER_NAME", name)
        if not postgres:
            monkeypatch.setenv("TEST_WORKER_DB_FAULTS", "1")
        first, first_log = workers.start(apply_delay=2, lease_seconds=30)
        monkeypatch.delenv("TEST_WORKER_DB_FAULTS", raising=False)
        monkeypatch.setenv("TEST_WORKER_NAME", f"{name}-other")
        matches = confirm_all(teams, boss)
        wait_for(lambda: pausing(first_log, matches[0]), "the first worker halfway through a sequence", log=first_log)
        second, second_log = workers.start(apply_delay=0, lease_seconds=30)
        if postgres:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND application_name = %s AND pid <> pg_backend_pid()",
                    [name],
                )
                assert [row[0] for row in cursor.fetchall()] == [True]

        wait_for(
            lambda: f"match {matches[0].pk}: interrupted" in first_log.read_text(),
            "the first worker to see its connection gone and retry",
            log=first_log,
        )
        # No sweep: the task's own retry finishes it, and the runs queue the matches behind it.
        wait_for(lambda: all_processed(matches), "every match to be processed", log=first_log)

    matches[0].refresh_from_db()
    assert matches[0].attempts >= 2 and matches[0].failure_reason == ""
    check_history(teams, matches, expected)


def test_a_late_result_and_its_correction_cut_mid_replay_are_retried_by_the_workers(
    workers, subprocess_broker, people, monkeypatch
):
    """The day-1 result entered last, wrong (H2 credited with H1's touchdowns), then corrected: the
    late run's replay and the correction's lose their connection (the message injected, on either
    database) inside the replay; the workers retry both."""
    expected = run_without_fault(people)
    boss, *coaches = people
    teams = three_teams("Late", boss, *coaches)
    for result in HISTORY[1:]:  # days 2 to 5, run in this process
        enter(teams, result, boss, lambda execute: nullcontext())
    wrong = Result(R, G, 1, (2, 1), {("home", 2): {"touchdowns": 2}, ("away", 1): {"touchdowns": 1}})
    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        # Each worker cuts the first two tasks it runs, once each: whichever takes the late run
        # and the correction cuts them (a retry taken by the other worker may be cut again).
        monkeypatch.setenv("TEST_WORKER_DB_FAULTS", "2")
        first, first_log = workers.start(apply_delay=0, lease_seconds=30)
        second, second_log = workers.start(apply_delay=0, lease_seconds=30)
        late = enter(teams, wrong, boss, lambda execute: nullcontext())
        matches = list(Match.objects.filter(home__league=teams["league"]))
        wait_for(lambda: all_processed(matches), "the late result to be replayed in its place", log=first_log)

        late.refresh_from_db()
        correction = correction_draft(
            match=late, by=boss, reason="H1 scored", inputs=inputs_for(late, HISTORY[0], inputs_of(late))
        )
        correction_preview(correction)
        correction_confirm(correction=correction, by=boss)
        wait_for(
            lambda: (
                MatchCorrection.objects.get(pk=correction.pk).status
                in (MatchCorrection.Status.APPLIED, MatchCorrection.Status.FAILED)
            ),
            "the correction to be applied",
            log=first_log,
        )

    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    logs = first_log.read_text() + second_log.read_text()
    assert f"match {late.pk}: interrupted" in logs and f"correction {correction.pk}: interrupted" in logs
    late.refresh_from_db()
    assert late.attempts >= 2
    check_history(teams, matches, expected, replayed=True)
