"""On a 390 px phone nothing is cut: the league's team table and the creation form's position menus
show whole, without scrolling sideways (Chromium)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"
# Every cell's right edge on the screen: a table in a scrolling wrapper would hide columns past it.
CELLS_OUT_OF_VIEW = """sel => [...document.querySelectorAll(sel)]
    .filter(el => el.getBoundingClientRect().right > window.innerWidth + 0.5)
    .map(el => el.innerText)"""
# Position menus too narrow for the option they show (its text, the padding and the arrow).
MENUS_CUT = """() => [...document.querySelectorAll('#player-rows select')].filter(sel => {
    const text = sel.options[sel.selectedIndex].text;
    const style = getComputedStyle(sel);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = style.font;
    const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return ctx.measureText(text).width > room;
}).map(sel => sel.options[sel.selectedIndex].text)"""


@pytest.fixture
def demo(transactional_db):
    from league.tooling.demo import load_demo

    return load_demo()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_league_table_shows_every_column_on_a_phone(page, live_server, artifacts_dir, demo, lang):
    page.set_viewport_size(PHONE)
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page.goto(live_server.url + demo.get_absolute_url())
    page.screenshot(path=str(artifacts_dir / f"phone-league-teams-{lang}.png"), full_page=True)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    assert page.evaluate(CELLS_OUT_OF_VIEW, "#league-teams td") == []
    assert page.locator("#league-teams").inner_text().count("Reikland Reavers") == 1


def test_the_position_menus_show_whole_on_a_phone(page, live_server, artifacts_dir, demo):
    page.set_viewport_size(PHONE)
    page.context.add_cookies([{"name": "django_language", "value": "fr", "url": live_server.url}])
    page.goto(live_server.url + "/accounts/login/")
    page.fill('input[name="username"]', "alice")
    page.fill('input[name="password"]', "bloodbowl")
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator('form button[type="submit"], form input[type="submit"]').last.click()
    page.goto(live_server.url + f"/leagues/{demo.slug}/teams/new/")
    page.select_option('select[name="race"]', "human")
    page.wait_for_function("document.querySelectorAll('#player-rows select option[value=lineman]').length > 0")
    for index, position in enumerate(["lineman", "catcher", "thrower", "blitzer", "ogre"]):
        page.select_option(f'select[name="players-{index}-position"]', position)
    page.screenshot(path=str(artifacts_dir / "phone-team-creation-positions-fr.png"), full_page=True)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    assert page.evaluate(MENUS_CUT) == []
    assert page.evaluate(CELLS_OUT_OF_VIEW, "#player-rows select, #player-rows input") == []
