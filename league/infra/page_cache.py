"""Whole pages served again from a cache until a committed write changes them.

Why: a page of a big league costs 30 to 100 ms of CPU to render (the ORM building its queries, the
templates, the menu's badge), against about 2 ms for a view that does nothing; most requests are
the same person reading the same page again (the standings between two results, a team page
during a draft). What was rendered for one browser is kept for that browser only.

Correctness, under several gunicorn and Celery processes:

- every INSERT, UPDATE or DELETE through Django's connections (ORM, bulk writes, raw SQL, the
  workers' post-match sequence) bumps, once its transaction commits, the versions of what it can
  change (league/infra/page_versions.py): its league's when it claims one (a form posted under a
  league's, team's or match's URL, below; a post-match task), the whole site's when it claims none.
  Every page's key carries the versions read at the start of the request, in one query: those of its
  league (or ANY, bumped by every write, for a page that is no one league's) and those of its user's
  leagues and his own (the menu's badges). No process serves a page computed before a write it could
  see: a bump runs after the commit, so a page rendered from the old rows is stored under the old
  numbers and never served after it; a rolled-back write bumps nothing;
- the key carries the browser's cookies (its session, language and CSRF token) and the request's
  scheme, host, path, query, language header and htmx headers: nobody is served another's page, and a
  form in a page served again carries a CSRF token of that browser's own secret; the key's query also
  asks whether the session still lives, so a page kept for a session is never served once it is
  logged out or expired;
- only a plain 200 HTML answer to a GET is kept, which sets no cookie but the CSRF cookie's renewal
  and asks for no "no-store" or "private" (the admin, the login); never while a flash message
  waits in its cookie; at most PAGE_CACHE_SECONDS, which bounds what time alone changes (a date shown as
  "today").

PAGE_CACHE_SECONDS=0 turns it off. The tests' database never commits inside a `db` test, so there
PAGE_CACHE_LOCAL_WRITES also keys pages by this process's count of write statements.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import re
from collections.abc import Callable
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from league.infra.page_flight import note_view, render_once, view_shared
from league.infra.page_shared import (
    cut_menu,
    page_league,
    put_menu,
    shared_key_part,
    shared_reader,
    standing,
    to_keep,
    to_serve,
)
from league.infra.page_urls import _resolved, _url_scopes
from league.infra.page_versions import (
    TABLE,
    Scope,
    bump_site_revision,
    note_write,
    page_scope,
    read_versions,
    site_revision,
    user_scope,
)
from league.infra.page_warm import note_read

__all__ = ["PageCacheMiddleware", "bump_site_revision", "install", "menu_versions", "site_revision"]

log = logging.getLogger(__name__)

# Writes that change no page: the counters themselves, the login throttle's records, and a session
# being created, saved or deleted (a page kept for a session asks whether it still lives; a login
# also updates the user's last login, which no page shows).
_WRITE = re.compile(r'^\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+["`]?(\w+)', re.IGNORECASE)
_QUIET_TABLES = (TABLE, "axes_", "django_session", "league_outboxentry")
_local_writes = itertools.count(1)
_local_seen = 0


def page_cache_seconds() -> int:
    return int(getattr(settings, "PAGE_CACHE_SECONDS", 0))


# --- The writes' side: one bump per committed transaction that wrote something ---


_LAST_LOGIN = re.compile(r'^\s*UPDATE\s+"?auth_user"?\s+SET\s+"?last_login"?\s*=\s*%s\s+WHERE', re.IGNORECASE)


def _changed_table(sql: str) -> str | None:
    match = _WRITE.match(sql)
    if match is None or _LAST_LOGIN.match(sql):
        return None
    table = match[2].lower()
    return None if table.startswith(_QUIET_TABLES) else table


def watch_writes(execute: Callable, sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
    """An execute wrapper on every connection: after a statement that changes a page, its scope is
    bumped at the transaction's commit (league/infra/page_versions.py)."""
    result = execute(sql, params, many, context)
    table = _changed_table(sql) if isinstance(sql, str) else None
    if table is not None:
        global _local_seen
        _local_seen = next(_local_writes)
        note_write(context["connection"].alias, table)
    return result


def install(connection: Any, **kwargs: Any) -> None:
    """connection_created: first in the list, so that a context manager that pushes and pops
    wrappers of its own (connection.execute_wrapper) never pops this one."""
    if watch_writes not in connection.execute_wrappers:
        connection.execute_wrappers.insert(0, watch_writes)


# --- Which league a URL is of: league/infra/page_urls.py ---


def _write_scopes(request: HttpRequest) -> list[Scope]:
    """What a form posted here may change. A page of a league: that league (its coaches' badges follow,
    as their keys carry their leagues' versions). The notifications: their reader's. Anything else
    claims nothing, so its writes bump the whole site."""
    claimed = _url_scopes(request)[1]
    if claimed is not None:
        return [claimed]
    match = _resolved(request)
    if match is not None and "notices" in match.namespaces:
        user = _session_user(request)
        return [user_scope(user)] if user else []
    return []


