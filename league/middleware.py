"""Two guards around every request: bad characters are refused up front, API errors are JSON.

RefuseBadInputMiddleware answers 400 to a NUL character (or a lone surrogate) anywhere in the path,
the query string or a form body, before any view can look it up or store it: PostgreSQL raises on a
NUL in text, so `?league=%00` was a 500 there and a 404 on SQLite. JSON bodies are checked by the
parsers (league.infra.inputs), which see the decoded strings.

ApiErrorMiddleware gives the errors no API view produced (an unknown /api/ URL, a 500, Django's
own 400s) the API's one error shape (league.infra.api_errors.error_body) instead of an HTML page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from django.conf import settings
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext as _
from rest_framework.response import Response

from league.infra.api_errors import error_body, error_json, status_error_body
from league.infra.inputs import pairs_problems, text_problem

API_PREFIX = "/api/"
FORM_TYPES = {"application/x-www-form-urlencoded", "multipart/form-data"}


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def _pairs(data: QueryDict) -> Iterator[tuple[str, str]]:
    for name, values in data.lists():
        for value in values:
            yield name, value if isinstance(value, str) else ""


def request_problems(request: HttpRequest) -> list[str]:
    problems = []
    reason = text_problem(request.path_info)
    if reason:
        problems.append(_("The address %(reason)s") % {"reason": reason})
    problems += pairs_problems(_pairs(request.GET))
    if request.method != "GET" and request.content_type in FORM_TYPES:
        if request.method == "POST":
            body = request.POST  # what the view will read anyway (DRF reuses it)
        elif request.content_type == "application/x-www-form-urlencoded":
            body = QueryDict(request.body, encoding=request.encoding)  # PUT/PATCH forms, for the API
        else:
            body = QueryDict()
        problems += pairs_problems(_pairs(body))
    return problems


def bad_input_response(request: HttpRequest, problems: list[str]) -> HttpResponse:
    if is_api(request):
        return error_json(error_body("bad_request", problems), 400)
    return render(request, "bad_input.html", {"problems": problems}, status=400)


class RefuseBadInputMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        problems = request_problems(request)
        if problems:
            return bad_input_response(request, problems)
        return self.get_response(request)


class ApiErrorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code >= 400
            and is_api(request)
            and not isinstance(response, Response)  # an API view's own error: shaped already
            and not response.get("Content-Type", "").startswith("application/json")
            and not (settings.DEBUG and response.status_code >= 500)  # keep Django's debug page
        ):
            replaced = error_json(status_error_body(response.status_code), response.status_code)
            for header in ("WWW-Authenticate", "Retry-After", "Allow"):
                if header in response:
                    replaced[header] = response[header]
            return replaced
        return response
