"""Signing up, logging in and what a league page offers to each visitor."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "a-Long-and-unusual-pass-42"


def test_signup_creates_the_account_and_logs_in(client):
    page = client.get(reverse("signup"))
    assert page.status_code == 200 and 'name="password2"' in page.text
    assert 'name="email"' in page.text
    data = {"username": "newcoach", "email": "newcoach@example.org", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(reverse("signup"), data)
    assert response.status_code == 302 and response["Location"] == reverse("home")
    user = get_user_model().objects.get(username="newcoach")
    home = client.get(reverse("home"))
    assert home.wsgi_request.user == user
    assert "newcoach" in home.text and "My teams" in home.text and "your account is ready" in home.text


def test_signup_returns_to_next_and_ignores_foreign_next(client, league):
    data = {
        "username": "c1",
        "email": "c1@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
        "next": league.get_absolute_url(),
    }
    assert client.post(reverse("signup"), data)["Location"] == league.get_absolute_url()
    client.logout()
    data = {
        "username": "c2",
        "email": "c2@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
        "next": "https://evil.example/",
    }
    assert client.post(reverse("signup"), data)["Location"] == reverse("home")


def test_signup_refusals_are_shown(client, coach_alice):
    response = client.post(reverse("signup"), {"username": "alice", "password1": "x", "password2": "y"})
    assert response.status_code == 200
    assert "A user with that username already exists." in response.text
    assert "password fields didn" in response.text
    assert "This field is required." in response.text  # the address
    empty = client.post(reverse("signup"), {})
    assert "This field is required." in empty.text
    assert get_user_model().objects.count() == 1


def test_login_and_logout_exist(client, coach_alice):
    page = client.get(reverse("login"))
    assert page.status_code == 200 and reverse("signup") in page.text
    response = client.post(reverse("login"), {"username": "alice", "password": "pw-alice"})
    assert response.status_code == 302
    assert client.post(reverse("logout")).status_code == 302


def test_league_page_offers_join_or_create(client, league, coach_alice, user_factory):
    url = league.get_absolute_url()
    anonymous = client.get(url).text
    assert "Join this league" not in anonymous and "Create a team" not in anonymous
    assert reverse("signup") + "?next=" in anonymous

    client.force_login(user_factory("stranger"))
    stranger = client.get(url).text
    assert "Join this league" in stranger and "Create a team" not in stranger
    assert reverse("league:join", args=[league.slug]) in stranger

    client.force_login(coach_alice)
    member = client.get(url).text
    assert "Create a team" in member and "Join this league" not in member
    assert reverse("league:team_new", args=[league.slug]) in member


def test_a_closed_league_says_so(client, league, user_factory):
    league.open_to_join = False
    league.save()
    client.force_login(user_factory("stranger"))
    text = client.get(league.get_absolute_url()).text
    assert "not open to new coaches" in text and "Join this league" not in text


def test_french_account_pages(client):
    client.cookies["django_language"] = "fr"
    page = client.get(reverse("login"))
    assert 'lang="fr"' in page.text and "Connexion" in page.text
