"""Which failures are transient (matches.services.faults): the database's or the broker's, as
Django and the drivers raise them, and behind a replay's refusal; never the rules' or the code's."""

from __future__ import annotations

import sqlite3

import psycopg.errors
import pytest
from django.conf import settings
from django.db import IntegrityError, InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError

from league.rules.postmatch import PostMatchInputError
from matches.services.faults import is_transient, transient_text
from matches.services.replay import ReplayRefused


def wrapped(django_error: type[Exception], driver_error: Exception) -> Exception:
    """What Django raises for a driver's error (django.db.utils.DatabaseErrorWrapper)."""
    try:
        try:
            raise driver_error
        except Exception as exc:
            raise django_error(*exc.args) from exc
    except Exception as exc:
        return exc


def sqlite_error(message: str, name: str) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(message)
    error.sqlite_errorname = name
    return error


def replay_stopped_by(exc: Exception) -> ReplayRefused:
    try:
        try:
            raise exc
        except Exception as cause:
            raise ReplayRefused(7, str(cause)) from cause
    except ReplayRefused as refused:
        return refused


@pytest.mark.parametrize(
    "exc",
    [
        OperationalError("terminating connection due to administrator command"),
        InterfaceError("connection already closed"),
        wrapped(OperationalError, psycopg.errors.AdminShutdown("terminating connection")),
        wrapped(OperationalError, psycopg.errors.SerializationFailure("could not serialize access")),
        wrapped(OperationalError, psycopg.errors.DeadlockDetected("deadlock detected")),
        wrapped(OperationalError, psycopg.errors.QueryCanceled("canceling statement due to statement timeout")),
        wrapped(OperationalError, psycopg.OperationalError("server closed the connection unexpectedly")),
        wrapped(OperationalError, sqlite_error("database is locked", "SQLITE_BUSY")),
        replay_stopped_by(OperationalError("terminating connection due to administrator command")),
        BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused."),
        ConnectionResetError("Connection reset by peer"),
    ],
)
def test_a_fault_of_the_database_or_the_broker_is_transient(exc):
    assert is_transient(exc)


@pytest.mark.parametrize(
    "exc",
    [
        PostMatchInputError("winnings:home: 1 D6 expected, got (9,)"),
        ReplayRefused(7, "a player who died in an earlier match scored"),
        replay_stopped_by(PostMatchInputError("mvp:home: no candidate")),
        IntegrityError("UNIQUE constraint failed: teams_player.team_id, teams_player.number"),
        wrapped(OperationalError, psycopg.errors.ProgramLimitExceeded("index row size exceeds maximum")),
        wrapped(OperationalError, sqlite_error("no such table: matches_match", "SQLITE_ERROR")),
        KeyError("home"),
    ],
)
def test_a_refusal_or_a_fault_of_the_code_is_not(exc):
    assert not is_transient(exc)


def test_the_reasons_an_older_version_stored_for_a_fault_are_recognised():
    for reason in (
        "terminating connection due to administrator command\nSSL connection has been closed unexpectedly",
        "#12: server closed the connection unexpectedly",
        "deadlock detected\nDETAIL:  Process 1 waits for ShareLock on transaction 2",
        "could not serialize access due to concurrent update",
    ):
        assert transient_text(reason), reason
    assert not transient_text("winnings:home: 1 D6 expected, got (9,)")
    assert not transient_text("duplicate key value violates unique constraint player_unique_active_number")


def test_a_killed_workers_match_runs_again_within_a_minute():
    """The lease a dead worker's claim keeps, then the sweep's period at most before it is queued."""
    assert settings.POSTGAME_LEASE_SECONDS + settings.POSTGAME_SWEEP_SECONDS < 60
    assert settings.CELERY_BEAT_SCHEDULE["sweep-postgame"]["schedule"] == settings.POSTGAME_SWEEP_SECONDS
