"""One Profile per user, made on first need (league.accounts.services.profile_of)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    class MailMode(models.TextChoices):
        AT_ONCE = "at_once", _("At once")
        DIGEST = "digest", _("A daily digest")
        NEVER = "never", _("Never")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    # The address was confirmed by following the link mailed to it: only a confirmed address is
    # mailed notifications (a typo in an address never sends a league's news to a stranger).
    email_confirmed = models.BooleanField(_("address confirmed"), default=False)
    # The language of his mail (the site's pages follow the browser's choice); set from the page's
    # language at sign-up and changed on the profile page.
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    mail_mode = models.CharField(
        _("notifications by mail"), max_length=10, choices=MailMode.choices, default=MailMode.AT_ONCE
    )

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return str(self.user)
