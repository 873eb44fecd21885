"""What the accessibility and phone-layout fixes put in the pages, read through the test client (the
browser tests, test_accessibility.py and test_phone_pages.py, check them in Chromium)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(db):
    from league.tooling.demo import load_demo

    return load_demo()


def as_user(username: str | None) -> Client:
    from django.contrib.auth import get_user_model

    client = Client()
    if username:
        client.force_login(get_user_model().objects.get(username=username))
    return client


def test_the_language_selector_submits_with_a_button_only(demo):
    page = as_user(None).get("/").content.decode()
    switcher = page[page.index('id="language-switcher"') : page.index("</form>", page.index('id="language-switcher"'))]
    assert "onchange" not in switcher
    assert 'type="submit" id="language-submit"' in switcher and "<noscript>" not in switcher


def test_no_menu_submits_itself_on_change(demo):
    pages = ["/", f"/leagues/{demo.slug}/stats/", f"/leagues/{demo.slug}/roster-catalogue/"]
    for url in pages:
        assert "this.form.submit()" not in as_user(None).get(url).content.decode(), url


def test_the_settings_cards_name_each_value(demo):
    page = as_user("commissioner").get(reverse("league:settings", args=[demo.slug])).content.decode()
    row = re.search(r'<tr id="setting-[^"]+".*?</tr>', page, re.S).group(0)
    assert re.findall(r'data-label="([^"]+)"', row) == ["Rulebook", "Default", "In force", "New value"]


def test_the_standings_mark_their_other_columns_and_offer_the_toggle(demo):
    page = as_user(None).get(reverse("league:season_standings", args=[demo.slug, 1])).content.decode()
    head = page[page.index('id="standings"') : page.index("</thead>")]
    assert head.count("col-more") == 7  # TD+, TD−, TD±, CAS+, CAS−, bonus, form
    assert 'id="standings-toggle"' in page and 'aria-controls="standings"' in page
    home = as_user(None).get(demo.get_absolute_url()).content.decode()
    assert "standings-toggle" not in home  # the league home's compact table has no hidden column


def test_the_catalogue_tables_take_the_focus(demo):
    from league.rules import default_ruleset_key

    page = as_user(None).get(reverse("catalogue:team", args=[default_ruleset_key(), "human"])).content.decode()
    assert page.count('tabindex="0" role="region" aria-labelledby=') == 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_api_docs_pages_have_a_language(demo, lang):
    client = as_user(None)
    client.cookies["django_language"] = lang
    for name in ("api-docs", "api-redoc"):
        page = client.get(reverse(name)).content.decode()
        assert f'<html lang="{lang}">' in page, name
    assert '"deepLinking": false' in client.get(reverse("api-docs")).content.decode()


def test_the_result_sheet_folds_the_players_with_nothing_entered(demo):
    from matches.models import Match
    from matches.services import PrematchInput, prematch_record

    match = Match.objects.filter(league=demo, status="scheduled", home__coach__username="alice").first()
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=demo.commissioner)
    client = as_user("alice")
    page = client.get(reverse("matches:result", args=[match.pk])).content.decode()
    cards = re.findall(r'class="player-card[^"]*"', page)
    assert cards and all("idle" in card for card in cards)
    assert 'id="add-event-select-home"' in page and 'id="add-event-select-away"' in page
    # After an entry is posted (here refused: a negative count), the player with it is shown,
    # the others stay folded, and the control no longer offers him.
    player = match.home.players.order_by("number").first()
    data = {"home_score": "0", "away_score": "0", f"p{player.pk}_comp": "-1", "action": "save"}
    page = client.post(reverse("matches:result", args=[match.pk]), data).content.decode()
    card = re.search(rf'<div class="player-card[^"]*"[^>]*id="player-{player.pk}"', page).group(0)
    assert "idle" not in card
    assert f'<option value="{player.pk}">' not in page
    assert len(re.findall(r'class="player-card[^"]*\bidle\b', page)) == len(cards) - 1
