"""Personal API tokens: the page that lists, makes and revokes them, and the API's Bearer
authentication (only a digest is stored, revoked or wrong tokens are refused, use is recorded)."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from django.test import Client
from rest_framework.test import APIClient

from league.accounts.models import ApiToken
from tests.accounts.tokens import script, token_from_page

pytestmark = pytest.mark.django_db


def test_a_token_is_shown_once_and_only_its_digest_is_kept(coach_alice):
    secret = token_from_page(coach_alice, "league bot")
    token = ApiToken.objects.get()
    assert (token.user, token.name, token.prefix) == (coach_alice, "league bot", secret[:8])
    assert token.secret_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(ApiToken.objects.values_list().get())
    browser = Client()
    browser.force_login(coach_alice)
    listing = browser.get("/accounts/tokens/").content.decode()
    assert "league bot" in listing and f"{secret[:8]}…" in listing
    assert secret not in listing  # never shown again


def test_the_token_authenticates_the_api_and_records_its_use(coach_alice):
    secret = token_from_page(coach_alice)
    token = ApiToken.objects.get()
    assert token.last_used_at is None
    client = script(secret)
    response = client.get("/api/teams/")
    assert response.status_code == 200
    assert response.wsgi_request.user == coach_alice
    token.refresh_from_db()
    first = token.last_used_at
    assert first is not None
    # At most one write a minute: a burst of requests leaves it as it was...
    client.get("/api/teams/")
    token.refresh_from_db()
    assert token.last_used_at == first
    # ...and a request a minute later moves it.
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=first - timedelta(minutes=2))
    client.get("/api/teams/")
    token.refresh_from_db()
    assert token.last_used_at > first - timedelta(minutes=1)


def test_a_wrong_or_revoked_token_is_refused_401(coach_alice, league):
    secret = token_from_page(coach_alice)
    body = {"league": league.slug, "name": "X", "race": "human", "players": []}
    for wrong in (secret[:8] + "x" * (len(secret) - 8), "short", secret + "x"):
        response = script(wrong).post("/api/teams/", body, format="json")
        assert response.status_code == 401
        assert response.json()["code"] == "authentication_failed"
        assert response["WWW-Authenticate"].startswith("Basic")
        assert "Bearer" in response["WWW-Authenticate"]

    browser = Client()
    browser.force_login(coach_alice)
    token = ApiToken.objects.get()
    confirm = browser.get(f"/accounts/tokens/{token.pk}/revoke/")
    assert confirm.status_code == 200 and "cannot be undone" in confirm.content.decode()
    assert script(secret).get("/api/teams/").wsgi_request.user == coach_alice  # still valid
    assert browser.post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert script(secret).get("/api/teams/").status_code == 401
    listing = browser.get("/accounts/tokens/").content.decode()
    assert "Token “league bot” revoked" in listing and 'id="tokens"' not in listing


def test_an_inactive_user_s_token_is_refused(coach_alice):
    secret = token_from_page(coach_alice)
    coach_alice.is_active = False
    coach_alice.save()
    assert script(secret).get("/api/teams/").status_code == 401


def test_no_bearer_header_leaves_basic_and_anonymous_reads_as_before(coach_alice):
    assert APIClient().get("/api/teams/").status_code == 200
    basic = APIClient()
    basic.credentials(HTTP_AUTHORIZATION="Basic YWxpY2U6cHctYWxpY2U=")  # alice:pw-alice
    assert basic.get("/api/teams/").wsgi_request.user == coach_alice


def test_the_tokens_page_needs_a_login_and_nobody_revokes_another_s_token(coach_alice, user_factory):
    assert Client().get("/accounts/tokens/").status_code == 302  # to the login page
    assert Client().post("/accounts/tokens/", {"name": "x"}).status_code == 302
    assert ApiToken.objects.count() == 0
    token_from_page(coach_alice)
    token = ApiToken.objects.get()
    mallory = Client()
    mallory.force_login(user_factory("mallory"))
    assert mallory.get(f"/accounts/tokens/{token.pk}/revoke/").status_code == 404
    assert mallory.post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 404
    assert "league bot" not in mallory.get("/accounts/tokens/").content.decode()
    token.refresh_from_db()
    assert token.revoked_at is None
    # A nameless token is refused by the form.
    alice = Client()
    alice.force_login(coach_alice)
    assert alice.post("/accounts/tokens/", {"name": " "}).status_code == 200
    assert ApiToken.objects.count() == 1


def test_the_tokens_pages_read_in_french(coach_alice):
    token_from_page(coach_alice)
    browser = Client()
    browser.cookies["django_language"] = "fr"
    browser.force_login(coach_alice)
    listing = browser.get("/accounts/tokens/").content.decode()
    assert "Jetons d’API" in listing and "Créer le jeton" in listing and "Révoquer" in listing
    made = browser.post("/accounts/tokens/", {"name": "second"}).content.decode()
    assert "Votre nouveau jeton" in made and "affiché cette seule fois" in made
    token = ApiToken.objects.filter(name="second").get()
    confirm = browser.get(f"/accounts/tokens/{token.pk}/revoke/").content.decode()
    assert "Révoquer le jeton" in confirm and "irréversible" in confirm


def test_the_schema_declares_the_bearer_scheme():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert schema["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
    assert "/accounts/tokens/" in schema["info"]["description"]
