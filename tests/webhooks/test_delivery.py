"""League events posted to a real HTTP server: received, signed, in both formats; retried while the
server is down, recorded as failed after the last attempt, and delivered when posted again."""

from __future__ import annotations

import hashlib
import hmac

import pytest
from celery.signals import task_prerun
from django.db import transaction

from league.core import outbox
from league.core.events import Event, publish
from league.webhooks.models import Delivery, Webhook
from league.webhooks.services import MAX_ATTEMPTS, delivery_retry, webhook_add
from tests.webhooks.receiver import free_port, receiving

pytestmark = pytest.mark.django_db

DATA = {"match": 12, "home": "Reikland Reavers", "away": "Orcland Raiders", "home_score": 2, "away_score": 1}


@pytest.fixture(autouse=True)
def private_allowed(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    settings.SITE_URL = "https://bb.example.org"


def published(capture, league, kind="result.confirmed"):
    with capture(execute=True):
        publish(Event(kind, league.pk, recipients=(), path="/matches/12/", data=DATA))


def signed(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def test_an_event_is_posted_signed_as_plain_json(league, commissioner, django_capture_on_commit_callbacks):
    with receiving() as server:
        hook = webhook_add(league=league, by=commissioner, url=server.url, fmt="json")
        published(django_capture_on_commit_callbacks, league)
    [post] = server.posts
    assert post.headers["X-Webhook-Signature"] == signed(hook.secret, post.body)
    assert post.headers["X-Webhook-Signature"] != signed("another secret", post.body)
    assert post.headers["X-Webhook-Event"] == "result.confirmed"
    assert post.headers["Content-Type"] == "application/json"
    delivery = Delivery.objects.get(webhook=hook)
    assert post.headers["X-Webhook-Delivery"] == str(delivery.pk)
    assert post.json == {
        "event": "result.confirmed",
        "league": {"id": league.pk, "slug": league.slug, "name": league.name},
        "data": DATA,
        "url": "https://bb.example.org/matches/12/",
    }
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("delivered", 1, 204)
    assert delivery.delivered_at is not None


def test_discord_gets_one_line_in_the_leagues_language_and_an_embed(
    league, commissioner, django_capture_on_commit_callbacks
):
    league.language = "fr"
    league.save()
    with receiving() as server:
        hook = webhook_add(league=league, by=commissioner, url=server.url, fmt="discord")
        Webhook.objects.create(league=league, url=server.url, format="json", active=False)  # never posted to
        published(django_capture_on_commit_callbacks, league, kind="result.submitted")
    [post] = server.posts
    assert post.headers["X-Webhook-Signature"] == signed(hook.secret, post.body)
    body = post.json
    assert body["content"] == "Test League · Résultat soumis : Reikland Reavers 2–1 Orcland Raiders"
    [embed] = body["embeds"]
    assert embed["title"] == "Résultat soumis"
    assert embed["url"] == "https://bb.example.org/matches/12/"
    assert {"name": "home", "value": "Reikland Reavers", "inline": True} in embed["fields"]
    assert body["allowed_mentions"] == {"parse": []}  # a team named @everyone pings nobody
    assert set(body) == {"content", "embeds", "allowed_mentions"}


def test_a_server_down_is_retried_then_failed_and_the_action_stands(
    league, commissioner, django_capture_on_commit_callbacks
):
    port = free_port()  # nothing listens there
    hook = webhook_add(league=league, by=commissioner, url=f"http://127.0.0.1:{port}/hook", fmt="json")
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            league.description = "changed by the action that published the event"
            league.save()
            publish(Event("season.started", league.pk, data={"season": 1}))
    league.refresh_from_db()
    assert league.description == "changed by the action that published the event"
    delivery = Delivery.objects.get(webhook=hook)
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("failed", MAX_ATTEMPTS, None)
    assert "refused" in delivery.last_error.lower()
    assert delivery.delivered_at is None and delivery.next_attempt_at is None

    # The server is up again: the commissioner posts it again, and it is delivered.
    with receiving(port) as server, django_capture_on_commit_callbacks(execute=True):
        delivery_retry(delivery=delivery, by=commissioner)
    [post] = server.posts
    assert post.json["event"] == "season.started"
    assert post.headers["X-Webhook-Delivery"] == str(delivery.pk)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("delivered", MAX_ATTEMPTS + 1, 204)


def test_the_next_attempt_delivers_after_an_error_answer(league, commissioner, django_capture_on_commit_callbacks):
    with receiving() as server:
        server.answers = [500, 503]
        hook = webhook_add(league=league, by=commissioner, url=server.url, fmt="json")
        published(django_capture_on_commit_callbacks, league)
    assert len(server.posts) == 3
    assert len({p.body for p in server.posts}) == 1  # the same body, signed alike, each time
    delivery = Delivery.objects.get(webhook=hook)
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("delivered", 3, 204)


def test_an_error_answer_every_time_records_its_code(league, commissioner, django_capture_on_commit_callbacks):
    with receiving() as server:
        server.answers = [500] * MAX_ATTEMPTS
        hook = webhook_add(league=league, by=commissioner, url=server.url, fmt="json")
        published(django_capture_on_commit_callbacks, league)
    assert len(server.posts) == MAX_ATTEMPTS
    delivery = Delivery.objects.get(webhook=hook)
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("failed", MAX_ATTEMPTS, 500)
    assert delivery.last_error.startswith("HTTP 500")


def test_another_leagues_event_is_not_posted(league, commissioner, django_capture_on_commit_callbacks):
    from league.core.services import league_create

    other = league_create(name="Other League", ruleset="lrb6", commissioner=commissioner)
    with receiving() as server:
        webhook_add(league=league, by=commissioner, url=server.url, fmt="json")
        published(django_capture_on_commit_callbacks, other)
    assert server.posts == []
    assert not Delivery.objects.exists()


# Events told through the outbox (a sequence, a confirmation: league/core/outbox.py) make their
# deliveries in one transaction, posted by one task.
def test_the_deliveries_of_one_transaction_are_posted_in_order_by_one_task(
    league, commissioner, django_capture_on_commit_callbacks
):
    ran: list[tuple[str, tuple]] = []

    def record(sender=None, args=(), **kwargs):
        if sender.name.startswith("webhooks."):
            ran.append((sender.name, tuple(args)))

    task_prerun.connect(record, weak=False)
    try:
        with receiving() as server:
            hook = webhook_add(league=league, by=commissioner, url=server.url, fmt="json")
            with django_capture_on_commit_callbacks(execute=True), transaction.atomic(), outbox.collecting():
                publish(Event("result.confirmed", league.pk, data={**DATA, "match": 1}))
                publish(Event("result.confirmed", league.pk, data={**DATA, "match": 2}))
    finally:
        task_prerun.disconnect(record)
    deliveries = list(Delivery.objects.filter(webhook=hook).order_by("pk"))
    assert ran == [("webhooks.deliver_batch", ([d.pk for d in deliveries],))]  # one task for both
    assert [p.json["data"]["match"] for p in server.posts] == [1, 2]
    assert [(d.status, d.attempts) for d in deliveries] == [("delivered", 1), ("delivered", 1)]


def test_a_receiver_failing_in_a_batch_is_tried_once_then_each_delivery_has_its_own_attempts(
    league, commissioner, django_capture_on_commit_callbacks
):
    with receiving() as server:
        server.answers = [500] * (2 * MAX_ATTEMPTS)
        hook = webhook_add(league=league, by=commissioner, url=server.url, fmt="json")
        with django_capture_on_commit_callbacks(execute=True), transaction.atomic(), outbox.collecting():
            publish(Event("season.started", league.pk, data={"season": 1}))
            publish(Event("season.started", league.pk, data={"season": 2}))
    first, second = Delivery.objects.filter(webhook=hook).order_by("pk")
    # The batch posted the first only: the second waited untried, then had its own attempts (run
    # eagerly here, each delivery's attempts follow one another at once).
    posted = [int(p.headers["X-Webhook-Delivery"]) for p in server.posts]
    assert posted == [first.pk] * MAX_ATTEMPTS + [second.pk] * MAX_ATTEMPTS
    assert [(d.status, d.attempts, d.last_status_code) for d in (first, second)] == [("failed", MAX_ATTEMPTS, 500)] * 2


@pytest.mark.django_db(transaction=True)
def test_a_delivery_made_outside_a_transaction_is_posted_at_once(league, commissioner):
    # Autocommit (the test event and a retry are posted from views without a transaction): the
    # delivery's task is sent as it is queued, never held for a commit that has already happened.
    from league.webhooks.services import webhook_send_test

    with receiving() as server:
        hook = webhook_add(league=league, by=commissioner, url=server.url, fmt="json")
        delivery = webhook_send_test(webhook=hook, by=commissioner)
    [post] = server.posts
    assert post.headers["X-Webhook-Delivery"] == str(delivery.pk)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("delivered", 1)
