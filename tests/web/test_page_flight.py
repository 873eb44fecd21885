"""One render of a shared page however many readers miss it at once (league/infra/page_flight.py):
the others wait for the copy the first one keeps, and render themselves only when none is kept."""

from __future__ import annotations

import threading

from django.core.cache import caches
from django.http import HttpResponse

from league.infra.page_flight import render_once


def _reader(cache, found: list, rendered: list, name: str, hold: threading.Event | None = None):
    def kept():
        copy = cache.get("page")
        return HttpResponse(copy) if copy is not None else None

    def render():
        rendered.append(name)
        if hold is not None:
            hold.wait(5)
        return HttpResponse(f"rendered by {name}")

    return threading.Thread(target=lambda: found.append(render_once(cache, "page", kept, render).content))


def _first_renders(found: list, rendered: list, hold: threading.Event):
    """An empty pages cache, and a first reader who missed the copy, holds its lock and renders
    until `hold` is set."""
    cache = caches["pages"]
    cache.clear()
    first = _reader(cache, found, rendered, "first", hold)
    first.start()
    while not rendered:
        threading.Event().wait(0.01)
    return cache, first


def test_readers_who_miss_at_once_wait_for_the_first_render_and_are_served_its_copy():
    found: list = []
    rendered: list = []
    hold = threading.Event()
    cache, first = _first_renders(found, rendered, hold)
    others = [_reader(cache, found, rendered, f"reader {n}") for n in range(3)]
    for thread in others:
        thread.start()
    threading.Event().wait(0.1)
    cache.set("page", b"the kept copy")  # the first render keeps its copy...
    hold.set()
    for thread in [first, *others]:
        thread.join(10)
    assert rendered == ["first"]
    assert sorted(found) == [b"rendered by first"] + [b"the kept copy"] * 3


def test_a_reader_renders_himself_when_the_render_he_waited_for_kept_nothing():
    found: list = []
    rendered: list = []
    hold = threading.Event()
    cache, first = _first_renders(found, rendered, hold)
    second = _reader(cache, found, rendered, "second")
    second.start()
    threading.Event().wait(0.1)
    hold.set()  # ...an answer not kept (a redirect, a form with errors): the lock goes, no copy
    for thread in (first, second):
        thread.join(10)
    assert rendered == ["first", "second"]
    assert sorted(found) == [b"rendered by first", b"rendered by second"]
