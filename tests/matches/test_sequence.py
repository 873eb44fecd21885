"""A match's place in time is play order: the day it was played (entered, else its round's first
day, else its confirmation's), then the moment it was confirmed, then its id; the round is a label.
The post-match sequence runs a team's matches in that order."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime

import pytest

from league.competitions.seasons.models import Round, Season
from matches.models import Match
from matches.services import prematch_record, report_confirm, report_save, report_submit
from matches.services.postgame import postgame_run, waiting_for
from matches.services.prematch import PrematchInput
from matches.services.sequence import sequence_key

pytestmark = pytest.mark.django_db


def test_the_key_orders_the_day_played_then_confirmation_then_id():
    at = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
    later = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
    keys = [
        sequence_key(played_on=date(2026, 1, 1), confirmed_at=later, pk=99),
        sequence_key(played_on=date(2026, 1, 2), confirmed_at=at, pk=1),
        sequence_key(played_on=date(2026, 1, 2), confirmed_at=later, pk=1),
        sequence_key(played_on=date(2026, 1, 2), confirmed_at=later, pk=2),
        sequence_key(played_on=None, confirmed_at=at, pk=1),  # no day known: its confirmation's
        sequence_key(played_on=date(2026, 12, 1), confirmed_at=at, pk=1),
    ]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert all(k.isdigit() for k in keys)  # the same order under any database collation


def _confirmed_without_running(match, report, alice, bob, capture):
    report_save(match=match, report=report, by=alice)
    report_submit(match=match, by=alice)
    with capture(execute=False):  # the worker has not run yet
        report_confirm(match=match, by=bob)
    match.refresh_from_db()
    return match


def _season_matches(league, humans, orcs, commissioner, coach_alice, starts: dict[int, date | None]):
    from matches.services import match_schedule

    season = Season.objects.create(league=league, number=1, name="S1", status=Season.Status.REGULAR)
    rounds = {n: Round.objects.create(season=season, number=n, starts_on=day) for n, day in starts.items()}
    matches = {}
    for n in sorted(starts, reverse=True):
        m = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
        Match.objects.filter(pk=m.pk).update(season=season, round=rounds[n])
        m.refresh_from_db()
        matches[n] = prematch_record(match=m, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    return matches


def test_a_later_round_confirmed_first_waits_for_the_earlier_round(
    league, humans, orcs, commissioner, coach_alice, coach_bob, worked_report, django_capture_on_commit_callbacks
):
    # Dated rounds, no day entered with the results: each match takes its round's first day.
    starts = {1: date(2026, 11, 2), 2: date(2026, 11, 9)}
    matches = _season_matches(league, humans, orcs, commissioner, coach_alice, starts)
    # Round 2 is confirmed first, round 1 a moment later: round 1 still comes first. Round 2's
    # report leaves its improvement dice to the server: round 1, not yet run, decides who levels up.
    quiet = replace(worked_report, dice={k: v for k, v in worked_report.dice.items() if "improvement" not in k})
    second = _confirmed_without_running(matches[2], quiet, coach_alice, coach_bob, django_capture_on_commit_callbacks)
    first = _confirmed_without_running(
        matches[1], worked_report, coach_alice, coach_bob, django_capture_on_commit_callbacks
    )
    assert first.sequence < second.sequence and first.confirmed_at > second.confirmed_at
    assert waiting_for(second) == first and waiting_for(first) is None
    assert postgame_run(second.pk) is False  # not claimed: round 1 has not run
    second.refresh_from_db()
    assert second.status == Match.Status.CONFIRMED
    with django_capture_on_commit_callbacks(execute=True):
        postgame_run(first.pk)  # and, when it is done, it queues round 2
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == second.status == Match.Status.PROCESSED, (first.failure_reason, second.failure_reason)
    assert first.processed_at < second.processed_at


def test_the_day_played_orders_matches_not_their_round(
    league, humans, orcs, commissioner, coach_alice, coach_bob, worked_report, django_capture_on_commit_callbacks
):
    """A round-1 fixture played late, after the round-2 one: it comes after it (the round is a label)."""
    matches = _season_matches(league, humans, orcs, commissioner, coach_alice, {1: None, 2: None})
    quiet = replace(worked_report, dice={k: v for k, v in worked_report.dice.items() if "improvement" not in k})
    late_first_round = _confirmed_without_running(
        matches[1],
        replace(quiet, played_on=date(2026, 11, 20)),
        coach_alice,
        coach_bob,
        django_capture_on_commit_callbacks,
    )
    second_round = _confirmed_without_running(
        matches[2],
        replace(quiet, played_on=date(2026, 11, 13)),
        coach_alice,
        coach_bob,
        django_capture_on_commit_callbacks,
    )
    assert second_round.sequence < late_first_round.sequence
    assert waiting_for(late_first_round) == second_round and waiting_for(second_round) is None
