"""The layouts of issue item "phone layouts that fit 390 px", in Chromium, with screenshots: the
league settings keep their column labels, the standings show their essential columns without
scrolling sideways (the others behind a button), the result sheet lists only the players with an
event (others added through "Add a player's event", by keyboard), and the desktop menu fits one line
at 1366 px with the language selector whole."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def demo(transactional_db):
    from league.tooling.demo import load_demo

    return load_demo()


def open_as(page, live_server, username: str | None, lang: str, viewport: dict) -> None:
    """The browser holds `username`'s session (as after the login page) and the language cookie."""
    from django.contrib.auth import get_user_model

    page.set_viewport_size(viewport)
    page.context.clear_cookies()
    cookies = [{"name": "django_language", "value": lang, "url": live_server.url}]
    if username:
        client = Client()
        client.force_login(get_user_model().objects.get(username=username))
        cookies.append({"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url})
    page.context.add_cookies(cookies)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_settings_keep_their_column_labels_on_a_phone(page, live_server, artifacts_dir, demo, lang):
    open_as(page, live_server, "commissioner", lang, PHONE)
    page.goto(live_server.url + f"/leagues/{demo.slug}/settings/")
    page.screenshot(path=str(artifacts_dir / f"phone-settings-{lang}.png"), full_page=True)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    # Every value of a rule's card shows its column's name before it (the table head is hidden).
    labels = page.evaluate(
        """() => [...document.querySelectorAll('#league-settings-form tbody tr')].slice(0, 3).map(tr =>
            [...tr.querySelectorAll('td')].slice(1).map(td => getComputedStyle(td, '::before').content))"""
    )
    headings = {
        "en": ['"Rulebook"', '"Default"', '"In force"', '"New value"'],
        "fr": ['"Livre de règles"', '"Par défaut"', '"En vigueur"', '"Nouvelle valeur"'],
    }[lang]
    assert labels and all(row == headings for row in labels), labels


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_standings_fit_a_phone_and_show_the_rest_on_demand(page, live_server, artifacts_dir, demo, lang):
    open_as(page, live_server, None, lang, PHONE)
    page.goto(live_server.url + f"/leagues/{demo.slug}/seasons/1/standings/")
    page.screenshot(path=str(artifacts_dir / f"phone-standings-{lang}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    wrapper = page.locator("#standings").locator("xpath=..")
    assert wrapper.evaluate("el => el.scrollWidth <= el.clientWidth")  # the table's box does not scroll
    visible = page.evaluate("() => [...document.querySelectorAll('#standings thead th')].map(th => th.offsetWidth > 0)")
    assert visible[:5] == [True] * 5 and not any(visible[5:])  # #, team, points, played, W-D-L
    # The team column keeps its room (the tie-breaker notes wrap under the name).
    team_cell = page.locator("#standings tbody td.team-cell").first.bounding_box()
    assert team_cell["width"] >= 140
    # The button shows the other columns, by keyboard, without reloading the page.
    page.evaluate("window.marker = 1")
    toggle = page.locator("#standings-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.focus()
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.evaluate("window.marker") == 1
    assert page.locator("#standings thead th.col-more").first.is_visible()
    page.screenshot(path=str(artifacts_dir / f"phone-standings-all-columns-{lang}.png"), full_page=True)
    page.keyboard.press("Enter")
    assert not page.locator("#standings thead th.col-more").first.is_visible()


def result_sheet_match(demo):
    """Alice's next fixture with its pre-match done: the result sheet is open to her."""
    from matches.models import Match
    from matches.services import PrematchInput, prematch_record

    match = (
        Match.objects.filter(league=demo, status=Match.Status.SCHEDULED, home__coach__username="alice")
        .order_by("round__number")
        .first()
    )
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=demo.commissioner)
    return match


def test_the_result_sheet_lists_only_players_with_an_event(page, live_server, artifacts_dir, demo):
    match = result_sheet_match(demo)
    catcher = match.home.players.get(number=9)
    thrower = match.home.players.get(number=10)
    open_as(page, live_server, "alice", "en", PHONE)
    page.goto(live_server.url + f"/matches/{match.pk}/result/")
    page.screenshot(path=str(artifacts_dir / "phone-result-sheet-empty.png"), full_page=True)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 3500, height  # 6,100 px when every player had his card
    assert page.locator(".player-card:not(.missed):visible").count() == 0

    # By keyboard: choose the player in the home side's control, then Add; his fields show and
    # take the focus.
    select = page.locator("#add-event-select-home")
    select.focus()
    page.keyboard.press("Home")
    while select.input_value() != str(catcher.pk):
        page.keyboard.press("ArrowDown")
    assert page.url.endswith("/result/")  # moving through the options leaves nothing
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    card = page.locator(f"#player-{catcher.pk}")
    assert card.is_visible()
    assert page.evaluate("document.activeElement.name") == f"p{catcher.pk}_comp"
    assert page.locator(f'#add-event-select-home option[value="{catcher.pk}"]').count() == 0
    page.keyboard.press("Tab")
    page.keyboard.type("1")  # one touchdown
    page.fill('input[name="home_score"]', "1")
    page.fill('input[name="away_score"]', "0")
    page.screenshot(path=str(artifacts_dir / "phone-result-sheet-one-event.png"), full_page=True)
    page.get_by_role("button", name="Save draft").click()
    page.wait_for_load_state("load")
    assert "Draft saved" in page.locator(".alert-success").inner_text()
    # The saved event comes back shown; the other players stay folded.
    assert page.locator(f"#player-{catcher.pk}").is_visible()
    assert page.locator(f'input[name="p{catcher.pk}_td"]').input_value() == "1"
    assert page.locator(".player-card:not(.missed):visible").count() == 1
    line = match.lines.get(player=catcher)
    assert line.touchdowns == 1

    # A validation error: the player typed for stays shown with what was typed.
    box = page.locator("#add-event-home")
    box.locator("select").select_option(str(thrower.pk))
    box.get_by_role("button").click()
    page.fill(f'input[name="p{thrower.pk}_comp"]', "-2")
    page.get_by_role("button", name="Save draft").click()
    page.wait_for_load_state("load")
    assert page.locator(".alert-danger").first.is_visible()  # refused: nothing saved
    assert page.locator(f"#player-{thrower.pk}").is_visible()
    assert page.locator(f'input[name="p{thrower.pk}_comp"]').input_value() == "-2"
    assert page.locator(f'input[name="p{catcher.pk}_td"]').input_value() == "1"
    page.screenshot(path=str(artifacts_dir / "phone-result-sheet-error.png"), full_page=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_desktop_menu_fits_one_line(page, live_server, artifacts_dir, demo, django_user_model, lang):
    # The longest menu: a logged-in member of staff (the Administration link) with a to-do count.
    django_user_model.objects.filter(username="commissioner").update(is_staff=True)
    open_as(page, live_server, "commissioner", lang, DESKTOP)
    page.goto(live_server.url + "/")
    page.locator("nav.navbar").screenshot(path=str(artifacts_dir / f"desktop-menu-{lang}.png"))
    tops = page.evaluate(
        """() => [...document.querySelectorAll('#main-nav .nav-link, #language-switcher')]
            .map(el => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2))"""
    )
    assert max(tops) - min(tops) <= 4, tops  # every item on one line
    switcher = page.locator("#language-switcher").bounding_box()
    assert switcher["x"] >= 0 and switcher["x"] + switcher["width"] <= DESKTOP["width"]
    # The selector shows its whole option (not cut by its width).
    assert page.locator("#language-select").evaluate(
        """sel => {
            const style = getComputedStyle(sel), ctx = document.createElement('canvas').getContext('2d');
            ctx.font = style.font;
            const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return ctx.measureText(sel.options[sel.selectedIndex].text).width <= room;
        }"""
    )
    assert page.locator("#language-submit").is_visible()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)


def test_the_chart_labels_read_on_a_phone(page, live_server, artifacts_dir, django_user_model):
    from tests.stats.small_league import build_small

    small = build_small(django_user_model)
    small.more(8)
    team = small.teams["Reavers"]
    open_as(page, live_server, None, "en", PHONE)
    page.goto(live_server.url + f"/teams/{team.pk}/charts/")
    page.screenshot(path=str(artifacts_dir / "phone-charts.png"), full_page=True)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    # Every label drawn (value axis, first and last points, result letters): at least 10 px tall on
    # the screen (12-unit text shrunk with the drawing was about 6.7 px), inside its chart, and the
    # labels under the axis do not overlap each other.
    labels = page.evaluate(
        """() => [...document.querySelectorAll('svg.team-chart text')].filter(t => t.getBBox && t.getClientRects().length)
            .map(t => { const r = t.getBoundingClientRect(), c = t.ownerSVGElement.getBoundingClientRect();
                return {text: t.textContent, cls: t.getAttribute('class') || '', size: parseFloat(getComputedStyle(t).fontSize) * c.width / 640,
                        inside: r.left >= c.left - 1 && r.right <= c.right + 1, left: r.left, right: r.right, top: r.top, chart: t.ownerSVGElement.id}; })"""
    )
    assert labels
    assert [x for x in labels if x["size"] < 10] == []
    assert [x["text"] for x in labels if not x["inside"]] == []
    for chart in {x["chart"] for x in labels}:
        under = sorted((x for x in labels if x["chart"] == chart and x["cls"] == "x-short"), key=lambda x: x["left"])
        for first, second in zip(under, under[1:], strict=False):
            assert first["right"] <= second["left"], (first, second)
