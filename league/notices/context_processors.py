"""The number of unread notifications of the logged-in user, for the menu's badge."""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from league.infra.page_cache import menu_versions, page_cache_seconds
from league.notices.selectors import unread_count


def unread_badge(request: HttpRequest) -> dict[str, Any]:
    """Lazy: a page without the menu makes no query. Kept per user and his versions, as the
    waiting badge is (matches/context_processors.py): a new notification, or one read, bumps its
    reader's version once committed (league/infra/page_versions.py, league/notices/services.py), so no
    page or badge kept before it is served after it."""

    def count() -> int:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return 0
        seconds = page_cache_seconds()
        key = f"unread-notices:{user.pk}:{menu_versions(request)}" if seconds > 0 else ""
        kept = caches["default"].get(key) if key else None
        if kept is not None:
            return int(kept)
        number = unread_count(user.pk)
        if key:
            caches["default"].set(key, number, seconds)
        return number

    return {"unread_notifications": SimpleLazyObject(count)}
