"""Who may do what on the match pages: anonymous → log in, a stranger → 403, the right person → allowed.

Each action is tried by everyone; a refused attempt must leave the match as it was.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match
from teams.models import ImprovementRoll
from tests.matches.test_views_support import declare_petty_cash, login, report_data

pytestmark = pytest.mark.django_db


def assert_login_redirect(response):
    assert response.status_code == 302 and response.url.startswith(reverse("login") + "?next=")


def status_of(match) -> str:
    return Match.objects.get(pk=match.pk).status


# --- Scheduling ---


def test_schedule_matrix(client, league, humans, orcs, commissioner, coach_alice):
    url = reverse("matches:schedule", args=[league.slug])
    data = {"home": humans.pk, "away": orcs.pk}
    assert_login_redirect(client.get(url))
    assert_login_redirect(client.post(url, data))
    # Without coaches_schedule, a coach of one of the teams is still a stranger to scheduling.
    login(client, coach_alice)
    assert client.get(url).status_code == 403
    assert client.post(url, data).status_code == 403
    assert not Match.objects.exists()
    login(client, commissioner)
    assert client.get(url).status_code == 200
    response = client.post(url, data)
    match = Match.objects.get()
    assert response.status_code == 302 and response.url == match.get_absolute_url()
    assert (match.home, match.away, match.status) == (humans, orcs, Match.Status.SCHEDULED)


def test_a_coach_schedules_when_the_league_allows_it(client, league, humans, orcs, coach_alice, coach_carol):
    league.coaches_schedule = True
    league.save()
    response = login(client, coach_alice).post(
        reverse("matches:schedule", args=[league.slug]), {"home": humans.pk, "away": orcs.pk}
    )
    assert response.status_code == 302 and Match.objects.filter(home=humans, away=orcs).exists()


# --- Pre-match ---


@pytest.mark.parametrize("who, allowed", [("carol", False), ("alice", True), ("commissioner", True)])
def test_prematch_matrix(client, scheduled, coach_alice, coach_carol, commissioner, who, allowed):
    users = {"alice": coach_alice, "carol": coach_carol, "commissioner": commissioner}
    url = reverse("matches:prematch", args=[scheduled.pk])
    budget = reverse("matches:prematch_budget", args=[scheduled.pk])
    petty_cash = reverse("matches:petty_cash", args=[scheduled.pk])
    inducements = reverse("matches:inducements", args=[scheduled.pk])
    data = {"weather_source": "server"}
    login(client, users[who])
    if not allowed:
        assert client.get(url).status_code == 403
        assert client.post(budget, data).status_code == 403
        assert client.post(petty_cash, {"side": "away", "amount": "0"}).status_code == 403
        declare_petty_cash(scheduled)
        assert client.post(inducements, {"side": "home"}).status_code == 403
        assert client.post(url, data).status_code == 403
        assert status_of(scheduled) == Match.Status.SCHEDULED
        return
    declare_petty_cash(scheduled)
    assert client.get(url).status_code == 200
    assert client.post(budget, data).status_code == 200
    assert client.post(inducements, {"side": "home"}).status_code == 302  # the Reavers' own choice
    assert client.post(url, data).status_code == 302
    assert status_of(scheduled) == Match.Status.PREMATCH_DONE


def test_prematch_anonymous(client, scheduled):
    assert_login_redirect(client.get(reverse("matches:prematch", args=[scheduled.pk])))
    assert_login_redirect(client.post(reverse("matches:prematch_budget", args=[scheduled.pk]), {}))
    assert_login_redirect(client.post(reverse("matches:prematch", args=[scheduled.pk]), {}))


# --- Result entry and submission ---


@pytest.mark.parametrize("who, allowed", [("carol", False), ("bob", True), ("commissioner", True)])
def test_result_matrix(client, ready_match, coach_bob, coach_carol, commissioner, who, allowed):
    users = {"bob": coach_bob, "carol": coach_carol, "commissioner": commissioner}
    url = reverse("matches:result", args=[ready_match.pk])
    login(client, users[who])
    if not allowed:
        assert client.get(url).status_code == 403
        assert client.post(url, report_data(ready_match)).status_code == 403
        assert status_of(ready_match) == Match.Status.PREMATCH_DONE
        return
    assert client.get(url).status_code == 200
    assert client.post(url, report_data(ready_match)).status_code == 302
    assert status_of(ready_match) == Match.Status.DRAFT


def test_result_and_submit_anonymous(client, draft_match):
    assert_login_redirect(client.get(reverse("matches:result", args=[draft_match.pk])))
    assert_login_redirect(client.post(reverse("matches:submit", args=[draft_match.pk])))


@pytest.mark.parametrize("who, allowed", [("carol", False), ("alice", True), ("commissioner", True)])
def test_submit_matrix(client, draft_match, coach_alice, coach_carol, commissioner, who, allowed):
    users = {"alice": coach_alice, "carol": coach_carol, "commissioner": commissioner}
    response = login(client, users[who]).post(reverse("matches:submit", args=[draft_match.pk]))
    assert response.status_code == (302 if allowed else 403)
    assert status_of(draft_match) == (Match.Status.SUBMITTED if allowed else Match.Status.DRAFT)


def test_submit_is_post_only(client, draft_match, coach_alice):
    assert login(client, coach_alice).get(reverse("matches:submit", args=[draft_match.pk])).status_code == 405


# --- Confirmation: the opposing coach or the commissioner ---


@pytest.mark.parametrize(
    "who, allowed",
    [
        ("carol", False),
        ("alice", False),  # alice submitted: her own side may not confirm
        ("bob", True),
        ("commissioner", True),
    ],
)
def test_confirm_matrix(
    client,
    submitted_match,
    coach_alice,
    coach_bob,
    coach_carol,
    commissioner,
    who,
    allowed,
    django_capture_on_commit_callbacks,
):
    users = {"alice": coach_alice, "bob": coach_bob, "carol": coach_carol, "commissioner": commissioner}
    url = reverse("matches:confirm", args=[submitted_match.pk])
    login(client, users[who])
    if not allowed:
        assert client.get(url).status_code == 403
        assert client.post(url).status_code == 403
        assert status_of(submitted_match) == Match.Status.SUBMITTED
        return
    page = client.get(url)
    assert page.status_code == 200 and b"Confirm the result" in page.content
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url).status_code == 302
    assert status_of(submitted_match) == Match.Status.PROCESSED


def test_confirm_anonymous(client, submitted_match):
    assert_login_redirect(client.get(reverse("matches:confirm", args=[submitted_match.pk])))
    assert_login_redirect(client.post(reverse("matches:confirm", args=[submitted_match.pk])))


def test_only_the_right_people_see_the_confirm_button(client, submitted_match, coach_alice, coach_bob):
    url = submitted_match.get_absolute_url()
    confirm = reverse("matches:confirm", args=[submitted_match.pk]).encode()
    assert confirm not in client.get(url).content
    assert confirm not in login(client, coach_alice).get(url).content
    assert confirm in login(client, coach_bob).get(url).content


# --- Retry after a failure ---


@pytest.mark.parametrize("who, allowed", [("carol", False), ("bob", True), ("commissioner", True)])
def test_retry_matrix(
    client, failed_match, coach_bob, coach_carol, commissioner, who, allowed, django_capture_on_commit_callbacks
):
    users = {"bob": coach_bob, "carol": coach_carol, "commissioner": commissioner}
    login(client, users[who])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("matches:retry", args=[failed_match.pk]))
    assert response.status_code == (302 if allowed else 403)
    assert status_of(failed_match) == (Match.Status.PROCESSED if allowed else Match.Status.FAILED)


def test_retry_anonymous(client, failed_match):
    assert_login_redirect(client.post(reverse("matches:retry", args=[failed_match.pk])))
    assert status_of(failed_match) == Match.Status.FAILED


# --- Improvements: the team's manager ---


@pytest.mark.parametrize("who, allowed", [("bob", False), ("carol", False), ("alice", True), ("commissioner", True)])
def test_improvement_matrix(client, humans_roll, coach_alice, coach_bob, coach_carol, commissioner, who, allowed):
    users = {"alice": coach_alice, "bob": coach_bob, "carol": coach_carol, "commissioner": commissioner}
    url = reverse("matches:improvement", args=[humans_roll.pk])
    login(client, users[who])
    if not allowed:
        assert client.get(url).status_code == 403
        assert client.post(url, {"choice": "block"}).status_code == 403
        assert ImprovementRoll.objects.get(pk=humans_roll.pk).pending
        return
    assert client.get(url).status_code == 200
    assert client.post(url, {"choice": "block"}).status_code == 302
    roll = ImprovementRoll.objects.get(pk=humans_roll.pk)
    assert (roll.pending, roll.skill) == (False, "block")


def test_improvement_anonymous(client, humans_roll):
    url = reverse("matches:improvement", args=[humans_roll.pk])
    assert_login_redirect(client.get(url))
    assert_login_redirect(client.post(url, {"choice": "block"}))
