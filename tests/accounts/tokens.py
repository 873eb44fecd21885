"""Making a personal API token as a user does: through the tokens page, the secret read off the answer."""

from __future__ import annotations

import re

from django.test import Client
from rest_framework.test import APIClient

SECRET = re.compile(r'id="token-secret"[^>]*value="([^"]+)"')


def token_from_page(user, name: str = "league bot") -> str:
    """The secret the tokens page shows once, after its form made the token."""
    browser = Client()
    browser.force_login(user)
    response = browser.post("/accounts/tokens/", {"name": name})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    found = SECRET.search(response.content.decode())
    assert found, response.content.decode()
    return found[1]


def script(secret: str) -> APIClient:
    """A program: no session, no cookie, only the token in each request's header."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    return client
