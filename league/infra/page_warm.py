"""A league's busiest pages rendered at write time, so that the first reader after a result is served
a kept copy (league/infra/page_cache.py, page_shared.py) instead of waiting for the render.

Once a league's derived tables are built after its results (league.competitions.derived), its pages
that every reader of one standing shares (the home, the current season, its standings, the leaders:
the paths the pages layer registers) are rendered again for the readers who read them lately: each
standing (a visitor, a member, the commissioner; the pages layer names a user of each) in each
language (of PAGE_WARM_LANGUAGES) in which one of its pages was rendered in the last
PAGE_WARM_SECONDS (noted by the page cache, in the default cache). A league nobody reads costs
nothing. They are rendered through the site's own middleware and views, in this process, exactly as
a reader's request would render them, and land in the "pages" cache under the keys readers compute:
with a cache shared by every process (CACHE_URL), a worker's render serves the web processes'
readers; without one, only this process's (in-process tasks: `make run`).

Rendering writes nothing; a page that fails is logged and left for its first reader. A later write
of the league (another listener's batch committed after this one) makes these copies stale as it
makes every kept page stale: they are then never served, and the first reader renders again.
"""

from __future__ import annotations

import io
import logging
import secrets
from collections.abc import Callable, Iterable
from importlib import import_module
from typing import Any

from celery import shared_task
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, load_backend
from django.core.cache import caches
from django.core.handlers.base import BaseHandler
from django.core.handlers.wsgi import WSGIRequest

log = logging.getLogger(__name__)

# league id -> the paths of its pages worth rendering at write time, each with the standings that read it
_PATHS: list[Callable[[int], dict[str, tuple[str, ...]]]] = []
# league id -> a user of each standing to render them for ({"member": user, "commissioner": user})
_READERS: list[Callable[[int], dict[str, Any]]] = []
_handler: BaseHandler | None = None
_sessions: dict[int, str] = {}  # user id -> the session this process renders his pages with


def register(paths: Callable[[int], dict[str, tuple[str, ...]]], readers: Callable[[int], dict[str, Any]]) -> None:
    _PATHS.append(paths)
    _READERS.append(readers)


def enabled() -> bool:
    return bool(_PATHS) and int(getattr(settings, "PAGE_CACHE_SECONDS", 0)) > 0 and bool(languages())


def languages() -> list[str]:
    wanted = getattr(settings, "PAGE_WARM_LANGUAGES", None)
    return list(wanted) if wanted is not None else [code for code, _name in settings.LANGUAGES]


STANDINGS = ("visitor", "member", "commissioner")


def _readers_key(league_id: int) -> str:
    return f"page-readers:{league_id}"


def note_read(league_id: int, language: str, standing: str) -> None:
    """A page of the league was rendered for a reader of this standing in this language (the page
    cache calls it on a render, not on a page served kept)."""
    if standing not in STANDINGS or language not in languages():
        return
    key = _readers_key(league_id)
    seen = caches["default"].get(key) or {}
    if (language, standing) not in seen:
        seen[(language, standing)] = True
        caches["default"].set(key, seen, int(getattr(settings, "PAGE_WARM_SECONDS", 900)))


WARM = "league.warm_pages"


@shared_task(name=WARM, ignore_result=True)
def warm_pages(league_ids: list[int]) -> int:
    return warm_leagues(league_ids)


# Where queue_warm sends the leagues instead of a task, when set (`manage.py bench_league`'s loads: a
# thread of their own, as a worker's).
sender: Callable[[list[int]], None] | None = None


def queue_warm(league_ids: Iterable[int]) -> None:
    """After a commit: the leagues' pages rendered by a task of their own (in a worker, beside the
    listeners; in-process, at once), so that the task that built them is not kept waiting."""
    ids = sorted(set(league_ids))
    if not ids or not enabled():
        return
    if sender is not None:
        sender(ids)
        return
    try:
        warm_pages.delay(ids)
    except Exception:  # a broker down: the first readers render them
        log.warning("pages of leagues %s not queued for rendering", ids, exc_info=True)


def warm_leagues(league_ids: Iterable[int]) -> int:
    """Render each league's registered pages for the standings and languages read lately; how many
    were rendered."""
    if not enabled():
        return 0
    rendered = 0
    for league_id in sorted(set(league_ids)):
        seen = caches["default"].get(_readers_key(league_id)) or {}
        if not seen:
            continue
        paths = {path: who for provider in _PATHS for path, who in provider(league_id).items()}
        by_standing: dict[str, Any] = {}
        for provider in _READERS:
            by_standing.update(provider(league_id))
        for language, standing in sorted(seen):
            user = by_standing.get(standing)
            if standing != "visitor" and user is None:
                continue
            for path, who in paths.items():
                if standing in who:
                    rendered += _render(path, language, user)
    return rendered


def _host() -> str:
    for host in settings.ALLOWED_HOSTS:
        if host and host != "*":
            return host.lstrip(".")
    return "localhost"


def _session_of(user: Any) -> str:
    """A session of `user` for this process's renders: made once (django_session is no page's table)."""
    key = _sessions.get(user.pk)
    store = import_module(settings.SESSION_ENGINE).SessionStore(key)
    if key is None or not store.exists(key) or store.get(SESSION_KEY) != str(user.pk):
        store = import_module(settings.SESSION_ENGINE).SessionStore()
        store[SESSION_KEY] = str(user.pk)
        # The first backend that finds a user again (a login throttle's does not).
        store[BACKEND_SESSION_KEY] = next(
            path for path in settings.AUTHENTICATION_BACKENDS if hasattr(load_backend(path), "get_user")
        )
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        _sessions[user.pk] = key = store.session_key
    return str(key)


def _render(path: str, language: str, user: Any) -> int:
    global _handler
    if _handler is None:
        _handler = BaseHandler()
        _handler.load_middleware()
    path_info, _q, query = path.partition("?")
    cookies = {settings.CSRF_COOKIE_NAME: secrets.token_hex(16)}
    if user is not None:
        cookies[settings.SESSION_COOKIE_NAME] = _session_of(user)
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path_info,
        "QUERY_STRING": query,
        "SCRIPT_NAME": "",
        "SERVER_NAME": _host(),
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": _host(),
        "HTTP_ACCEPT_LANGUAGE": language,
        "HTTP_COOKIE": "; ".join(f"{name}={value}" for name, value in cookies.items()),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": io.StringIO(),
    }
    try:
        # get_response, not the WSGI handler's call: no request_started/finished signal, which would
        # close this process's database connections in the middle of a worker's task.
        response = _handler.get_response(WSGIRequest(environ))
    except Exception:
        log.exception("page %s not rendered at write time", path)
        return 0
    return 1 if response.status_code == 200 else 0
