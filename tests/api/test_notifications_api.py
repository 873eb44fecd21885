"""The caller's notifications through the API, with a personal token: listed in his language, some
or all marked read; another user's are neither listed nor marked; nobody without a token."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from league.core.events import Event, publish
from league.notices.models import Notification
from tests.accounts.tokens import script, token_from_page

pytestmark = pytest.mark.django_db


def told(capture, league, *users, kind="result.submitted", actor=None) -> None:
    with capture(execute=True):
        publish(
            Event(
                kind,
                league.pk,
                recipients=tuple(u.pk for u in users),
                params={"home": "Reavers", "away": "Gouged Eye", "home_score": 2, "away_score": 1},
                path="/matches/1/",
                actor_id=actor,
            )
        )


def test_a_script_lists_and_marks_its_notifications(league, coach_alice, coach_bob, django_capture_on_commit_callbacks):
    told(django_capture_on_commit_callbacks, league, coach_alice, coach_bob)
    told(django_capture_on_commit_callbacks, league, coach_alice, kind="result.confirmed")
    alice = script(token_from_page(coach_alice))
    listed = alice.get("/api/notifications/")
    assert listed.status_code == 200
    assert [n["kind"] for n in listed.json()] == ["result.confirmed", "result.submitted"]
    assert listed.json()[1]["message"] == "Reavers 2–1 Gouged Eye: the result was submitted and waits for you."
    french = alice.get("/api/notifications/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Reavers 2–1 Gouged Eye" in french.json()[1]["message"] and "soumis" in french.json()[1]["message"]

    bobs = Notification.objects.get(user=coach_bob)
    first = listed.json()[1]["id"]
    answer = alice.post("/api/notifications/read/", {"ids": [first, bobs.pk]}, format="json")
    assert answer.status_code == 200 and answer.json() == {"marked": 1, "unread": 1}
    bobs.refresh_from_db()
    assert bobs.read_at is None  # another user's id is ignored
    assert [n["kind"] for n in alice.get("/api/notifications/?unread=1").json()] == ["result.confirmed"]
    assert alice.post("/api/notifications/read/", {"all": True}, format="json").json() == {"marked": 1, "unread": 0}

    refused = alice.post("/api/notifications/read/", {}, format="json")
    assert refused.status_code == 400
    # Nobody without a login or a token.
    assert APIClient().get("/api/notifications/").status_code == 401
    assert APIClient().post("/api/notifications/read/", {"all": True}, format="json").status_code == 401
