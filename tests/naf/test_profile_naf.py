"""A coach's NAF number and name, kept on his account page (the NAF report reads them)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.accounts.models import Profile

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_in(client, coach_alice):
    client.force_login(coach_alice)
    return client


def naf_of(user) -> tuple[int | None, str]:
    profile = Profile.objects.get(user=user)
    return profile.naf_number, profile.naf_name


def test_the_account_page_saves_the_naf_number_and_name(alice_in, coach_alice):
    page = alice_in.get(reverse("profile")).content.decode()
    assert 'id="naf"' in page and 'name="naf_number"' in page
    saved = alice_in.post(reverse("profile"), {"form": "naf", "naf_number": "12345", "naf_name": " Jack & Jill "})
    assert saved.status_code == 302
    assert naf_of(coach_alice) == (12345, "Jack & Jill")
    page = alice_in.get(reverse("profile")).content.decode()
    assert 'value="12345"' in page and "Your NAF membership is saved." in page
    # The mail preferences' form leaves it alone, and emptying the number takes it away.
    alice_in.post(reverse("profile"), {"form": "mail", "language": "fr", "mail_mode": "digest"})
    assert naf_of(coach_alice) == (12345, "Jack & Jill")
    alice_in.post(reverse("profile"), {"form": "naf", "naf_number": "", "naf_name": ""})
    assert naf_of(coach_alice) == (None, "")
    assert Profile.objects.get(user=coach_alice).naf_name_or_username == "alice"


@pytest.mark.parametrize("number", ["0", "-3", "12a", "99999999999"])
def test_a_wrong_naf_number_is_refused_with_a_reason_and_nothing_saved(alice_in, coach_alice, number):
    refused = alice_in.post(reverse("profile"), {"form": "naf", "naf_number": number, "naf_name": "Jack"})
    assert refused.status_code == 200
    text = refused.content.decode()
    assert "A NAF number is a whole number above zero" in text or "This NAF number is too large" in text
    assert not Profile.objects.filter(user=coach_alice, naf_name="Jack").exists()


def test_the_naf_form_in_french(alice_in):
    page = alice_in.get(reverse("profile"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Adhésion à la NAF" in page and "Numéro NAF" in page
    refused = alice_in.post(
        reverse("profile"), {"form": "naf", "naf_number": "0", "naf_name": ""}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert "Un numéro NAF est un nombre entier supérieur à zéro" in refused.content.decode()
