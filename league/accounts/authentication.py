"""The API's personal tokens (league.accounts.tokens): `Authorization: Bearer <token>`.

First in REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"]: a request without a Bearer header goes
on to Basic and the session as before; a Bearer header with an unknown, wrong or revoked token is
refused (401) rather than tried as anything else.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from league.accounts.tokens import token_user


class BearerTokenAuthentication(BaseAuthentication):
    keyword = b"bearer"

    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword:
            return None  # Basic or the session, below
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(_("Give one token after “Bearer”."))
        try:
            secret = parts[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("Invalid or revoked API token.")) from None
        user = token_user(secret)
        if user is None:
            raise exceptions.AuthenticationFailed(_("Invalid or revoked API token."))
        return user, None

    def authenticate_header(self, request: Request) -> str:
        # Both challenges (RFC 9110 §11.6.1): Basic first, as before tokens, for clients that read one.
        return 'Basic realm="api", Bearer realm="api"'


class BearerTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """Declares the bearer scheme in the OpenAPI schema (drf-spectacular)."""

    target_class = "league.accounts.authentication.BearerTokenAuthentication"
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A personal API token, made on /accounts/tokens/: `Authorization: Bearer <token>`.",
        }
