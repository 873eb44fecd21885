"""A favicon: every page links to it, /favicon.ico answers with it. (The tests run without
WhiteNoise: the static files are read where collectstatic finds them.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db

ICO = b"\x00\x00\x01\x00"


def static_file(url: str) -> bytes:
    found = finders.find(url.removeprefix("/" + settings.STATIC_URL.lstrip("/")))
    assert found, url
    return Path(found).read_bytes()


def test_every_page_links_to_the_icon(client):
    html = client.get("/rosters/").content.decode()
    links = dict((href.rsplit(".", 1)[1], href) for href in re.findall(r'<link rel="icon" href="([^"]+)"', html))
    assert set(links) == {"svg", "ico"}
    assert static_file(links["svg"]).startswith(b"<svg") and static_file(links["ico"]).startswith(ICO)


def test_favicon_ico_answers_at_the_root(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and static_file(response.url).startswith(ICO)
    assert client.post("/favicon.ico").status_code == 405
