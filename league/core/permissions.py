"""Who may do what. Services call these; views and the API call the same ones."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.auth.models import User as Account
from django.core.exceptions import PermissionDenied

from league.core.models import League, Membership

User = AbstractBaseUser | AnonymousUser


def signed_in(user: Account | AnonymousUser) -> Account:
    """A request's user where a signed-in one is certain (login_required, the API's
    IsAuthenticatedOrReadOnly on a write, or a permission check before): the account the services
    record. An anonymous visitor cannot get here; were he to, he is refused like any stranger."""
    if not user.is_authenticated:
        raise PermissionDenied
    return user


def is_commissioner(user: User | None, league: League) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False) or league.commissioner_id == user.pk:
        return True
    return Membership.objects.filter(league=league, user_id=user.pk, role=Membership.Role.COMMISSIONER).exists()


def is_member(user: User | None, league: League) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return is_commissioner(user, league) or Membership.objects.filter(league=league, user_id=user.pk).exists()


def roles(user: User | None, league: League) -> tuple[bool, bool]:
    """(is_member, is_commissioner) in one query at most: pages that need both ask once."""
    if user is None or not user.is_authenticated:
        return False, False
    if getattr(user, "is_superuser", False) or league.commissioner_id == user.pk:
        return True, True
    role = Membership.objects.filter(league=league, user_id=user.pk).values_list("role", flat=True).first()
    return role is not None, role == Membership.Role.COMMISSIONER


def can_manage_team(user: User | None, team: Any) -> bool:  # a teams.Team (a layer above)
    """The team's own coach, a commissioner of its league, or a site administrator."""
    if user is None or not user.is_authenticated:
        return False
    return team.coach_id == user.pk or is_commissioner(user, team.league)


def can_create_team(user: User | None, league: League) -> bool:
    return is_member(user, league)