# --- The reads' side ---

# session key -> (user id, whether he is a site administrator); (0, False): a session with no one
# logged in. A key never changes hands: a login gives the session a new key (django.contrib.auth.login
# cycles it), a logout deletes it.
_session_users: dict[str, tuple[int, bool]] = {}


def _session_reader(request: HttpRequest) -> tuple[int, bool] | None:
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if not key:
        return None
    if key not in _session_users:
        store = import_module(settings.SESSION_ENGINE).SessionStore(key)
        user = store.get(SESSION_KEY)
        if store.session_key is None:  # no such session
            return None
        if len(_session_users) > 50_000:
            _session_users.clear()
        admin = bool(user) and get_user_model().objects.filter(pk=user, is_superuser=True).exists()
        _session_users[key] = (int(user) if user else 0, admin)
    return _session_users[key]


def _session_user(request: HttpRequest) -> int | None:
    reader = _session_reader(request)
    return (reader[0] or None) if reader else None


def _session_alive(request: HttpRequest) -> tuple[str, list[Any]] | None:
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if not key or settings.SESSION_ENGINE not in (
        "django.contrib.sessions.backends.db",
        "django.contrib.sessions.backends.cached_db",
    ):
        return None
    return "session_key = %s AND expire_date > %s", [key, timezone.now()]


def _request_versions(request: HttpRequest) -> tuple[str, str]:
    """The page's key part and its user's (league/infra/page_versions.py), read once per request."""
    found = getattr(request, "_page_versions", None)
    if found is None:
        found = read_versions(_url_scopes(request)[0], _session_user(request), _session_alive(request))
        if getattr(settings, "PAGE_CACHE_LOCAL_WRITES", False):
            found = (f"{found[0]}.{_local_seen}", f"{found[1]}.{_local_seen}")
        request._page_versions = found  # type: ignore[attr-defined]
    return found


def menu_versions(request: HttpRequest) -> str:
    """What the key of a badge kept for the request's user carries (matches/context_processors.py,
    league/notices/context_processors.py): the site's version, his own and his leagues'."""
    return _request_versions(request)[1]


_KEYED_HEADERS = ("HTTP_COOKIE", "HTTP_ACCEPT_LANGUAGE", "HTTP_HX_REQUEST", "HTTP_HX_TARGET", "HTTP_HX_BOOSTED")


def _page_key(request: HttpRequest, shared: bool) -> str:
    """`shared`: a visitor with no session, served the copy every such visitor is (page_shared.py),
    keyed by his language instead of his cookies, and by neither the scheme nor the host (no page
    kept for readers shows them; the host is still checked against ALLOWED_HOSTS): the copy rendered
    at write time (league/infra/page_warm.py) is the one every visitor is served."""
    host = request.get_host()
    if shared:
        parts = [_request_versions(request)[0], request.get_full_path(), shared_key_part(request)]
        parts += [request.META.get(name, "") for name in _KEYED_HEADERS[2:]]
    else:
        parts = [_request_versions(request)[0], request.scheme or "", host, request.get_full_path()]
        parts += [request.META.get(name, "") for name in _KEYED_HEADERS]
    return "page:" + hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _may_serve(request: HttpRequest) -> bool:
    if request.method != "GET" or page_cache_seconds() <= 0:
        return False
    if CookieStorage.cookie_name in request.COOKIES:  # a flash message waits
        return False
    return not request.path.startswith(tuple(getattr(settings, "PAGE_CACHE_EXCLUDE", ())))


def _may_keep(request: HttpRequest, response: HttpResponse) -> bool:
    if response.status_code != 200 or response.streaming:
        return False
    if not response.get("Content-Type", "").startswith("text/html"):
        return False
    control = response.get("Cache-Control", "").lower()
    if "no-store" in control or "private" in control or "no-cache" in control:
        return False
    csrf = settings.CSRF_COOKIE_NAME
    for name, morsel in response.cookies.items():
        # The CSRF cookie is sent again with the same value on every page with a form (to renew
        # its age): keeping the page without it loses nothing.
        if name != csrf or morsel.value != request.COOKIES.get(csrf):
            return False
    return not getattr(request, "page_cache_skip", False)


