"""A league's webhooks: the addresses its events are posted to, and each post's delivery record."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.core.models import League


def new_secret() -> str:
    return secrets.token_urlsafe(32)


class Webhook(models.Model):
    class Format(models.TextChoices):
        DISCORD = "discord", _("Discord")
        JSON = "json", _("JSON")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="webhooks", verbose_name=_("league"))
    url = models.URLField(_("URL"), max_length=500)
    format = models.CharField(_("format"), max_length=10, choices=Format.choices, default=Format.JSON)
    # Signs each body (HMAC-SHA256): the receiver checks that the league sent it.
    secret = models.CharField(_("secret"), max_length=64, default=new_secret, editable=False)
    active = models.BooleanField(_("active"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("created by")
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")

    def __str__(self) -> str:
        return self.url


class Delivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        DELIVERED = "delivered", _("delivered")
        FAILED = "failed", _("failed")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries", verbose_name=_("webhook"))
    kind = models.CharField(_("event"), max_length=40)
    # The body sent, kept as it was built when the event happened: every attempt posts the same one.
    payload = models.JSONField(_("payload"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    last_status_code = models.PositiveSmallIntegerField(_("last status code"), null=True, blank=True)
    last_error = models.CharField(_("last error"), max_length=500, blank=True)
    next_attempt_at = models.DateTimeField(_("next attempt at"), null=True, blank=True)
    delivered_at = models.DateTimeField(_("delivered at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("delivery")
        verbose_name_plural = _("deliveries")
