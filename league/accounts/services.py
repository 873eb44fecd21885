"""Writes of a user's account: his profile, his address and its confirmation.

An address is confirmed, and an address changed, by one signed link mailed to the address
(django.core.signing, salted for this use, valid EMAIL_CONFIRM_DAYS days). It carries the user, the
address to confirm and the address the account had when the link was made: following it applies
only while the account still has that address, so an older link (an abandoned change, the
confirmation of an address since replaced) cannot bring an address back.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import BaseUserCreationForm
from django.contrib.auth.models import AbstractBaseUser, User
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from league.accounts.mail import mail_in
from league.accounts.models import Profile
from league.accounts.selectors import address_taken

SALT = "league.accounts.address"
# request.build_absolute_uri: the links in a mail need the site's scheme and host.
Absolute = Callable[[str], str]


def profile_of(user: AbstractBaseUser) -> Profile:
    """The user's profile, made with the defaults the first time it is needed (users made before
    profiles existed, or by the admin, have none yet)."""
    profile, _created = Profile.objects.get_or_create(user_id=user.pk)
    return profile


def mail_language_of(language: str | None) -> str:
    """A page's language as a profile's mail language ("fr-ca" is French)."""
    return "fr" if (language or "").lower().startswith("fr") else "en"


def sign_up(*, form: BaseUserCreationForm, language: str, absolute: Absolute) -> tuple[User, bool]:
    """A new account from a validated sign-up form (its address unconfirmed), its profile in the
    page's language, and the confirmation link mailed; the second value says whether it was sent."""
    with transaction.atomic():
        user: User = form.save()
        Profile.objects.create(user=user, language=mail_language_of(language))
    return user, confirmation_send(user=user, address=user.email, absolute=absolute)


def confirmation_send(*, user: AbstractBaseUser, address: str, absolute: Absolute) -> bool:
    """Mails `address` the link that makes it the account's confirmed address: the account's own
    address (sign-up, sending it again) or a new one (changing it)."""
    current = getattr(user, "email", "")
    token = signing.dumps({"u": user.pk, "e": address, "was": current}, salt=SALT, compress=True)
    context = {
        "user": user,
        "address": address,
        "change": address.lower() != current.lower(),
        "link": absolute(reverse("address_confirm", args=[token])),
        "days": settings.EMAIL_CONFIRM_DAYS,
    }
    return mail_in(profile_of(user).language, "confirm", context, address)


class Outcome(Enum):
    CONFIRMED = "confirmed"  # the account's address, confirmed
    CHANGED = "changed"  # the account's new address, confirmed
    EXPIRED = "expired"
    INVALID = "invalid"  # not a link of ours, or altered
    STALE = "stale"  # the account's address changed since the link was made
    TAKEN = "taken"  # another account took the address meanwhile


def address_confirm(token: str) -> Outcome:
    """Follows a confirmation link: confirms the address, or changes the account's to it and tells
    the old address (a change its owner did not ask for is noticed there)."""
    try:
        data = signing.loads(token, salt=SALT, max_age=settings.EMAIL_CONFIRM_DAYS * 86400)
    except signing.SignatureExpired:
        return Outcome.EXPIRED
    except signing.BadSignature:
        return Outcome.INVALID
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().filter(pk=data["u"]).first()
        if user is None or user.email != data["was"]:
            return Outcome.STALE
        if address_taken(data["e"], besides=user):
            return Outcome.TAKEN
        old = user.email
        changed = data["e"] != old
        if changed:
            user.email = data["e"]
            user.save(update_fields=["email"])
        profile = profile_of(user)
        profile.email_confirmed = True
        profile.save(update_fields=["email_confirmed"])
    if changed and old:
        mail_in(profile.language, "changed", {"user": user, "address": user.email}, old)
    return Outcome.CHANGED if changed else Outcome.CONFIRMED


def preferences_save(*, user: AbstractBaseUser, language: str, mail_mode: str) -> Profile:
    """The language of the user's mail and how often he is mailed his leagues' news."""
    profile = profile_of(user)
    profile.language, profile.mail_mode = language, mail_mode
    profile.save(update_fields=["language", "mail_mode"])
    return profile


def naf_save(*, user: AbstractBaseUser, naf_number: int | None, naf_name: str) -> Profile:
    """The coach's NAF number (None: none) and NAF name ("": his username) for the NAF report."""
    profile = profile_of(user)
    profile.naf_number, profile.naf_name = naf_number, naf_name.strip()
    profile.full_clean(exclude=["user"])  # a caller other than the form still gets a clear refusal
    profile.save(update_fields=["naf_number", "naf_name"])
    return profile


def password_invitation_send(*, user: User, league_name: str, absolute: Absolute) -> bool:
    """Mails an account made for a coach brought over from another league manager (no usable
    password: his old one is never ported) the link that sets his password: the password reset's
    own token and page, which Django's reset form would not send to an account without a password."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    link = absolute(reverse("password_reset_confirm", args=[uid, default_token_generator.make_token(user)]))
    days = max(1, settings.PASSWORD_RESET_TIMEOUT // 86400)
    context = {"user": user, "league": league_name, "link": link, "days": days}
    return mail_in(profile_of(user).language, "invitation", context, getattr(user, "email", ""))
