"""What a visitor locked out by django-axes sees: the login page (or the API's error) saying why and for how long.

django-axes counts failed logins per account and per address (settings: AXES_*); once either
reaches the limit, its backend refuses before any password is hashed, and this module words the
refusal: the login form again, with the reason, on the site (axes calls lockout_response through
AXES_LOCKOUT_CALLABLE); the API's error shape with Retry-After on /api/ (locked_out_api_response,
called by league.infra.api_errors's exception handler for Basic authentication).
"""

from __future__ import annotations

import math
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext
from rest_framework.response import Response

STATUS = 429  # Too Many Requests: the client may come back after Retry-After


class LoginThrottleBackend(AxesStandaloneBackend):
    """django-axes' watching backend (first in AUTHENTICATION_BACKENDS), except that a login
    without a request is let through to the next backend instead of raising: every web login
    (the login page, the admin, the API's Basic authentication) passes its request, and what does
    not (Django's test client.login(), a shell) has no address to throttle."""

    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> Any:
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def client_ip(request: Any) -> str | None:
    """AXES_CLIENT_IP_CALLABLE: the address that counts failed logins.

    Behind TRUSTED_PROXY_COUNT proxies, the address the outermost one saw: each proxy appends the
    address it received from to X-Forwarded-For, so what a client writes there itself stays to the
    left and is never trusted.
    """
    count = settings.TRUSTED_PROXY_COUNT
    if count:
        forwarded: list[str] = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
        if len(forwarded) >= count:
            return forwarded[-count]
    address: str | None = request.META.get("REMOTE_ADDR")
    return address


def cool_off_minutes(request: Any = None) -> int:
    cool_off = get_cool_off(request)
    return math.ceil(cool_off.total_seconds() / 60) if cool_off else 0


def lockout_message(request: Any = None) -> str:
    minutes = cool_off_minutes(request)
    return ngettext(
        "Too many failed logins for this account or from this address: logging in is blocked for "
        "%(minutes)s minute. Wait, then try again.",
        "Too many failed logins for this account or from this address: logging in is blocked for "
        "%(minutes)s minutes. Wait, then try again.",
        minutes,
    ) % {"minutes": minutes}


def _retry_after(request: Any) -> str:
    cool_off = get_cool_off(request)
    return str(int(cool_off.total_seconds())) if cool_off else "3600"


def locked_out_api_response(request: Any) -> Response:
    from league.infra.api_errors import error_body

    return Response(
        error_body("locked_out", [lockout_message(request)]),
        status=STATUS,
        headers={"Retry-After": _retry_after(request)},
    )


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the login page with the reason (the API's error shape under /api/)."""
    from league.infra.api_errors import error_body, error_json
    from league.infra.middleware import is_api

    if is_api(request):
        response: HttpResponse = error_json(error_body("locked_out", [lockout_message(request)]), STATUS)
    else:
        username = (credentials or {}).get("username") or request.POST.get("username", "")
        context = {
            "form": AuthenticationForm(request, initial={"username": username}),
            "next": request.POST.get("next") or request.GET.get("next") or "",
            "lockout": lockout_message(request),
        }
        response = render(request, "registration/login.html", context, status=STATUS)
    response["Retry-After"] = _retry_after(request)
    return response
