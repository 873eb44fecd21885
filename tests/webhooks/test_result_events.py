"""A result confirmed on its page is posted to the league's webhook, signed; with the receiving
server down the result still confirms and is processed, and the delivery is retried then failed."""

from __future__ import annotations

import hashlib
import hmac

import pytest
from django.urls import reverse

from league.webhooks.models import Delivery
from league.webhooks.services import MAX_ATTEMPTS, webhook_add
from matches.models import Match
from tests.webhooks.receiver import free_port, receiving

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def private_allowed(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True


def confirm(client, match, coach, capture) -> Match:
    client.force_login(coach)
    with capture(execute=True):
        response = client.post(reverse("matches:confirm", args=[match.pk]))
    assert response.status_code == 302
    return Match.objects.get(pk=match.pk)


def test_a_confirmed_result_is_posted_signed(client, submitted_match, coach_bob, django_capture_on_commit_callbacks):
    match, league = submitted_match, submitted_match.league
    with receiving() as server:
        hook = webhook_add(league=league, by=league.commissioner, url=server.url, fmt="json")
        match = confirm(client, match, coach_bob, django_capture_on_commit_callbacks)
    assert match.status == Match.Status.PROCESSED
    [post] = [p for p in server.posts if p.json["event"] == "result.confirmed"]
    assert (
        post.headers["X-Webhook-Signature"]
        == "sha256=" + hmac.new(hook.secret.encode(), post.body, hashlib.sha256).hexdigest()
    )
    data = post.json["data"]
    assert (data["home"], data["away"], data["home_score"], data["away_score"]) == (
        match.home.name,
        match.away.name,
        match.home_score,
        match.away_score,
    )
    assert post.json["url"].endswith(match.get_absolute_url())


def test_with_the_server_down_the_result_confirms_and_the_delivery_is_retried(
    client, submitted_match, coach_bob, django_capture_on_commit_callbacks
):
    match, league = submitted_match, submitted_match.league
    hook = webhook_add(league=league, by=league.commissioner, url=f"http://127.0.0.1:{free_port()}/hook", fmt="discord")
    match = confirm(client, match, coach_bob, django_capture_on_commit_callbacks)
    assert match.status == Match.Status.PROCESSED
    delivery = Delivery.objects.get(webhook=hook, kind="result.confirmed")
    assert (delivery.status, delivery.attempts) == ("failed", MAX_ATTEMPTS)
