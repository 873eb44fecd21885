"""Writes of a user's profile."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from league.accounts.models import Profile


def profile_of(user: AbstractBaseUser) -> Profile:
    """The user's profile, made with the defaults the first time it is needed (users made before
    profiles existed, or by the admin, have none yet)."""
    profile, _created = Profile.objects.get_or_create(user_id=user.pk)
    return profile
