"""One render of a shared page per version, however many readers ask for it at once.

A result makes its league's pages stale for every reader at the same instant; each of them then
misses the kept copy (league/infra/page_cache.py) and, without this, renders the same page again
beside the others: under a busy league's readers a page's render took a second of a loaded machine,
so tens of readers rendered it at once and the site answered nobody (docs/benchmarks.md). Here the
first reader to miss a shared copy (a visitor's, or the copy of a standing in a league:
league/infra/page_shared.py) renders it; the others wait for that copy, reading the cache every
POLL_SECONDS, and are served it as soon as it is kept. A reader still waiting after WAIT_SECONDS, or
whose render left no copy (an answer not kept, a render that failed), renders the page himself, as
before: nobody is served a page older than the versions he read, and nobody waits on a render that
died with its process longer than its lock lives (LOCK_SECONDS).

The lock is a cache entry added only if absent (Redis SET NX with CACHE_URL, shared by every process;
per process otherwise). The render at write time (league/infra/page_warm.py) passes through the same
middleware, so readers who arrive while it runs wait for it rather than render beside it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.http import HttpResponse

POLL_SECONDS = 0.02
WAIT_SECONDS = 5.0
LOCK_SECONDS = 30

# url name -> whether its view shares its page among the readers of a standing (learned from its
# renders in this process: a member waits only for a page that is shared).
_shared_views: dict[str, bool] = {}


def note_view(name: str, shared: bool) -> None:
    _shared_views[name] = shared


def view_shared(name: str) -> bool:
    return _shared_views.get(name, False)


def render_once(
    cache: Any, key: str, kept: Callable[[], HttpResponse | None], render: Callable[[], HttpResponse]
) -> HttpResponse:
    """render() under the lock of `key` (the copy's cache key), or the copy kept() finds once the
    reader holding the lock has kept it."""
    lock = "rendering:" + key
    if cache.add(lock, 1, LOCK_SECONDS):
        try:
            return render()
        finally:
            cache.delete(lock)
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        found = kept()
        if found is not None:
            return found
        if cache.get(lock) is None:  # rendered without a copy kept, or given up: look once more
            found = kept()
            if found is not None:
                return found
            break
    return render()
