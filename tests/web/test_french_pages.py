"""Every page in French: no English sentence of the catalogue shows, and the catalogue is complete.

The demo league (with its match processed) plus a few more matches and a draft give every URL of
the site a page to show; each URL name of the URLconf must be requested below (PAGES) or set
aside with its reason (NOT_PAGES), so a new page fails this test until it is added. Requests that
are refused on purpose (over budget, too many players…) are here too: refusals are sentences the
reader must understand. A page fails when its visible text holds the English wording of a
catalogue entry whose French differs, or a colon glued to the word before it (French puts a
non-breaking space there: "Trésorerie : …").
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.interchange.french_pages import PAGES as IMPORT_PAGES
from tests.notices.french_pages import PAGES as NOTICE_PAGES
from tests.web.french_catalogue import GLUED_COLON, catalogue, english_patterns, visible_text
from tests.web.french_pages_league import PAGES as LEAGUE_PAGES
from tests.web.french_pages_more import PAGES as MORE_PAGES
from tests.web.french_world import World, build_world

pytestmark = pytest.mark.django_db


def test_every_catalogue_entry_is_translated_plural_forms_included():
    untranslated = [e.msgid for e in catalogue() if e.fuzzy or not all(t.strip() for t in e.translations)]
    assert untranslated == []


# --- the site, in every state a page can show ---


@pytest.fixture
def world(django_capture_on_commit_callbacks) -> World:
    return build_world(django_capture_on_commit_callbacks)


PAGES = LEAGUE_PAGES + MORE_PAGES + NOTICE_PAGES + IMPORT_PAGES


# URL names that are not pages for a reader of this site, and why.
NOT_PAGES = {
    "league:webhook_test": "POST only: it redirects to the delivery log (above); French in tests/webhooks/test_pages.py",
    "league:webhook_retry": "POST only: it redirects to the delivery log (above); French in tests/webhooks/test_pages.py",
    "matches:petty_cash": "POST only: it redirects to the pre-match page (above), where its message shows",
    "matches:card_buy": "POST only: it redirects to the pre-match page, where its message shows (French in "
    "tests/matches/test_card_purchase.py)",
    "matches:card_play": "POST only: it redirects to the match page, where its message and the cards played show "
    "(French in tests/matches/test_card_plays.py)",
    "teams:assistant_titles": "only where a ruleset titles assistant coaches (the world plays LRB6): French in "
    "tests/teams/test_assistant_titles.py",
    "league:ruleset": "POST only: it redirects to the settings page, where its message shows (French in "
    "tests/web/test_league_ruleset.py)",
    "set_language": "the language switcher's POST target; it redirects to the page the reader was on",
    "admin:*": "Django's admin site, translated by Django",
    "favicon": "a redirect to the static icon (tests/web/test_favicon.py)",
    "teams:rookie_hire": "only where a ruleset has rookies (the world plays LRB6): French in tests/teams/test_roster_house_rules.py",
    "teams:college": "only where a ruleset has a college (the world plays LRB6): French in tests/teams/test_roster_house_rules.py",
    "api-*": "the JSON API for programs, match import included (tests/api/, tests/matches/test_import_entry.py)",
    "league:allies": "only where the ruleset has allies, not in this world's league: read in French in "
    "tests/champions/test_allies.py",
    "teams:ally_hire": "POST only: it redirects to the team page, where its message shows (French in "
    "tests/champions/test_allies.py)",
    "matches:held": "only where a history change held a match, none in this world: read in French in "
    "tests/matches/test_held_lines.py",
    "matches:raise": "POST only: it redirects to the match page, where its message shows (French in "
    "tests/pbbl/test_raise_the_dead.py)",
}


def url_names(resolver: URLResolver | None = None, prefix: str = "") -> set[str]:
    names = set()
    for item in (resolver or get_resolver()).url_patterns:
        if isinstance(item, URLResolver):
            space = f"{prefix}{item.namespace}:" if item.namespace else prefix
            names |= url_names(item, space)
        elif isinstance(item, URLPattern) and item.name:
            names.add(prefix + item.name)
    return names


def set_aside(name: str) -> bool:
    return any(name == key or (key.endswith("*") and name.startswith(key[:-1])) for key in NOT_PAGES)


def test_every_url_of_the_site_is_rendered_in_french_below():
    covered = {page.name for page in PAGES}
    missing = sorted(name for name in url_names() if name not in covered and not set_aside(name))
    assert missing == [], "add these URL names to PAGES (or to NOT_PAGES, with the reason)"


def test_every_page_reads_in_french(world):
    patterns = english_patterns()
    assert len(patterns) > 300  # the catalogue was read
    from league.core.models import League
    from teams.models import Player, Team

    get_user_model().objects.create_user("frank", password="pw-frank")
    users = {u.username: u for u in get_user_model().objects.all()}
    user_data = [*League.objects.values_list("name", flat=True), *League.objects.values_list("description", flat=True)]
    user_data += [*Team.objects.values_list("name", flat=True), *Player.objects.values_list("name", flat=True)]
    user_data += [name for name in users if len(name) > 3]
    user_data = [name for name in user_data if name]
    problems: list[str] = []
    for page in PAGES:
        client = Client()
        client.cookies["django_language"] = "fr"
        if page.user:
            client.force_login(users[page.user])
        url = page.url(world)
        if page.data is None:
            response = client.get(url, follow=True)
        else:
            response = client.post(url, page.data(world), follow=True)
        where = f"{page.name} {page.note} {url}".strip()
        if response.status_code != page.status:
            problems.append(f"{where}: status {response.status_code}")
            continue
        if not response["Content-Type"].startswith("text/html"):
            continue
        content = response.content.decode()
        if "<html" in content and 'lang="fr"' not in content:
            problems.append(f"{where}: not served in French")
        text = visible_text(content, user_data)
        for english, pattern in patterns:
            found = pattern.search(text)
            if found:
                problems.append(
                    f"{where}: English “{english}” in “…{text[max(found.start() - 30, 0) : found.end() + 30]}…”"
                )
        for glued in GLUED_COLON.finditer(text):
            problems.append(
                f"{where}: no space before a colon in “…{text[max(glued.start() - 40, 0) : glued.end() + 20]}…”"
            )
    assert problems == [], "\n".join(problems)
