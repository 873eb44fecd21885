"""What the post-match sequence and a correction tell: the decisions a processed match leaves each
coach (once), a failed sequence to the commissioners, a correction or a void to both coaches."""

from __future__ import annotations

import pytest

from league.core.models import Membership
from matches.models import Match
from matches.services import postgame_run, report_confirm, report_save, report_submit
from matches.services.corrections import correction_confirm, correction_draft
from tests.builders import worked_report_for
from tests.tasks.test_coach_decisions import _ready, heal_ruleset, healing  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db


def test_the_decisions_waiting_are_told_once_per_match_and_coach(
    submitted_match, coach_alice, coach_bob, heard, django_capture_on_commit_callbacks
):
    report_confirm(match=submitted_match, by=coach_bob)  # its queued run never starts (no commit)
    heard.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert postgame_run(submitted_match.pk) is True
        assert postgame_run(submitted_match.pk) is False  # processed: nothing to run, nothing told
    assert heard.kinds() == ["decision.waiting", "decision.waiting"]
    assert sorted(event.recipients for event in heard) == [(coach_alice.pk,), (coach_bob.pk,)]


def test_a_failed_sequence_tells_the_commissioners_why(
    submitted_match, coach_bob, coach_carol, commissioner, heard, monkeypatch, django_capture_on_commit_callbacks
):
    Membership.objects.filter(league=submitted_match.league, user=coach_carol).update(role=Membership.Role.COMMISSIONER)
    report_confirm(match=submitted_match, by=coach_bob)
    heard.clear()

    def broken(*args, **kwargs):
        raise ValueError("winnings:home: 7 is not a possible D6 result (1-6)")

    monkeypatch.setattr("matches.services.postgame.process_locked", broken)
    with django_capture_on_commit_callbacks(execute=True):
        assert postgame_run(submitted_match.pk) is False
    match = Match.objects.get(pk=submitted_match.pk)
    assert match.status == Match.Status.FAILED
    event = heard.one("sequence.failed")
    assert heard.kinds() == ["sequence.failed"]  # the run rolled back: no decision is waiting
    assert set(event.recipients) == {commissioner.pk, coach_carol.pk} and event.actor_id is None
    assert event.params["reason"] == match.failure_reason == "winnings:home: 7 is not a possible D6 result (1-6)"
    assert event.params["home"] == "Reavers" and event.path == match.get_absolute_url()
    assert event.data["status"] == "failed" and event.data["reason"] == match.failure_reason


def test_a_void_tells_both_coaches_why(
    processed_match, coach_alice, coach_bob, commissioner, heard, django_capture_on_commit_callbacks
):
    heard.clear()
    correction = correction_draft(match=processed_match, by=commissioner, reason="Never played.", void=True)
    assert heard == []  # a draft changes nothing yet
    with django_capture_on_commit_callbacks(execute=True):
        correction_confirm(correction=correction, by=commissioner)
    assert Match.objects.get(pk=processed_match.pk).status == Match.Status.VOID
    event = heard.one("match.corrected")
    assert set(event.recipients) == {coach_alice.pk, coach_bob.pk} and event.actor_id == commissioner.pk
    assert event.params["reason"] == "Never played." and event.params["kind"] == "void"
    assert event.data["status"] == "void" and event.data["correction"] == correction.pk
    assert event.path == processed_match.get_absolute_url()


def test_a_correction_applied_tells_both_coaches_but_its_confirmer(
    processed_match, coach_alice, coach_bob, heard, django_capture_on_commit_callbacks
):
    from matches.services.corrections import inputs_of

    league = processed_match.league
    league.coaches_correct = True
    league.save(update_fields=["coaches_correct"])
    inputs = inputs_of(processed_match)
    inputs["result"]["home_fame"] = 2
    correction = correction_draft(match=processed_match, by=coach_alice, reason="FAME was 2.", inputs=inputs)
    heard.clear()
    with django_capture_on_commit_callbacks(execute=True):
        correction_confirm(correction=correction, by=coach_bob)
    match = Match.objects.get(pk=processed_match.pk)
    assert match.status == Match.Status.PROCESSED and match.home_fame == 2
    event = heard.one("match.corrected")
    assert event.recipients == (coach_alice.pk,) and event.actor_id == coach_bob.pk
    assert event.params["reason"] == "FAME was 2." and event.params["kind"] == "edit"
    assert event.data["matches"] == [processed_match.pk]


def test_a_decision_of_another_kind_is_told_with_the_improvements(
    healing,  # noqa: F811  (the fixtures imported above)
    heal_ruleset,  # noqa: F811
    commissioner,
    coach_alice,
    coach_bob,
    heard,
    django_capture_on_commit_callbacks,
):
    """A kind kept as PendingDecision rows (tests/tasks/test_coach_decisions.py's healing spell):
    the Humans' number 3 misses the next game, so alice has a spell to cast besides her improvement."""
    ready, humans, orcs = _ready(heal_ruleset, commissioner, coach_alice, coach_bob)
    report_save(match=ready, report=worked_report_for(humans, orcs), by=coach_alice)
    report_submit(match=ready, by=coach_alice)
    report_confirm(match=ready, by=coach_bob)
    heard.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert postgame_run(ready.pk) is True
    told = {event.recipients: event for event in heard}
    assert heard.kinds() == ["decision.waiting", "decision.waiting"]
    alice, bob = told[(coach_alice.pk,)], told[(coach_bob.pk,)]
    assert alice.data["decisions"] == {"improvement": 1, "healing": 1} and alice.params["count"] == 2
    assert alice.params["decision"] == "improvement, healing" and alice.params["league"] == "Temple League"
    assert bob.data["decisions"] == {"improvement": 1}
