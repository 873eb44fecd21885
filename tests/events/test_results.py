"""A match's result told to whom it concerns: submitted, sent back (and disputed), withdrawn,
confirmed, through the pages and the services the coaches use. Each event is heard once the action
commits, by the users it concerns, never by whoever acted; a refused action tells nobody, and a
listener that fails breaks nothing."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from league.core import events
from league.core.models import Membership
from matches.importing import import_match
from matches.models import Match
from matches.services import (
    MatchError,
    ReportInput,
    report_save_and_submit,
    report_submit,
    report_withdraw,
)
from tests.matches.test_import_service import example

pytestmark = pytest.mark.django_db

REASON = "The second touchdown was scored by #2, not #1."


def words(match: Match, **more):
    score = {"score": "2-1", "home_score": 2, "away_score": 1}
    return {"league": "Test League", "home": "Reavers", "away": "Gouged Eye", **score, "season": "", **more}


def posted(client, user, name: str, match: Match, capture, data=None):
    client.force_login(user)
    with capture(execute=True):
        response = client.post(reverse(f"matches:{name}", args=[match.pk]), data or {})
    assert response.status_code == 302, response.content[:500]
    return response


def test_a_submission_on_the_match_page_tells_the_opposing_coach(
    client, draft_match, coach_alice, coach_bob, heard, django_capture_on_commit_callbacks
):
    posted(client, coach_alice, "submit", draft_match, django_capture_on_commit_callbacks)
    assert Match.objects.get(pk=draft_match.pk).status == Match.Status.SUBMITTED
    event = heard.one("result.submitted")
    assert heard.kinds() == ["result.submitted"]
    assert event.recipients == (coach_bob.pk,) and event.actor_id == coach_alice.pk
    assert dict(event.params) == words(draft_match)
    assert event.path == draft_match.get_absolute_url() == f"/matches/{draft_match.pk}/"
    assert event.league_id == draft_match.league_id
    assert dict(event.data) == {
        "match": draft_match.pk,
        "league": "Test League",
        "season": None,
        "home": "Reavers",
        "away": "Gouged Eye",
        "home_id": draft_match.home_id,
        "away_id": draft_match.away_id,
        "home_score": 2,
        "away_score": 1,
        "status": "submitted",
    }


def test_a_refused_submission_tells_nobody(
    client, ready_match, coach_alice, coach_carol, heard, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(MatchError):  # nothing entered yet: not a draft
            report_submit(match=ready_match, by=coach_alice)
        # The sheet's "submit" of a score no touchdown accounts for: saved as a draft, not submitted.
        with pytest.raises(MatchError):
            report_save_and_submit(match=ready_match, report=ReportInput(home_score=1, away_score=0), by=coach_alice)
    assert Match.objects.get(pk=ready_match.pk).status == Match.Status.DRAFT
    client.force_login(coach_carol)  # not a coach of the match
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(reverse("matches:submit", args=[ready_match.pk])).status_code == 403
    assert heard == []


def test_the_sheets_submit_publishes_once(
    ready_match, worked_report, coach_alice, coach_bob, heard, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        report_save_and_submit(match=ready_match, report=worked_report, by=coach_alice)
    assert heard.kinds() == ["result.submitted"]
    assert heard[0].recipients == (coach_bob.pk,)


def test_a_coachs_import_publishes_its_submission_once(
    league, humans, orcs, coach_alice, coach_bob, heard, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        result = import_match(example(), by=coach_alice)
    assert result.match.status == Match.Status.SUBMITTED
    assert heard.kinds() == ["result.submitted"]
    assert heard[0].recipients == (coach_bob.pk,) and heard[0].data["match"] == result.match.pk


def test_a_result_sent_back_tells_its_submitter_why_and_the_commissioners_of_the_dispute(
    client,
    submitted_match,
    coach_alice,
    coach_bob,
    coach_carol,
    commissioner,
    heard,
    django_capture_on_commit_callbacks,
):
    Membership.objects.filter(league=submitted_match.league, user=coach_carol).update(role=Membership.Role.COMMISSIONER)
    posted(client, coach_bob, "send_back", submitted_match, django_capture_on_commit_callbacks, {"reason": REASON})
    assert Match.objects.get(pk=submitted_match.pk).status == Match.Status.DRAFT
    assert heard.kinds() == ["result.sent_back", "result.disputed"]
    back, dispute = heard
    assert back.recipients == (coach_alice.pk,) and back.actor_id == coach_bob.pk
    assert dict(back.params) == words(submitted_match, reason=REASON)
    assert back.data["reason"] == REASON and back.data["status"] == "draft"
    assert set(dispute.recipients) == {commissioner.pk, coach_carol.pk} and dispute.actor_id == coach_bob.pk
    assert dispute.params["reason"] == REASON and dispute.path == submitted_match.get_absolute_url()


def test_a_commissioner_sending_back_is_not_told_of_his_own_dispute(
    submitted_match, coach_alice, commissioner, heard, django_capture_on_commit_callbacks
):
    from matches.services import report_send_back

    with django_capture_on_commit_callbacks(execute=True):
        report_send_back(match=submitted_match, by=commissioner, reason=REASON)
    assert heard.one("result.sent_back").recipients == (coach_alice.pk,)
    assert heard.one("result.disputed").recipients == ()


def test_a_refused_send_back_tells_nobody(
    client, submitted_match, coach_alice, coach_bob, heard, django_capture_on_commit_callbacks
):
    from matches.services import report_send_back

    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(PermissionDenied):  # the submitter himself
            report_send_back(match=submitted_match, by=coach_alice, reason=REASON)
        with pytest.raises(MatchError):  # no reason
            report_send_back(match=submitted_match, by=coach_bob, reason="  ")
    assert heard == []


def test_a_withdrawal_tells_the_opponent(
    client, submitted_match, coach_alice, coach_bob, heard, django_capture_on_commit_callbacks
):
    posted(client, coach_alice, "withdraw", submitted_match, django_capture_on_commit_callbacks)
    event = heard.one("result.withdrawn")
    assert event.recipients == (coach_bob.pk,) and event.actor_id == coach_alice.pk
    assert event.data["status"] == "draft" and dict(event.params) == words(submitted_match)
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(MatchError):  # a draft now: nothing to withdraw
            report_withdraw(match=submitted_match, by=coach_alice)
    assert heard.kinds() == ["result.withdrawn"]


def test_a_confirmation_tells_the_submitter_and_the_sequence_asks_each_coach_for_his_decisions(
    client, submitted_match, coach_alice, coach_bob, heard, django_capture_on_commit_callbacks
):
    posted(client, coach_bob, "confirm", submitted_match, django_capture_on_commit_callbacks)
    match = Match.objects.get(pk=submitted_match.pk)
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    assert heard.kinds()[0] == "result.confirmed"
    confirmed = heard[0]
    assert confirmed.recipients == (coach_alice.pk,) and confirmed.actor_id == coach_bob.pk
    assert dict(confirmed.params) == words(match) and confirmed.path == match.get_absolute_url()
    # Each coach's player crossed an SPP level (the worked report): one improvement each to choose.
    waiting = {event.recipients: event for event in heard if event.kind == "decision.waiting"}
    assert heard.kinds().count("decision.waiting") == 2
    assert set(waiting) == {(coach_alice.pk,), (coach_bob.pk,)}
    for coach in (coach_alice, coach_bob):
        event = waiting[(coach.pk,)]
        assert event.actor_id is None and event.path == match.get_absolute_url()
        assert event.params["decision"] == "improvement" and event.params["count"] == 1
        assert event.data["decisions"] == {"improvement": 1} and event.data["coach"] == coach.pk
        assert event.data["status"] == "processed"


def test_a_failing_listener_breaks_nothing(
    client, draft_match, coach_alice, coach_bob, heard, django_capture_on_commit_callbacks
):
    def boom(event):
        raise RuntimeError("the mail server is on fire")

    events.listen("boom", boom)
    try:
        response = posted(client, coach_alice, "submit", draft_match, django_capture_on_commit_callbacks)
    finally:
        events.LISTENERS.pop("boom", None)
    assert response.url == draft_match.get_absolute_url()
    assert Match.objects.get(pk=draft_match.pk).status == Match.Status.SUBMITTED
    assert heard.kinds() == ["result.submitted"]  # the other listeners still hear it
