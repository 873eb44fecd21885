"""Whole pages served again from a cache until the next committed write anywhere on the site.

Why: a page of a big league costs 30 to 100 ms of CPU to render (the ORM building its queries, the
templates, the menu's badge), against about 2 ms for a view that does nothing; most requests are
the same person reading the same page again (the standings between two results, a team page
during a draft). What was rendered for one browser is kept for that browser only.

Correctness, under several gunicorn and Celery processes:

- every INSERT, UPDATE or DELETE through Django's connections (ORM, bulk writes, raw SQL, the
  workers' post-match sequence) bumps one counter in the database once its transaction commits
  (`league.models.SiteRevision`); every page's key carries the counter read at the start of the
  request, so no process serves a page computed before a write it could see. A rolled-back write
  bumps nothing; a bump runs after the commit, so a page rendered from the old rows is stored
  under the old number and never served after the bump;
- the key carries the browser's cookies (its session, language and CSRF token) and the request's
  scheme, host, path, query, language header and htmx headers: nobody is served another's page, and a
  form in a page served again carries a CSRF token of that browser's own secret;
- only a plain 200 HTML answer to a GET is kept, which sets no cookie but the CSRF cookie's renewal
  and asks for no "no-store" or "private" (the admin, the login); never while a flash message
  waits in its cookie; at most PAGE_CACHE_SECONDS, which bounds what time alone changes (a date shown as
  "today"). Logging out deletes the session row, which bumps the counter.

PAGE_CACHE_SECONDS=0 turns it off. The tests' database never commits inside a `db` test, so there
PAGE_CACHE_LOCAL_WRITES also keys pages by this process's count of write statements.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import caches
from django.db import DatabaseError, IntegrityError, connections, transaction
from django.db.transaction import TransactionManagementError
from django.http import HttpRequest, HttpResponse

log = logging.getLogger(__name__)

TABLE = "league_siterevision"
# Writes that change no page: the counter itself, the login throttle's records, and a session
# being created or saved (a login also updates the user's last login, which bumps).
_WRITE = re.compile(r'^\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+["`]?(\w+)', re.IGNORECASE)
_QUIET_TABLES = (TABLE, "axes_")
_QUIET_UNLESS_DELETE = ("django_session",)
_local_writes = itertools.count(1)
_local_seen = 0


def page_cache_seconds() -> int:
    return int(getattr(settings, "PAGE_CACHE_SECONDS", 0))


# --- The writes' side: one bump per committed transaction that wrote something ---


# A login stamps the user's last login, which no page shows: not a reason to render every page again.
_LAST_LOGIN = re.compile(r'^\s*UPDATE\s+"?auth_user"?\s+SET\s+"?last_login"?\s*=\s*%s\s+WHERE', re.IGNORECASE)


def _changes_pages(sql: str) -> bool:
    match = _WRITE.match(sql)
    if match is None or _LAST_LOGIN.match(sql):
        return False
    verb, table = match[1].split()[0].upper(), match[2].lower()
    if table.startswith(_QUIET_TABLES):
        return False
    return verb == "DELETE" or not table.startswith(_QUIET_UNLESS_DELETE)


def watch_writes(execute: Callable, sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
    """An execute wrapper on every connection: after a statement that changes a page, a bump is
    queued for the transaction's commit (run at once outside a transaction)."""
    result = execute(sql, params, many, context)
    if isinstance(sql, str) and _changes_pages(sql):
        global _local_seen
        _local_seen = next(_local_writes)
        alias = context["connection"].alias
        connection = connections[alias]
        bump = _bumper(alias)
        if not any(entry[1] is bump for entry in connection.run_on_commit):
            try:
                transaction.on_commit(bump, using=alias, robust=True)
            except TransactionManagementError:  # autocommit turned off by hand: no commit hook
                bump()
    return result


_bumpers: dict[str, Callable[[], None]] = {}


def _bumper(alias: str) -> Callable[[], None]:
    """One function per database alias, so that a transaction queues it once however many rows
    it writes (on_commit keeps a list; the wrapper looks for this very function in it)."""
    if alias not in _bumpers:

        def bump() -> None:
            bump_site_revision(alias)

        _bumpers[alias] = bump
    return _bumpers[alias]


def bump_site_revision(alias: str = "default") -> None:
    with connections[alias].cursor() as cursor:
        try:
            cursor.execute(f"UPDATE {TABLE} SET number = number + 1 WHERE id = 1")  # noqa: S608
        except DatabaseError:
            # The table does not exist yet: the writes of the migrations that come before it.
            # Nothing is served from the page cache before then (the reads fail the same way).
            if TABLE in connections[alias].introspection.table_names(cursor):
                raise
            return
        if cursor.rowcount:
            return
    try:  # a database emptied by a test's flush, or one migrated without the row
        with transaction.atomic(using=alias), connections[alias].cursor() as cursor:
            cursor.execute(f"INSERT INTO {TABLE} (id, number) VALUES (1, 1)")  # noqa: S608
    except IntegrityError:  # a concurrent first bump inserted it: count this one too
        bump_site_revision(alias)


def install(connection: Any, **kwargs: Any) -> None:
    """connection_created: first in the list, so that a context manager that pushes and pops
    wrappers of its own (connection.execute_wrapper) never pops this one."""
    if watch_writes not in connection.execute_wrappers:
        connection.execute_wrappers.insert(0, watch_writes)


def site_revision(alias: str = "default") -> int:
    with connections[alias].cursor() as cursor:
        cursor.execute(f"SELECT number FROM {TABLE} WHERE id = 1")  # noqa: S608
        row = cursor.fetchone()
    return int(row[0]) if row else 0


# --- The reads' side ---

_KEYED_HEADERS = ("HTTP_COOKIE", "HTTP_ACCEPT_LANGUAGE", "HTTP_HX_REQUEST", "HTTP_HX_TARGET", "HTTP_HX_BOOSTED")


def request_revision(request: HttpRequest) -> str:
    """The site's revision as this request sees it, read once per request: what every key of a
    kept page or a kept part of one (the menu's badge) carries."""
    revision = getattr(request, "_site_revision", None)
    if revision is None:
        revision = str(site_revision())
        if getattr(settings, "PAGE_CACHE_LOCAL_WRITES", False):
            revision += f".{_local_seen}"
        request._site_revision = revision  # type: ignore[attr-defined]
    return revision


def _page_key(request: HttpRequest) -> str:
    parts = [request_revision(request), request.scheme or "", request.get_host(), request.get_full_path()]
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
    """Above the session: a page served again costs one query (the revision) and a cache read."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not _may_serve(request):
            return self.get_response(request)
        cache = caches["pages"]
        key = _page_key(request)
        kept = cache.get(key)
        if kept is not None:
            status, headers, content = kept
            response = HttpResponse(content, status=status)
            for name, value in headers:
                response[name] = value
            return response
        response = self.get_response(request)
        if _may_keep(request, response):
            headers = [(k, v) for k, v in response.items() if k.lower() != "set-cookie"]
            cache.set(key, (response.status_code, headers, response.content), page_cache_seconds())
        return response
