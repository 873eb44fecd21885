"""axe-core (WCAG 2 A and AA, 2.1 A and AA) over every page of the site, on a 390 px phone in
English and French and a 1366 px desktop in English: no violation.

The site is built for each run (tests/browser/axe_site.py: the demo league plus a challenge, a trophy,
matches in each state, play-offs and a PBBL league); the page list is axe_site.pages(). One
browser context per run (size and language); each page is one navigation and one axe run. axe-core is
vendored under tests/browser/vendor/ (its licence beside it), never served by the site.
With AXE_SCREENSHOTS=1, screenshots of the phone pages (English) land in tests/artifacts/axe/: a
quarter of that run's time, so off by default (nothing asserts on them; they are for a person to
look through).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.test import Client

from tests.browser.axe_site import AXE_TAGS, build_site, pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = os.environ.get("AXE_SCREENSHOTS") == "1"
AXE_PATH = Path(__file__).parent / "vendor" / "axe.min.js"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 768}}
RUN_AXE = """tags => (axe.configure({noHtml: true}), axe).run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})
    .then(r => r.violations.map(v => ({id: v.id, help: v.help,
        nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n').slice(1, 2).join(''))})))"""


def session_cookies(usernames: set[str]) -> dict[str, str]:
    """A logged-in session per user, as the login page would open it."""
    from django.contrib.auth import get_user_model

    cookies = {}
    for user in get_user_model().objects.filter(username__in=usernames):
        client = Client()
        client.force_login(user)
        cookies[user.username] = client.cookies["sessionid"].value
    return cookies


def slug(url: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", url.lower()).strip("-") or "home"


# Each page at both sizes in English, and on the phone in French too: a French word is longer and
# the phone is where it overflows; the desktop's French adds nothing axe can see. One test per
# pair, so that parallel test workers share them.
RUNS = [("phone", "en"), ("phone", "fr"), ("desktop", "en")]


@pytest.mark.parametrize(("size", "lang"), RUNS, ids=[f"{size}-{lang}" for size, lang in RUNS])
def test_every_page_passes_axe(size, lang, browser, live_server, artifacts_dir):
    site = build_site()
    todo = sorted(pages(site), key=lambda p: p.who or "")  # one log-in switch per user
    sessions = session_cookies({p.who for p in todo if p.who})
    shots = artifacts_dir / "axe"
    shots.mkdir(exist_ok=True)
    failures, checked = [], 0
    context = browser.new_context(viewport=SIZES[size])
    # axe is evaluated in each page as it opens (cheaper than sending it after each load).
    context.add_init_script(path=str(AXE_PATH))
    page = context.new_page()
    for entry in todo:
        context.clear_cookies()
        cookies = [{"name": "django_language", "value": lang, "url": live_server.url}]
        if entry.who:
            cookies.append({"name": "sessionid", "value": sessions[entry.who], "url": live_server.url})
        context.add_cookies(cookies)
        response = page.goto(live_server.url + entry.url)
        where = f"{entry.url} ({entry.who or 'visitor'}, {size}, {lang})"
        if response is None or response.status != entry.status:
            failures.append(f"{where}: HTTP {response.status if response else None}, not {entry.status}")
            continue
        if entry.ready:
            page.wait_for_selector(entry.ready)
        for violation in page.evaluate(RUN_AXE, AXE_TAGS):
            nodes = "\n      ".join(violation["nodes"][:8])
            failures.append(f"{where}: {violation['id']} ({violation['help']})\n      {nodes}")
        checked += 1
        # The phone pages' screenshots, in English (full pages: the French ones would double
        # the test's time; test_phone_pages.py shoots the reworked layouts in French).
        if SCREENSHOTS and size == "phone" and lang == "en":
            name = f"{slug(entry.url)}-{entry.who or 'visitor'}.png"
            page.screenshot(path=str(shots / name), full_page=True)
    context.close()
    assert failures == [], f"{len(failures)} violation(s):\n" + "\n".join(failures)
    assert checked == len(todo)
