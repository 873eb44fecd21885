"""The number of actions waiting for the logged-in user, for the badge in the menu."""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from league.infra.page_cache import menu_versions, page_cache_seconds
from matches.selectors.common import actions_waiting


def waiting_for(request: HttpRequest) -> dict[str, Any]:
    """Everything waiting for the request's user, computed once per request (the home page lists
    it, the menu counts it) in a constant number of queries."""
    cached = getattr(request, "_actions_waiting", None)
    if cached is None:
        cached = actions_waiting(getattr(request, "user", None))
        request._actions_waiting = cached  # type: ignore[attr-defined]
    return cached


def actions_waiting_badge(request: HttpRequest) -> dict[str, Any]:
    """Lazy: a page that does not show the menu (a fragment, an error page) makes no query."""

    def count() -> int:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return 0
        # Kept per user until a committed write in one of his leagues, or to him (league/infra/page_versions.py):
        # a coach going from page to page computes it once, not on each page (about 20 ms each time).
        seconds = page_cache_seconds()
        key = f"waiting-count:{user.pk}:{menu_versions(request)}" if seconds > 0 else ""
        kept = caches["default"].get(key) if key else None
        if kept is not None:
            return int(kept)
        waiting = waiting_for(request)
        number = sum(
            len(waiting[kind])
            for kind in ("matches", "improvements", "decisions", "challenges", "proposals", "held", "dice")
        )
        if key:
            caches["default"].set(key, number, seconds)
        return number

    return {"actions_waiting_count": SimpleLazyObject(count)}
