"""Writes of notifications: made from an event, read, and their mail's progress."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager

from django.contrib.auth import get_user_model
from django.db.models import F
from django.utils import timezone

from league.accounts.models import Profile
from league.core.events import Event
from league.infra.page_versions import aside_scope, notifications_scope, page_scope, user_scope
from league.notices.models import Notification

Status = Notification.MailStatus


def mail_status_for(email: str, profile: Profile | None) -> str:
    """How a new notification is mailed. Only a confirmed address is mailed (Profile.email_confirmed:
    a typo in an address never sends a league's news to a stranger), so a user with an address but
    no profile, or an unconfirmed one, is told in-app only."""
    if not email or profile is None or not profile.email_confirmed:
        return Status.SKIPPED
    if profile.mail_mode == Profile.MailMode.AT_ONCE:
        return Status.PENDING
    if profile.mail_mode == Profile.MailMode.DIGEST:
        return Status.DIGEST
    return Status.SKIPPED


def notifications_create(event: Event) -> list[Notification]:
    """One notification per recipient of the event (the actor is never one: events.Event drops him);
    a user who no longer exists or is inactive is skipped."""
    return notifications_create_many([event])


def notifications_create_many(events: list[Event]) -> list[Notification]:
    """notifications_create for a batch of events: two reads and one INSERT whatever their number."""
    wanted = list(dict.fromkeys(r for event in events for r in event.recipients))
    if not wanted:
        return []
    users = dict(get_user_model().objects.filter(pk__in=wanted, is_active=True).values_list("pk", "email"))
    profiles = {p.user_id: p for p in Profile.objects.filter(user_id__in=list(users))}
    rows = [
        Notification(
            user_id=user_id,
            league_id=event.league_id,
            kind=event.kind,
            params=dict(event.params),
            path=event.path,
            mail_status=mail_status_for(users[user_id], profiles.get(user_id)),
        )
        for event in events
        for user_id in dict.fromkeys(event.recipients)
        if user_id in users
    ]
    # What they change: their readers' badges and lists, and their league's mail page (league/infra/page_versions.py).
    scopes = [user_scope(row.user_id) for row in rows] + [
        aside_scope(event.league_id) for event in events if event.league_id
    ]
    with page_scope(*scopes):
        return Notification.objects.bulk_create(rows)


def notification_read(notification: Notification) -> None:
    if notification.read_at is None:
        notification.read_at = timezone.now()
        with page_scope(user_scope(notification.user_id)):
            Notification.objects.filter(pk=notification.pk, read_at__isnull=True).update(read_at=notification.read_at)


def notifications_read_some(user_id: int, ids: Iterable[int]) -> int:
    """Mark the user's own notifications among `ids` read (another's are left alone)."""
    with page_scope(user_scope(user_id)):
        return Notification.objects.filter(user_id=user_id, pk__in=list(ids), read_at__isnull=True).update(
            read_at=timezone.now()
        )


def notifications_read_all(user_id: int) -> int:
    with page_scope(user_scope(user_id)):
        return Notification.objects.filter(user_id=user_id, read_at__isnull=True).update(read_at=timezone.now())


def _mailed(ids: list[int]) -> AbstractContextManager[None]:
    """The mail's progress shows on its league's mail page: that league's and the readers' versions."""
    return page_scope(notifications_scope(f"id IN ({', '.join(['%s'] * len(ids))})", tuple(ids)))


# --- the mail's progress (league/notices/mail.py sends, league/notices/tasks.py retries) ---


def mail_attempted(ids: Iterable[int]) -> None:
    with _mailed(ids := list(ids)):
        Notification.objects.filter(pk__in=ids).update(mail_attempts=F("mail_attempts") + 1)


def mail_sent(ids: Iterable[int]) -> None:
    with _mailed(ids := list(ids)):
        Notification.objects.filter(pk__in=ids).update(mail_status=Status.SENT, mail_error="")


def mail_skipped(ids: Iterable[int]) -> None:
    with _mailed(ids := list(ids)):
        Notification.objects.filter(pk__in=ids).update(mail_status=Status.SKIPPED)


def mail_error(ids: Iterable[int], error: BaseException, *, final: bool) -> None:
    """An attempt failed: its error is kept; the last attempt's failure is final (shown to the
    league's commissioner, who may send it again)."""
    changes: dict[str, object] = {"mail_error": f"{type(error).__name__}: {error}"[:1000]}
    if final:
        changes["mail_status"] = Status.FAILED
    with _mailed(ids := list(ids)):
        Notification.objects.filter(pk__in=ids).update(**changes)


def mail_again(notification: Notification) -> None:
    """The commissioner's "send again": queued afresh, its attempts counted from zero."""
    with _mailed([notification.pk]):
        Notification.objects.filter(pk=notification.pk).update(mail_status=Status.PENDING, mail_attempts=0)


def profile_unsubscribe(user_id: int) -> None:
    """The mail's unsubscribe link: no more mail, at once or in a digest (in-app stays)."""
    Profile.objects.update_or_create(user_id=user_id, defaults={"mail_mode": Profile.MailMode.NEVER})
    Notification.objects.filter(user_id=user_id, mail_status__in=(Status.PENDING, Status.DIGEST)).update(
        mail_status=Status.SKIPPED
    )
