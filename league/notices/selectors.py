"""Reads of notifications: a user's list and unread count, a league's failed mails."""

from __future__ import annotations

from datetime import timedelta

from django.shortcuts import get_object_or_404
from django.utils import timezone

from league.core.models import League
from league.notices.models import Notification

PAGE_SIZE = 100


def notifications_of(user_id: int, limit: int = PAGE_SIZE) -> list[Notification]:
    """The user's notifications, newest first, with their league (the page names it)."""
    return list(Notification.objects.filter(user_id=user_id).select_related("league")[:limit])


def unread_count(user_id: int) -> int:
    return Notification.objects.filter(user_id=user_id, read_at__isnull=True).count()


def notification_of_or_404(user_id: int, pk: int) -> Notification:
    """One of the user's own notifications (another's is a 404: its existence is not told)."""
    return get_object_or_404(Notification, pk=pk, user_id=user_id)


def failed_mails(league: League) -> list[Notification]:
    return list(
        Notification.objects.filter(league=league, mail_status=Notification.MailStatus.FAILED).select_related("user")
    )


def failed_mail_or_404(league: League, pk: int) -> Notification:
    return get_object_or_404(Notification, pk=pk, league=league, mail_status=Notification.MailStatus.FAILED)


def mail_of(pk: int) -> Notification | None:
    return Notification.objects.select_related("user", "league").filter(pk=pk).first()


def digest_waiting(user_id: int) -> list[Notification]:
    """The user's notifications kept for his digest, oldest first."""
    rows = Notification.objects.filter(user_id=user_id, mail_status=Notification.MailStatus.DIGEST)
    return list(rows.select_related("league", "user").order_by("created_at", "pk"))


def digest_users() -> list[int]:
    rows = Notification.objects.filter(mail_status=Notification.MailStatus.DIGEST)
    return sorted(set(rows.values_list("user_id", flat=True)))


def stale_pending(older_than: timedelta) -> list[int]:
    """Mails queued long ago and never tried: the broker was down when they were queued (one being
    retried has attempts, and its own retries)."""
    rows = Notification.objects.filter(mail_status=Notification.MailStatus.PENDING, mail_attempts=0)
    return list(rows.filter(created_at__lt=timezone.now() - older_than).values_list("pk", flat=True))
