"""League webhooks: the commissioner adds and removes them; every event of the league is posted to
each active one by a Celery task (league/webhooks/tasks.py), retried with a growing delay and
recorded attempt by attempt, so that a receiver down never slows nor fails the action behind it."""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import logging
import urllib.request
from collections.abc import Mapping
from datetime import timedelta
from typing import Any
from urllib.error import HTTPError, URLError

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from league.core.events import Event
from league.core.models import League
from league.core.permissions import is_commissioner
from league.webhooks.models import Delivery, Webhook
from league.webhooks.payloads import TEST_KIND, build
from league.webhooks.safety import check_url, opener

log = logging.getLogger(__name__)

DELIVER = "webhooks.deliver"
DELIVER_BATCH = "webhooks.deliver_batch"
MAX_ATTEMPTS = 6
FIRST_DELAY_SECONDS = 60  # then 2, 4, 8 and 16 minutes: the last attempt about half an hour after the event
USER_AGENT = "BloodBowlLeague-Webhooks/1"


def backoff(retries: int) -> int:
    return int(FIRST_DELAY_SECONDS * 2 ** int(retries))


def _commissioner_only(by: User | None, league: League) -> None:
    if by is None or not is_commissioner(by, league):
        raise PermissionDenied(_("Only a commissioner of the league may manage its webhooks."))


def webhook_add(*, league: League, by: User | None, url: str, fmt: str) -> Webhook:
    _commissioner_only(by, league)
    if fmt not in Webhook.Format.values:
        raise ValidationError(_("Choose the format Discord or JSON."))
    check_url(url)
    return Webhook.objects.create(league=league, url=url, format=fmt, created_by=by)


def webhook_remove(*, webhook: Webhook, by: User | None) -> None:
    _commissioner_only(by, webhook.league)
    webhook.delete()


def webhook_send_test(*, webhook: Webhook, by: User | None) -> Delivery:
    """A test event, posted at once like any other."""
    _commissioner_only(by, webhook.league)
    league = webhook.league
    with translation.override(league.language):  # the league's language, as its events are worded
        data = {"message": _("A test from %(league)s: this webhook works.") % {"league": league.name}}
    return _create(webhook, TEST_KIND, data, league.get_absolute_url())


def delivery_retry(*, delivery: Delivery, by: User | None) -> None:
    """Post a failed delivery again, with a fresh round of attempts."""
    _commissioner_only(by, delivery.webhook.league)
    if delivery.status == Delivery.Status.DELIVERED:
        raise ValidationError(_("This delivery has already been delivered."))
    Delivery.objects.filter(pk=delivery.pk).update(status=Delivery.Status.PENDING, next_attempt_at=timezone.now())
    _queue(delivery.pk)


def event_heard(event: Event) -> None:
    """The events hub's listener: one delivery per active webhook of the event's league."""
    events_heard([event])


def events_heard(events: list[Event]) -> None:
    """event_heard for a batch of events, in the caller's transaction: one read of the leagues'
    webhooks and one INSERT of their deliveries, each posted once it commits."""
    leagues = {event.league_id for event in events}
    hooks: dict[int, list[Webhook]] = {}
    for hook in Webhook.objects.filter(league_id__in=leagues, active=True).select_related("league"):
        hooks.setdefault(hook.league_id, []).append(hook)
    now = timezone.now()
    made = Delivery.objects.bulk_create(
        Delivery(
            webhook=hook,
            kind=event.kind,
            payload=build(hook.format, event.kind, hook.league, event.data, event.path),
            next_attempt_at=now,
        )
        for event in events
        for hook in hooks.get(event.league_id, ())
    )
    for delivery in made:
        _queue(delivery.pk)


def _create(hook: Webhook, kind: str, data: Mapping[str, Any], path: str) -> Delivery:
    payload = build(hook.format, kind, hook.league, data, path)
    delivery = Delivery.objects.create(webhook=hook, kind=kind, payload=payload, next_attempt_at=timezone.now())
    _queue(delivery.pk)
    return delivery


