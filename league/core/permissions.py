"""Who may do what. Services call these; views and the API call the same ones."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from league.core.models import League, Membership

User = AbstractBaseUser | AnonymousUser


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


def can_manage_team(user: User | None, team) -> bool:
    """The team's own coach, a commissioner of its league, or a site administrator."""
    if user is None or not user.is_authenticated:
        return False
    return team.coach_id == user.pk or is_commissioner(user, team.league)


def can_create_team(user: User | None, league: League) -> bool:
    return is_member(user, league)
