"""The reader's menu rendered alone, for a page kept for his standing in a league whose copy is kept
but his menu is not (league/infra/page_cache.py, page_shared.py).

A coach whose team just played has new badges: his menu's versions moved, not the page's. Before, the
whole page was rendered again for him to cut his menu out of it; now the page cache marks the request
`page_menu_only` and sends it down the middleware as any request (session, language, user, CSRF),
and this middleware, last, answers with `_nav.html` alone (what base.html includes between its nav
markers) instead of calling the view: the same menu, a few queries instead of the page's.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string


class MenuOnlyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if getattr(request, "page_menu_only", False):
            return HttpResponse(render_to_string("_nav.html", request=request))
        return self.get_response(request)
