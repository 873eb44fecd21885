"""Reads of accounts."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from league.accounts.models import Profile


def address_taken(address: str, *, besides: AbstractBaseUser | None = None) -> bool:
    """Whether another account already has this address (compared without case)."""
    others = get_user_model().objects.filter(email__iexact=address.strip())
    if besides is not None:
        others = others.exclude(pk=besides.pk)
    return others.exists()


def mail_language(user: AbstractBaseUser) -> str:
    """The language of the user's mail: his profile's, English for a user who has none yet."""
    language = Profile.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    return language or "en"