class PageCacheMiddleware:
    """Above the session: a page served again costs one query (its versions) and a cache read."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # What the request writes (a form posted, a preview a page stores) claims its URL's league.
        scopes = _write_scopes(request)
        if scopes:
            with page_scope(*scopes):
                return self._answer(request)
        return self._answer(request)

    def _answer(self, request: HttpRequest) -> HttpResponse:
        if not _may_serve(request):
            return self.get_response(request)
        cache = caches["pages"]
        shared = shared_reader(request)
        key = _page_key(request, shared)
        member = None if shared else _member_keys(request)

        def kept() -> HttpResponse | None:
            if member is not None:
                found = cache.get_many(member)
                if member[0] in found and member[1] not in found:  # his badges moved, not the page
                    menu = self._menu(request)
                    if menu is not None:
                        found[member[1]] = menu
                        cache.set(member[1], menu, page_cache_seconds())
                if len(found) == 2:
                    status, headers, body = found[member[0]]
                    content = to_serve(request, put_menu(body, found[member[1]]))
                    if content is not None:
                        return _response(status, headers, content)
            copy = cache.get(key)
            if copy is not None:
                status, headers, content = copy
                content = to_serve(request, content) if shared else content
                if content is not None:
                    return _response(status, headers, content)
            return None

        found = kept()
        if found is not None:
            return found
        view = getattr(_resolved(request), "view_name", "")
        if shared:
            return render_once(cache, key, kept, lambda: self._render(request, key, shared, member, view))
        if member is not None and view_shared(view):
            return render_once(cache, member[0], kept, lambda: self._render(request, key, shared, member, view))
        return self._render(request, key, shared, member, view)

    def _menu(self, request: HttpRequest) -> bytes | None:
        """The reader's menu alone (league/infra/page_menu.py), as kept; None if it cannot be."""
        request.page_menu_only = True  # type: ignore[attr-defined]
        try:
            response = self.get_response(request)
        finally:
            request.page_menu_only = False  # type: ignore[attr-defined]
        if response.status_code != 200 or response.streaming:
            return None
        return to_keep(request, response.content)

    def _render(
        self, request: HttpRequest, key: str, shared: bool, member: tuple[str, str] | None, view: str
    ) -> HttpResponse:
        cache = caches["pages"]
        response = self.get_response(request)
        if member is not None:
            note_view(view, getattr(request, "page_shared", False))
        if _may_keep(request, response):
            _note_read(request, shared, member)
            headers = [(k, v) for k, v in response.items() if k.lower() != "set-cookie"]
            cut = cut_menu(response.content) if member and getattr(request, "page_shared", False) else None
            if member is not None and cut is not None:
                body, menu = (to_keep(request, part) for part in cut)
                if body is not None and menu is not None:
                    cache.set_many(
                        {member[0]: (response.status_code, headers, body), member[1]: menu}, page_cache_seconds()
                    )
                    return response
            content = to_keep(request, response.content) if shared else response.content
            if content is not None:
                cache.set(key, (response.status_code, headers, content), page_cache_seconds())
        return response


def _note_read(request: HttpRequest, shared: bool, member: tuple[str, str] | None) -> None:
    """A league's page rendered for a visitor or for a reader of a standing in it: its next results
    render it again for them (league/infra/page_warm.py)."""
    if not (shared or (member is not None and getattr(request, "page_shared", False))):
        return
    versions, user_versions = _request_versions(request)
    league = page_league(versions)
    if league is None:
        return
    if shared:
        standing_name = "visitor"
    else:
        role = (standing(versions, user_versions) or ("",))[0]
        standing_name = "commissioner" if "commissioner=1" in role else "member" if "member=1" in role else ""
    note_read(league, shared_key_part(request).removeprefix("shared:"), standing_name)


def _response(status: int, headers: list[tuple[str, str]], content: bytes) -> HttpResponse:
    response = HttpResponse(content, status=status)
    for name, value in headers:
        response[name] = value
    # The kept headers' length is the render's: a reader's own menu and tokens put back change it.
    response["Content-Length"] = str(len(content))
    return response


def _member_keys(request: HttpRequest) -> tuple[str, str] | None:
    """For a logged-in reader of a league's page: the key of the copy of his standing in the league
    (page_shared.py) and the key of his own menu on this page. None for anyone else."""
    reader = _session_reader(request)
    user, admin = reader if reader else (0, False)
    if not user or admin:
        # A site administrator manages every league without a standing in it: his pages are his own.
        return None
    versions, user_versions = _request_versions(request)
    found = standing(versions, user_versions)
    if found is None:
        return None
    role, page_versions = found
    request.get_host()  # checked against ALLOWED_HOSTS, not keyed (as a visitor's copy)
    where = [request.get_full_path(), shared_key_part(request)]
    where += [request.META.get(name, "") for name in _KEYED_HEADERS[2:]]
    body = hashlib.sha256("\n".join([page_versions, role, *where]).encode()).hexdigest()
    # His menu shows his name, his badges and this page's address (the language switch): not the page.
    menu = hashlib.sha256("\n".join([str(user), user_versions, *where]).encode()).hexdigest()
    return "page-of:" + body, "menu:" + menu
