"""Write-side operations on leagues."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from league.models import League, Membership
from league.rules import load_ruleset, ruleset_keys

# Slugs taken by the league pages' own URLs (/leagues/new/).
RESERVED_SLUGS = frozenset({"new"})


def league_create(
    *,
    name: str,
    ruleset: str,
    commissioner: AbstractBaseUser,
    description: str = "",
    language: str = League.Language.ENGLISH,
    open_to_join: bool = True,
) -> League:
    """A new league; its creator is its commissioner (and its first member). Audited."""
    from league.audit import log_action

    if ruleset not in ruleset_keys():
        raise ValidationError(_("Unknown ruleset “%(ruleset)s”.") % {"ruleset": ruleset})
    name = name.strip()
    if not name:
        raise ValidationError(_("The league needs a name."))
    if language not in League.Language.values:
        raise ValidationError(_("Unknown language “%(language)s”.") % {"language": language})
    slug = slugify(name)
    if not slug or slug in RESERVED_SLUGS:
        raise ValidationError(_("Choose another name: this one cannot be used in the league's address."))
    if League.objects.filter(slug=slug).exists() or League.objects.filter(name__iexact=name).exists():
        raise ValidationError(_("A league called “%(name)s” already exists.") % {"name": name})
    with transaction.atomic():
        league = League.objects.create(
            name=name,
            slug=slug,
            ruleset=ruleset,
            commissioner=commissioner,
            description=description.strip(),
            language=language,
            open_to_join=open_to_join,
        )
        Membership.objects.create(league=league, user=commissioner, role=Membership.Role.COMMISSIONER)
        log_action(
            action="league.league.created",
            actor=commissioner,
            league=league,
            name=name,
            ruleset=ruleset,
            version=load_ruleset(ruleset).version,
            language=language,
            open_to_join=open_to_join,
        )
    return league


def membership_add(*, league: League, user: AbstractBaseUser, role: str = Membership.Role.COACH) -> Membership:
    membership, _created = Membership.objects.get_or_create(league=league, user=user, defaults={"role": role})
    return membership


def league_join(*, league: League, user: AbstractBaseUser) -> Membership:
    """A registered user joins an open league as a coach (idempotent)."""
    from league.audit import log_action

    existing = Membership.objects.filter(league=league, user=user).first()
    if existing:
        return existing
    if not league.open_to_join:
        raise ValidationError(_("This league is not open to new coaches; ask its commissioner."))
    with transaction.atomic():
        membership = Membership.objects.create(league=league, user=user, role=Membership.Role.COACH)
        log_action(action="league.member.joined", actor=user, league=league, user=user.get_username())
    return membership


def account_create(*, form) -> AbstractBaseUser:
    """Create a coach's account from a validated sign-up form (UserCreationForm hashes the password)."""
    with transaction.atomic():
        return form.save()
