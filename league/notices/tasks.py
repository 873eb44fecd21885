"""Celery tasks of the notifications: mail one at once (retried with backoff), the daily digest,
and an hourly sweep of mail that never reached a worker. A mail's failure never reaches the
action that caused it: queueing is guarded, and a final failure is kept on the notification."""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from celery import Task, shared_task
from django.db import transaction

from league.core.events import Event
from league.notices import mail, selectors, services

log = logging.getLogger(__name__)

# Errors worth another try later: the server down or refusing for now, the network.
RETRIED = (smtplib.SMTPException, OSError)
MAIL_RETRIES = 5


class MailTask(Task):
    abstract = True

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        """The last attempt failed (or an error not worth retrying): the notification shows as
        failed on the commissioner's mail page (league/notices/views.py)."""
        notification_id = args[0] if args else kwargs.get("notification_id")
        if notification_id is not None:
            services.mail_error([notification_id], exc, final=True)


@shared_task(
    bind=True,
    base=MailTask,
    name="notices.mail_notification",
    autoretry_for=RETRIED,
    max_retries=MAIL_RETRIES,
    retry_backoff=30,  # 30 s, 1, 2, 4, 8 minutes (jittered): a server back within a quarter of an hour
    retry_backoff_max=600,
    retry_jitter=True,
)
def mail_notification(self: Task, notification_id: int) -> bool:
    return mail.send_notification(notification_id)


def queue_mail(ids: Iterable[int]) -> None:
    """Queue each mail; a broker down (or, run in-process, a mail that failed) is logged, never
    raised: the notification stays pending for the sweep, or failed for the commissioner. Run
    in-process with errors propagating (no broker: `make run`), Celery raises a task's first retry
    to the caller instead of running it: such a mail keeps its error and stays pending."""
    for notification_id in ids:
        try:
            mail_notification.delay(notification_id)
        except Exception:
            log.warning("notification %s: mail not queued or failed", notification_id, exc_info=True)


def on_events(events: list[Event]) -> None:
    """The events hub's listener (registered in league/apps.py), in one transaction: the
    notifications of a batch of events in one INSERT, then their mail once it commits."""
    made = services.notifications_create_many(events)
    pending = [n.pk for n in made if n.mail_status == n.MailStatus.PENDING]
    if pending:
        transaction.on_commit(lambda: queue_mail(pending))


@shared_task(name="notices.mail_digests")
def mail_digests() -> int:
    """Daily: each user in digest mode gets one mail with his notifications not yet mailed."""
    mailed = 0
    for user_id in selectors.digest_users():
        try:
            mailed += mail.send_digest(user_id)
        except Exception:  # one user's failure (kept on his notifications) never stops the others
            log.warning("digest of user %s failed", user_id, exc_info=True)
    return mailed


@shared_task(name="notices.sweep_mail")
def sweep_mail() -> list[int]:
    """Hourly: queue again the mails queued while the broker was down."""
    stale = selectors.stale_pending(timedelta(hours=1))
    queue_mail(stale)
    return stale
