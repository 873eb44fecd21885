"""One row per event and recipient: what the notifications page lists and what is mailed."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.core.models import League


class Notification(models.Model):
    class MailStatus(models.TextChoices):
        PENDING = "pending", _("To be mailed")
        SENT = "sent", _("Mailed")
        FAILED = "failed", _("Mail failed")
        SKIPPED = "skipped", _("Not mailed")
        DIGEST = "digest", _("Waiting for the digest")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(_("kind"), max_length=40)  # one of league.core.events.KINDS
    # The names the message is worded with, kept rather than the words themselves: the page
    # words it in the reader's language of the day, the mail in his profile's (league/notices/words.py).
    params = models.JSONField(_("parameters"), default=dict, blank=True)
    path = models.CharField(_("page"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    read_at = models.DateTimeField(_("read"), null=True, blank=True)
    mail_status = models.CharField(_("mail"), max_length=10, choices=MailStatus.choices, default=MailStatus.SKIPPED)
    mail_attempts = models.PositiveSmallIntegerField(_("mail attempts"), default=0)
    mail_error = models.TextField(_("last mail error"), blank=True)

    class Meta:
        ordering = ("-created_at", "-pk")
        indexes = [
            models.Index(fields=["user", "read_at"], name="notice_user_unread"),
            models.Index(fields=["mail_status", "league"], name="notice_mail_status"),
        ]
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")

    def __str__(self) -> str:
        return f"{self.kind} → {self.user_id}"
