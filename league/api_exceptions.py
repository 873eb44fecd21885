"""REST_FRAMEWORK["EXCEPTION_HANDLER"]: every error of an API view as league.infra.api_errors's one shape.

Apart from the shape itself because it needs the login throttle's answer (league.infra.lockout), which
writes that shape too: the shape below both, the handler above both, no cycle.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from league.infra.api_errors import error_body
from league.infra.inputs import InputError
from league.infra.lockout import locked_out_api_response


def _flatten(detail: Any, path: str = "") -> list[str]:
    """Field errors as sentences, each prefixed by the path of its field (none for whole-input errors)."""
    if isinstance(detail, dict):
        found = []
        for key, value in detail.items():
            if key == api_settings.NON_FIELD_ERRORS_KEY:
                found += _flatten(value, path)
            elif str(key).isdigit():  # a list field's errors keyed by index (partial updates)
                found += _flatten(value, f"{path}[{key}]")
            else:
                found += _flatten(value, f"{path}.{key}" if path else str(key))
        return found
    if isinstance(detail, list):
        if all(isinstance(item, str) for item in detail):
            return [f"{path}: {item}" if path else str(item) for item in detail]
        found = []
        for index, item in enumerate(detail):
            found += _flatten(item, f"{path}[{index}]")
        return found
    return [f"{path}: {detail}" if path else str(detail)]


# The exceptions by which the services above the league core refuse a request on the rules or the
# state of the data (a team's rule, a match's): each app registers its own in AppConfig.ready(),
# so this module, below them, imports none of them.
RULE_REFUSALS: list[type[Exception]] = []


def register_rule_refusal(exception: type[Exception]) -> None:
    if exception not in RULE_REFUSALS:
        RULE_REFUSALS.append(exception)


def _rule_refusal(exc: Exception) -> bool:
    return isinstance(exc, tuple(RULE_REFUSALS))


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """REST_FRAMEWORK["EXCEPTION_HANDLER"]: every error as error_body(); None lets a bug be a 500."""
    if _rule_refusal(exc):
        set_rollback()  # the services roll back already; this also covers ATOMIC_REQUESTS
        return Response(error_body("refused", exc.messages), status=400)  # type: ignore[attr-defined]
    if isinstance(exc, InputError):
        set_rollback()
        return Response(error_body("parse_error", exc.messages), status=400)
    if isinstance(exc, RequestDataTooBig):  # Django's own limit, met while DRF reads the body
        limit = (settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0) // 1024
        return Response(
            error_body("parse_error", [_("The body is too large (at most %(max)s kB).") % {"max": limit}]), 400
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(*exc.args)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    response = drf_exception_handler(exc, context)  # headers (WWW-Authenticate, Retry-After), rollback
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    request = context.get("request")
    if isinstance(exc, exceptions.AuthenticationFailed) and getattr(request, "axes_locked_out", False):
        return locked_out_api_response(request)
    if isinstance(exc, exceptions.ValidationError):
        fields = response.data if isinstance(response.data, dict) else {}
        response.data = error_body("invalid", _flatten(response.data), fields)
        return response
    code = exc.get_codes()
    code = code if isinstance(code, str) else exc.default_code
    message = str(exc.detail)
    if isinstance(exc, exceptions.PermissionDenied) and message.startswith("CSRF Failed"):
        code = "csrf_failed"
        message = _(
            "The CSRF check failed: with session authentication, send the csrftoken cookie's value in the "
            "X-CSRFToken header (or use Basic authentication)."
        )
    response.data = error_body(code, [message])
    return response
