"""League administration by its commissioner, in the app (issue 9, item 1): creating a league."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.models import AuditEntry, League, Membership

pytestmark = pytest.mark.django_db


def new_league(**extra: str) -> dict[str, str]:
    return {"name": "Ligue du Vieux Monde", "ruleset": "lrb6", "description": "", "language": "fr", **extra}


def test_anonymous_is_sent_to_login_and_nothing_is_created(client):
    response = client.post(reverse("league:new"), new_league())
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not League.objects.exists()


def test_a_logged_in_user_creates_a_league_and_becomes_its_commissioner(client, coach_alice):
    client.force_login(coach_alice)
    page = client.get(reverse("league:new"))
    assert "LRB6" in page.text or "lrb6" in page.text.lower()
    response = client.post(reverse("league:new"), new_league(open_to_join="on", description="Du sang."))
    league = League.objects.get()
    assert response.status_code == 302 and response["Location"] == league.get_absolute_url()
    assert (league.name, league.slug, league.ruleset, league.language) == (
        "Ligue du Vieux Monde",
        "ligue-du-vieux-monde",
        "lrb6",
        "fr",
    )
    assert league.commissioner == coach_alice and league.open_to_join and league.description == "Du sang."
    assert Membership.objects.get(league=league).role == Membership.Role.COMMISSIONER
    entry = AuditEntry.objects.get(action="league.league.created")
    assert entry.actor == coach_alice and entry.league == league
    assert entry.data["ruleset"] == "lrb6" and entry.data["version"] and entry.data["language"] == "fr"


def test_a_duplicate_or_reserved_name_is_refused_with_the_reason(client, coach_alice, league):
    client.force_login(coach_alice)
    response = client.post(reverse("league:new"), new_league(name="test league"))
    assert response.status_code == 200 and "already exists" in response.text
    response = client.post(reverse("league:new"), new_league(name="New"))
    assert response.status_code == 200 and "cannot be used" in response.text
    assert League.objects.count() == 1
    assert AuditEntry.objects.filter(action="league.league.created").count() == 1  # the fixture's league


def test_an_unknown_ruleset_is_refused(client, coach_alice):
    client.force_login(coach_alice)
    response = client.post(reverse("league:new"), new_league(ruleset="nope"))
    assert response.status_code == 200
    assert not League.objects.exists()
