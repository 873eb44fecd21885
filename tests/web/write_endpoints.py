"""Every URL of the site that accepts a write, found in the URLconf (tests/web/test_write_matrix.py)."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

WRITE_METHODS = {"post", "put", "patch", "delete"}
# The account's own pages (one's password, profile and address; a reset by a mailed link): open to
# anyone, or to any logged-in user for his own account, and tested in this file.
ACCOUNT_WRITES = {
    **dict.fromkeys(
        ["password_reset", "password_reset_confirm", "password_change", "profile", "address_change", "address_resend"],
        "tests/web/test_account_mail.py",
    ),
    "notices:read_all": "tests/notices/test_notification_pages.py",
    "notices:unsubscribe": "tests/notices/test_notification_mail.py",
}


def _patterns(patterns: list[Any], namespace: str = "") -> Iterator[tuple[str, Any]]:
    for item in patterns:
        if isinstance(item, URLResolver):
            yield from _patterns(item.url_patterns, f"{namespace}{item.namespace}:" if item.namespace else namespace)
        elif isinstance(item, URLPattern):
            yield namespace + (item.name or str(item.pattern)), item.callback


def _writes(view: Any) -> bool:
    """Whether a view accepts a write: a class view with a post/put/patch/delete handler, or a
    function view whose source (decorators included) takes a POST."""
    cls = getattr(view, "cls", None) or getattr(view, "view_class", None)
    if cls is not None:
        return any(hasattr(cls, method) for method in WRITE_METHODS)
    source = inspect.getsource(inspect.unwrap(view))
    return "require_POST" in source or "request.POST" in source or bool(re.search(r"[\"']POST[\"']", source))


def write_endpoints() -> set[str]:
    return {
        name for name, view in _patterns(get_resolver().url_patterns) if not name.startswith("admin:") and _writes(view)
    }
