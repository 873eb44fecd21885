"""Personal API tokens: made, listed, revoked, and checked for each API request.

A token is `<prefix><rest>`, 43 URL-safe characters (256 random bits). Only its SHA-256 is stored:
a stolen database yields no usable token. A request's token is found by its first 8 characters
and compared to the stored digest in constant time (no timing tells how much of a guess was
right).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _

from league.accounts.models import ApiToken

PREFIX_LENGTH = 8
# last_used_at is written at most once a minute per token: a script's burst of requests costs reads only.
USE_RECORDED_EVERY = timedelta(minutes=1)


@dataclass(frozen=True)
class NewToken:
    token: ApiToken
    secret: str  # shown once, on the page that made it; never stored


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


# --- reads ---


def tokens_of(user: AbstractBaseUser) -> list[ApiToken]:
    """The user's tokens still in use, newest first."""
    return list(ApiToken.objects.filter(user_id=user.pk, revoked_at__isnull=True))


def token_of_user_or_404(user: AbstractBaseUser, pk: int) -> ApiToken:
    """One of the user's live tokens; another user's token is as unknown as a missing one."""
    return get_object_or_404(ApiToken, pk=pk, user_id=user.pk, revoked_at__isnull=True)


# --- writes ---


def token_create(*, user: AbstractBaseUser, name: str) -> NewToken:
    secret = secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user_id=user.pk, name=name.strip(), prefix=secret[:PREFIX_LENGTH], secret_hash=_digest(secret)
    )
    return NewToken(token, secret)


def token_revoke(*, token: ApiToken, by: AbstractBaseUser) -> ApiToken:
    if token.user_id != by.pk:
        raise PermissionDenied(_("You may only revoke your own tokens."))
    with transaction.atomic():
        ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    token.refresh_from_db(fields=["revoked_at"])
    return token


def token_user(secret: str) -> AbstractBaseUser | None:
    """The active user a presented token stands for, or None (unknown, wrong, revoked, user inactive).
    Records the use (at most once a minute)."""
    if len(secret) < PREFIX_LENGTH:
        return None
    presented = _digest(secret)
    found = None
    for token in ApiToken.objects.filter(prefix=secret[:PREFIX_LENGTH]).select_related("user"):
        # Every candidate is compared, the match or not, so the time taken tells nothing.
        if hmac.compare_digest(token.secret_hash, presented):
            found = token
    if found is None or found.revoked_at is not None or not found.user.is_active:
        return None
    now = timezone.now()
    if found.last_used_at is None or now - found.last_used_at >= USE_RECORDED_EVERY:
        ApiToken.objects.filter(pk=found.pk).update(last_used_at=now)
    return found.user