class _Batch:
    """The deliveries one transaction made, sent to one task at its commit (DELIVER_BATCH): a burst of
    events (a round of results, an outbox batch) is posted by one task, not a task each."""

    def __init__(self) -> None:
        self.ids: list[int] = []
        self.sent = False

    def __call__(self) -> None:
        if self.sent:
            return
        self.sent = True
        try:
            if len(self.ids) == 1:
                current_app.tasks[DELIVER].delay(self.ids[0])
            else:
                current_app.tasks[DELIVER_BATCH].delay(self.ids)
        except Exception:  # a broker down loses the post, never the action that caused it
            log.exception("webhook deliveries %s could not be queued", self.ids)


def _queue(delivery_id: int) -> None:
    connection = transaction.get_connection()
    batch = getattr(connection, "_webhook_batch", None)
    # Not one a rolled-back savepoint took away (its deliveries are gone with it), nor one sent.
    waiting = batch is not None and any(func is batch for _sids, func, *_rest in connection.run_on_commit)
    if batch is not None and not batch.sent and waiting:
        batch.ids.append(delivery_id)
        return
    batch = _Batch()
    batch.ids.append(delivery_id)  # before on_commit: outside a transaction it runs at once
    connection._webhook_batch = batch
    transaction.on_commit(batch)


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def attempt(delivery_id: int, *, retries: int) -> int | None:
    """Post a delivery once and record the attempt. Returns the seconds to wait before the next
    attempt, or None when there is none (delivered, refused, or the last attempt failed)."""
    delivery = Delivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.status == Delivery.Status.DELIVERED:
        return None
    return _post(delivery, retries=retries)


def attempt_batch(delivery_ids: list[int]) -> dict[int, tuple[int, int]]:
    """The first attempt of each delivery of a batch, in order (one read of them all). Returns the
    deliveries to post again: id -> (seconds to wait, attempts made so far by Celery's count). Once a
    webhook's attempt must wait, its later deliveries in the batch wait as long untried: its
    receiver is down, and each would wait for the timeout in turn."""
    found = Delivery.objects.select_related("webhook").in_bulk(delivery_ids)
    again: dict[int, tuple[int, int]] = {}
    down: dict[int, int] = {}  # webhook -> the wait its failed attempt gave
    for delivery_id in delivery_ids:
        delivery = found.get(delivery_id)
        if delivery is None or delivery.status == Delivery.Status.DELIVERED:
            continue
        if delivery.webhook_id in down:
            again[delivery_id] = (down[delivery.webhook_id], 0)
            continue
        wait = _post(delivery, retries=0)
        if wait is not None:
            again[delivery_id] = (wait, 1)
            down[delivery.webhook_id] = wait
    return again


def _post(delivery: Delivery, *, retries: int) -> int | None:
    hook = delivery.webhook
    body = json.dumps(delivery.payload, ensure_ascii=False, separators=(",", ":")).encode()
    code: int | None = None
    error = ""
    again = True
    try:
        check_url(hook.url)
        request = urllib.request.Request(
            hook.url,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "User-Agent": USER_AGENT,
                "X-Webhook-Event": delivery.kind,
                "X-Webhook-Delivery": str(delivery.pk),
                "X-Webhook-Signature": signature(hook.secret, body),
            },
        )
        with opener().open(request, timeout=settings.WEBHOOKS_TIMEOUT_SECONDS) as response:
            code = response.status
    except ValidationError as refusal:  # not a public address (any more): trying again would not help
        error, again = " ".join(refusal.messages), False
    except HTTPError as answer:  # an answer that is not 2xx (a redirect, not followed, included)
        code, error = answer.code, f"HTTP {answer.code} {answer.reason}"
    except (URLError, OSError, http.client.HTTPException, ValueError) as failure:
        error = str(getattr(failure, "reason", failure)) or failure.__class__.__name__
    now = timezone.now()
    delivery.attempts += 1
    delivery.last_status_code = code
    delivery.last_error = error[:500]
    wait: int | None = None
    if not error:
        delivery.status, delivery.delivered_at, delivery.next_attempt_at = Delivery.Status.DELIVERED, now, None
    elif again and retries + 1 < MAX_ATTEMPTS:
        wait = backoff(retries)
        delivery.status, delivery.next_attempt_at = Delivery.Status.PENDING, now + timedelta(seconds=wait)
    else:
        delivery.status, delivery.next_attempt_at = Delivery.Status.FAILED, None
    delivery.save(
        update_fields=["attempts", "last_status_code", "last_error", "status", "delivered_at", "next_attempt_at"]
    )
    return wait
