"""What every endpoint of the JSON API shares: one error shape (the parser and pagination: api_parsing).

Every error the API answers, whoever asks (session, Basic, anonymous) and whatever went wrong (a
rule refusal, a malformed field, bad JSON, no login, a lockout, an unknown URL, a server error), is
one JSON object (documented in the API description and README.md):

    {"code": "refused", "detail": "…", "errors": ["…", "…"], "fields": {…}}

- code: what kind of error, for programs (see ERROR_CODES);
- errors: every reason, each a sentence in the request's language; a field's reason starts with
  the field's path (players[10].position: …);
- detail: the same reasons in one line;
- fields: the reasons by input field, nested like the input (empty when no field is at fault).

REST_FRAMEWORK["EXCEPTION_HANDLER"] builds it for the API views; league.middleware builds it for
the errors that never reach a view (unknown URL, NUL in the query string, a server error).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from league.inputs import InputError

# The codes a client may meet; DRF's own codes pass through unchanged.
ERROR_CODES = {
    "invalid": "Malformed input: see fields.",
    "refused": "Well-formed, but refused by the rules or the state of the data.",
    "parse_error": "The body could not be read (bad JSON, a NUL character, a number too large, nesting too deep).",
    "bad_request": "The request itself is malformed (e.g. a NUL character in the query string).",
    "not_authenticated": "Not logged in (401, with a Basic challenge).",
    "authentication_failed": "Wrong user name or password (401).",
    "locked_out": "Too many failed logins from this address or for this account (429, Retry-After).",
    "csrf_failed": "Session authentication without the CSRF token (403).",
    "permission_denied": "Logged in, but not allowed (403).",
    "not_found": "No such object or URL (404).",
    "method_not_allowed": "405.",
    "unsupported_media_type": "415.",
    "throttled": "429, Retry-After.",
    "server_error": "500: a bug; nothing was written.",
}


def error_body(code: str, errors: list[str], fields: dict[str, Any] | None = None) -> dict[str, Any]:
    errors = [str(e) for e in errors]
    return {"code": code, "detail": " ".join(errors), "errors": errors, "fields": fields or {}}


def error_json(body: dict[str, Any], status: int) -> JsonResponse:
    """An error outside DRF (middleware, axes) written as DRF writes its own: UTF-8, not \\u escapes."""
    return JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})


def status_error_body(status: int) -> dict[str, Any]:
    """The body for an error that carries no message of its own (an unknown URL, a 500...)."""
    known = {
        400: ("bad_request", _("The request is malformed.")),
        403: ("permission_denied", _("You may not do this.")),
        404: ("not_found", _("There is nothing at this address.")),
        405: ("method_not_allowed", _("This method is not allowed here.")),
        413: ("bad_request", _("The request is too large.")),
        500: ("server_error", _("A server error occurred; nothing was changed. Please try again later.")),
    }
    code, message = known.get(status, ("server_error" if status >= 500 else "bad_request", _("The request failed.")))
    return error_body(code, [message])


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


def _rule_refusal(exc: Exception) -> bool:
    # Imported here: league is below teams and matches, whose refusals these are.
    from matches.services.common import MatchError
    from teams.errors import TeamRuleError

    return isinstance(exc, TeamRuleError | MatchError)


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
        from league.lockout import locked_out_api_response

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


class ErrorSerializer(serializers.Serializer):
    """Documents error_body() in the OpenAPI schema."""

    code = serializers.CharField(help_text="; ".join(f"{code}: {what}" for code, what in ERROR_CODES.items()))
    detail = serializers.CharField(help_text="Every reason in one line.")
    errors = serializers.ListField(
        child=serializers.CharField(),
        help_text="Every reason, in the request's language; a field's reason starts with its path (players[3].name: …).",
    )
    fields = serializers.DictField(
        help_text="The reasons by input field, nested like the input (lists by index); {} when no field is at fault."
    )

    class Meta:
        ref_name = "Error"


def error_response(description: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=description)
