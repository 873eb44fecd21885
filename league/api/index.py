"""GET /api/: the API's index, so that its root answers (not a 404) with where everything is: every
endpoint group with its URLs (placeholders in braces, as the OpenAPI document writes them), the
documentation and the schema. Built from the URL patterns themselves, so a new endpoint is listed
without editing this file."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

DOCUMENTS = ("api-schema", "api-docs", "api-redoc")


def _routes(patterns: list[Any], prefix: str = "") -> list[tuple[str, str]]:
    """(path, name) of every pattern, nested includes followed."""
    found = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            found += _routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            found.append((route, pattern.name or ""))
    return found


def _openapi(route: str) -> str:
    """Django's "<int:team_id>" as OpenAPI's "{team_id}"."""
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route.lstrip("^").rstrip("$"))


def api_groups() -> dict[str, list[str]]:
    """Every API endpoint by group (the first segment after /api/), the documents left out."""
    groups: dict[str, list[str]] = {}
    for route, name in _routes(get_resolver().url_patterns):
        if not route.startswith("api/") or route == "api/" or name in DOCUMENTS:
            continue
        path = _openapi(route)
        groups.setdefault(path.split("/")[2], []).append(path)
    return {group: sorted(paths, key=lambda p: (p.count("/"), p)) for group, paths in sorted(groups.items())}


class ApiIndexApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(exclude=True)
    def get(self, request: Request) -> Response:
        absolute = request.build_absolute_uri
        return Response(
            {
                "title": settings.SPECTACULAR_SETTINGS["TITLE"],
                "version": settings.SPECTACULAR_SETTINGS["VERSION"],
                "docs": absolute(reverse("api-docs")),
                "redoc": absolute(reverse("api-redoc")),
                "schema": absolute(reverse("api-schema")),
                "groups": {
                    group: {
                        "url": absolute(f"/api/{group}/") if f"/api/{group}/" in paths else None,
                        "endpoints": paths,
                    }
                    for group, paths in api_groups().items()
                },
            }
        )
