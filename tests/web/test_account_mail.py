"""Accounts that look after themselves, through the pages and a real SMTP server (smtp_outbox):
password reset and change, the profile, confirming and changing an address, and the throttle on
the mails anyone may ask for."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import signing
from django.test import Client
from django.urls import reverse

from league.accounts.models import Profile
from league.accounts.services import profile_of

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "Another-long-Pass-4242"
LINK = re.compile(r"https?://testserver(/accounts/\S+/)")


def link_in(message) -> str:
    found = LINK.search(message.get_content())
    assert found, message.get_content()
    return found.group(1)


@pytest.fixture
def alice(coach_alice):
    coach_alice.email = "alice@example.org"
    coach_alice.save()
    return coach_alice


def test_a_reset_mail_arrives_by_smtp_and_its_link_sets_a_password_that_logs_in(client, alice, smtp_outbox):
    login_page = client.get(reverse("login")).text
    assert reverse("password_reset") in login_page
    response = client.post(reverse("password_reset"), {"email": "ALICE@example.org"})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    assert "If an account has this address" in client.get(response["Location"]).text
    [mail] = smtp_outbox
    assert mail["To"] == "alice@example.org" and mail["X-Envelope-To"] == "alice@example.org"
    assert mail["Subject"] == "Choosing a new password for your Blood Bowl league account"
    assert "Hello alice" in mail.get_content()

    form_page = client.get(link_in(mail), follow=True)  # Django hides the token behind a redirect
    assert form_page.context["validlink"] and 'name="new_password1"' in form_page.text
    done = client.post(form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done["Location"] == reverse("password_reset_complete")
    assert "Your new password is set" in client.get(done["Location"]).text
    assert not Client().login(username="alice", password="pw-alice")
    fresh = Client()
    assert fresh.post(reverse("login"), {"username": "alice", "password": NEW_PASSWORD}).status_code == 302
    assert fresh.get(reverse("profile")).status_code == 200
    # The link is used: following it again says so.
    assert "This link is not valid" in Client().get(link_in(mail), follow=True).text


def test_the_reset_mail_is_in_the_language_of_the_profile(client, alice, smtp_outbox):
    profile = profile_of(alice)
    profile.language = "fr"
    profile.save()
    client.post(reverse("password_reset"), {"email": "alice@example.org"})  # asked from an English page
    [mail] = smtp_outbox
    assert mail["Subject"] == "Choisir un nouveau mot de passe pour votre compte de ligue Blood Bowl"
    assert "Bonjour alice" in mail.get_content() and "ignorez ce courriel" in mail.get_content()


def test_an_unknown_address_is_answered_exactly_like_a_known_one(client, alice, smtp_outbox):
    known = client.post(reverse("password_reset"), {"email": "alice@example.org"})
    unknown = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert [m["To"] for m in smtp_outbox] == ["alice@example.org"]


def test_reset_requests_are_throttled_per_address_and_per_client(alice, smtp_outbox, settings):
    settings.ACCOUNT_MAILS_PER_HOUR = 3
    for n in range(3):
        browser = Client(REMOTE_ADDR=f"198.51.100.{n}")
        assert browser.post(reverse("password_reset"), {"email": "alice@example.org"}).status_code == 302
    refused = Client(REMOTE_ADDR="198.51.100.9").post(reverse("password_reset"), {"email": "alice@example.org"})
    assert refused.status_code == 200 and "Too many mails were asked" in refused.text
    assert len(smtp_outbox) == 3
    # From one client, for addresses with or without an account: the same count, the same refusal.
    attacker = Client(REMOTE_ADDR="203.0.113.7")
    for n in range(3):
        assert attacker.post(reverse("password_reset"), {"email": f"guess{n}@example.org"}).status_code == 302
    assert "Too many mails were asked" in attacker.post(reverse("password_reset"), {"email": "x@example.org"}).text
    assert len(smtp_outbox) == 3


def test_password_change_from_the_profile(client, alice):
    client.force_login(alice)
    assert reverse("password_change") in client.get(reverse("profile")).text
    response = client.post(
        reverse("password_change"),
        {"old_password": "pw-alice", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response["Location"] == reverse("password_change_done")
    assert "Your password is changed" in client.get(response["Location"]).text
    assert Client().login(username="alice", password=NEW_PASSWORD)
    wrong = client.post(
        reverse("password_change"),
        {"old_password": "nope", "new_password1": "x1-Long-enough-9", "new_password2": "x1-Long-enough-9"},
    )
    assert wrong.status_code == 200 and "Your old password was entered incorrectly" in wrong.text
    assert Client().get(reverse("password_change"))["Location"].startswith(reverse("login"))


def test_the_profile_shows_the_account_and_saves_the_mail_preferences(client, alice):
    assert Client().get(reverse("profile"))["Location"].startswith(reverse("login"))
    client.force_login(alice)
    page = client.get(reverse("profile")).text
    assert "alice@example.org" in page and "not confirmed" in page and "Send the confirmation again" in page
    assert reverse("address_change") in page and reverse("accounts:tokens") in page  # the tokens, from here
    response = client.post(reverse("profile"), {"language": "fr", "mail_mode": "digest"})
    assert response["Location"] == reverse("profile")
    profile = Profile.objects.get(user=alice)
    assert (profile.language, profile.mail_mode) == ("fr", "digest")
    assert client.post(reverse("profile"), {"language": "de", "mail_mode": "often"}).status_code == 200
    assert Profile.objects.get(user=alice).language == "fr"


def test_an_address_changes_when_the_link_mailed_to_it_is_followed(client, alice, smtp_outbox):
    client.force_login(alice)
    response = client.post(reverse("address_change"), {"email": "alice@new.example.org"})
    assert response["Location"] == reverse("profile")
    [mail] = smtp_outbox
    assert mail["To"] == "alice@new.example.org" and mail["Subject"] == "Confirm your new address"
    alice.refresh_from_db()
    assert alice.email == "alice@example.org"  # not before the link is followed

    tampered = link_in(mail).replace(":", ";", 1)
    assert Client().get(tampered).status_code == 400
    page = Client().get(link_in(mail))  # from a mail reader that is not logged in
    assert page.status_code == 200 and "Your address is changed and confirmed" in page.text
    alice.refresh_from_db()
    assert alice.email == "alice@new.example.org" and profile_of(alice).email_confirmed
    [_, notice] = smtp_outbox
    assert notice["To"] == "alice@example.org" and notice["Subject"] == "The address of your account was changed"
    assert "alice@new.example.org" in notice.get_content()
    # Followed again, the link is for an address the account no longer has.
    assert "no longer has" in Client().get(link_in(mail)).text
    assert "confirmed" in client.get(reverse("profile")).text


def test_an_expired_or_forged_address_link_is_refused(client, alice, smtp_outbox, settings):
    client.force_login(alice)
    client.post(reverse("address_change"), {"email": "alice@new.example.org"})
    [mail] = smtp_outbox
    settings.EMAIL_CONFIRM_DAYS = -1  # every link is older than that
    expired = Client().get(link_in(mail))
    assert expired.status_code == 400 and "This link has expired" in expired.text
    settings.EMAIL_CONFIRM_DAYS = 3
    forged = signing.dumps({"u": alice.pk, "e": "mallory@example.org", "was": alice.email}, salt="another.salt")
    assert Client().get(reverse("address_confirm", args=[forged])).status_code == 400
    alice.refresh_from_db()
    assert alice.email == "alice@example.org" and not profile_of(alice).email_confirmed
    assert len(smtp_outbox) == 1  # the old address was told nothing


def test_another_accounts_address_is_refused(client, alice, user_factory):
    client.force_login(user_factory("bob", email="bob@example.org"))
    page = client.post(reverse("address_change"), {"email": "Alice@Example.org"})
    assert page.status_code == 200 and "Another account has this address" in page.text


def test_sign_up_mails_a_confirmation_that_confirms(client, smtp_outbox):
    client.cookies["django_language"] = "fr"
    password = "a-Long-and-unusual-pass-42"
    data = {"username": "newcoach", "email": "new@example.org", "password1": password, "password2": password}
    response = client.post(reverse("signup"), data)
    assert response.status_code == 302
    user = get_user_model().objects.get(username="newcoach")
    profile = Profile.objects.get(user=user)
    assert (user.email, profile.language, profile.email_confirmed) == ("new@example.org", "fr", False)
    [mail] = smtp_outbox
    assert mail["To"] == "new@example.org" and mail["Subject"] == "Confirmez votre adresse"
    # Logged in at once; the profile says the address waits for its confirmation.
    assert "pas encore confirmée" in client.get(reverse("profile")).text
    assert "Votre adresse est confirmée" in client.get(link_in(mail)).text
    assert Profile.objects.get(user=user).email_confirmed
    assert "pas encore confirmée" not in client.get(reverse("profile")).text


def test_the_confirmation_is_sent_again_from_the_profile_and_throttled(client, alice, smtp_outbox, settings):
    settings.ACCOUNT_MAILS_PER_HOUR = 2
    client.force_login(alice)
    for _ in range(2):
        assert client.post(reverse("address_resend"), follow=True).text.count("A link was mailed to alice@example.org")
    refused = client.post(reverse("address_resend"), follow=True)
    assert "Too many mails were asked" in refused.text
    assert [m["Subject"] for m in smtp_outbox] == ["Confirm your address"] * 2
    assert "Your address is confirmed" in client.get(link_in(smtp_outbox[0])).text
