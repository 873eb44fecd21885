"""Notification mail: one notification at once, or a user's daily digest; text and HTML, in the
recipient's language (Profile.language), each with a signed unsubscribe link that needs no login.

Only the Celery tasks (league/notices/tasks.py) call `send_*`: mail is never sent in a request.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from league.accounts.models import Profile
from league.notices import selectors, services
from league.notices.models import Notification
from league.notices.words import detail, message

# The salt keeps these tokens from being accepted where another signed value is expected.
UNSUBSCRIBE_SALT = "league.notices.unsubscribe"


def unsubscribe_token(user_id: int) -> str:
    return signing.dumps({"user": user_id}, salt=UNSUBSCRIBE_SALT)


def unsubscribe_user(token: str) -> int | None:
    """The user a token was made for, or None for a tampered or foreign token. No expiry: the
    link of an old mail keeps working, and it only ever turns mail off."""
    try:
        value = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    user = value.get("user") if isinstance(value, dict) else None
    return user if isinstance(user, int) else None


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path if path.startswith("/") else path


def mailable(notification: Notification) -> Profile | None:
    """The recipient's profile if he is still to be mailed (he may have unsubscribed, or changed
    his address, since the notification was made)."""
    profile = Profile.objects.filter(user_id=notification.user_id).first()
    user = notification.user
    if not user.email or not user.is_active or profile is None or not profile.email_confirmed:
        return None
    return None if profile.mail_mode == Profile.MailMode.NEVER else profile


def _item(notification: Notification) -> dict[str, Any]:
    return {
        "message": message(notification.kind, notification.params),
        "detail": detail(notification.params),
        "league": notification.league.name,
        "url": absolute(notification.path or reverse("notices:list")),
    }


def _compose(
    to: str, language: str, user_id: int, subject: str, template: str, context: dict[str, Any]
) -> EmailMultiAlternatives:
    with translation.override(language):
        unsubscribe = absolute(reverse("notices:unsubscribe", args=[unsubscribe_token(user_id)]))
        context = {**context, "unsubscribe": unsubscribe, "site": absolute(reverse("notices:list"))}
        text = render_to_string(f"notices/mail/{template}.txt", context)
        html = render_to_string(f"notices/mail/{template}.html", context)
    mail = EmailMultiAlternatives(
        subject=" ".join(subject.split())[:200],
        body=text,
        to=[to],
        headers={"List-Unsubscribe": f"<{unsubscribe}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    mail.attach_alternative(html, "text/html")
    return mail


def send_notification(notification_id: int) -> bool:
    """Mail one notification still pending; False when there was nothing to send (already sent, a
    redelivered task, or the recipient no longer mailed). A sending error is kept and raised."""
    notification = selectors.mail_of(notification_id)
    if notification is None or notification.mail_status != Notification.MailStatus.PENDING:
        return False
    profile = mailable(notification)
    if profile is None:
        services.mail_skipped([notification.pk])
        return False
    services.mail_attempted([notification.pk])
    with translation.override(profile.language):
        item = _item(notification)
        subject = _("%(league)s: %(message)s") % {"league": item["league"], "message": item["message"]}
    mail = _compose(notification.user.email, profile.language, notification.user_id, subject, "notification", item)
    try:
        mail.send()
    except Exception as error:
        services.mail_error([notification.pk], error, final=False)
        raise
    services.mail_sent([notification.pk])
    return True


def send_digest(user_id: int) -> int:
    """Mail the user one digest of his notifications kept for it; the number mailed. A failure
    marks them failed (the commissioner may send each again) and is raised."""
    notifications = selectors.digest_waiting(user_id)
    if not notifications:
        return 0
    ids = [n.pk for n in notifications]
    profile = mailable(notifications[0])
    if profile is None:
        services.mail_skipped(ids)
        return 0
    services.mail_attempted(ids)
    with translation.override(profile.language):
        items = [_item(n) for n in notifications]
        leagues = ", ".join(dict.fromkeys(item["league"] for item in items))
        subject = _("%(leagues)s: your daily news") % {"leagues": leagues}
    mail = _compose(notifications[0].user.email, profile.language, user_id, subject, "digest", {"items": items})
    try:
        mail.send()
    except Exception as error:
        services.mail_error(ids, error, final=True)
        raise
    services.mail_sent(ids)
    return len(ids)
