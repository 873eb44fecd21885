"""One Profile per user, made on first need (league.accounts.services.profile_of)."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
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
    # The coach's membership of the NAF, for the NAF tournament report (league.interchange.naf): a
    # coach without a number is left out of it; the NAF name defaults to the username there.
    naf_number = models.PositiveIntegerField(
        _("NAF number"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(2**31 - 1)]
    )
    naf_name = models.CharField(_("NAF name"), max_length=60, blank=True)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return str(self.user)

    @property
    def naf_name_or_username(self) -> str:
        return self.naf_name or self.user.get_username()


class ApiToken(models.Model):
    """A personal API token: a script acts as its user (league.accounts.authentication). Only the
    secret's SHA-256 is kept; the secret is shown once, when the token is made."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=80)
    # The secret's first characters: shown on the tokens page, and how a request's token is found.
    prefix = models.CharField(_("prefix"), max_length=8, db_index=True)
    secret_hash = models.CharField(max_length=64)  # sha256 of the whole secret, hex digits
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ("-created_at", "-pk")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
