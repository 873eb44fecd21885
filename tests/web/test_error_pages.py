"""Error pages: 403 and 404 keep the site's menu and say why; 400 keeps the menu; 500 needs nothing."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db

MENU = 'id="main-nav"'


def test_a_403_shows_the_menu_and_the_services_reason(client, humans, user_factory):
    stranger = user_factory("mallory")
    client.force_login(stranger)
    response = client.get(reverse("teams:player_rename", args=[humans.pk, humans.players.first().pk]))
    assert response.status_code == 403
    text = response.content.decode()
    assert MENU in text and "mallory" in text and "Log out" in text
    assert "You may not change this team." in text


def test_the_403_reason_is_in_the_readers_language(client, humans, user_factory):
    client.force_login(user_factory("mallory"))
    client.cookies["django_language"] = "fr"
    response = client.get(reverse("teams:treasury_reverse", args=[humans.pk, humans.ledger.first().pk]))
    text = response.content.decode()
    assert response.status_code == 403 and 'lang="fr"' in text and MENU in text
    assert "Seul un commissaire de la ligue peut corriger la trésorerie." in text


def test_a_match_page_refused_to_a_stranger_says_who_may(client, demo_league, user_factory):
    match = demo_league.matches.get(home__name="Reikland Reavers", away__name="Gouged Eye")
    client.force_login(user_factory("mallory"))
    response = client.get(reverse("matches:dice", args=[match.pk]))
    assert response.status_code == 403
    assert "Only the two coaches and the commissioner may do this." in response.content.decode()


def test_a_404_keeps_the_menu_and_names_the_address(client, league):
    response = client.get("/teams/987654/")
    text = response.content.decode()
    assert response.status_code == 404 and MENU in text and "/teams/987654/" in text
    client.cookies["django_language"] = "fr"
    assert "Page introuvable" in client.get("/teams/987654/").content.decode()


def test_a_400_keeps_the_menu(client):
    response = client.get("/", HTTP_HOST="not allowed.example")  # DisallowedHost: a 400
    assert response.status_code == 400
    text = response.content.decode()
    assert MENU in text and 'data-status="400"' in text


def test_the_500_page_renders_without_a_request_context(client, monkeypatch):
    # Django renders 500.html with no request and no context processors (the database may be down).
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500 and b'data-status="500"' in response.content
    # And through the real stack, when a view fails.
    monkeypatch.setattr("league.pages.views.league_list", lambda: 1 / 0)
    client.raise_request_exception = False
    failed = client.get("/")
    assert failed.status_code == 500 and b"Server error" in failed.content
