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

REST_FRAMEWORK["EXCEPTION_HANDLER"] (league.infra.api_exceptions) builds it for the API views;
league.infra.middleware builds it for the errors that never reach a view (unknown URL, NUL in the query
string, a server error). This module imports neither: both import it.
"""

from __future__ import annotations

from typing import Any

from django.http import JsonResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

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


class ErrorSerializer(serializers.Serializer):
    """Documents error_body() in the OpenAPI schema."""

    code = serializers.CharField(help_text="; ".join(f"{code}: {what}" for code, what in ERROR_CODES.items()))
    detail = serializers.CharField(help_text="Every reason in one line.")
    # DRF's metaclass takes declared fields out of the class: `errors` and `fields` do not shadow
    # Serializer.errors and Serializer.fields at run time, as the stubs assume.
    errors = serializers.ListField(  # type: ignore[assignment]
        child=serializers.CharField(),
        help_text="Every reason, in the request's language; a field's reason starts with its path (players[3].name: …).",
    )
    fields = serializers.DictField(  # type: ignore[assignment]
        help_text="The reasons by input field, nested like the input (lists by index); {} when no field is at fault."
    )

    class Meta:
        ref_name = "Error"


def error_response(description: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=description)
