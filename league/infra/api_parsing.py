"""The API's JSON parser and pagination (REST_FRAMEWORK in league/config/settings.py).

Apart from league.infra.api_errors because DRF reads these settings while its views module loads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.pagination import LimitOffsetPagination

from league.infra.inputs import InputError, load_json


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing what league.infra.inputs refuses (a 400 with the reasons, not a 500)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None) -> Any:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        raw = stream.read() if stream is not None else b""
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise InputError([_("The body is not %(encoding)s text.") % {"encoding": encoding}]) from None
        return load_json(text)  # InputError: the handler answers with every reason, code "parse_error"


class Pagination(LimitOffsetPagination):
    # Without a maximum, ?limit=10**30 went straight into the SQL LIMIT (an overflow on SQLite).
    max_limit = 500
