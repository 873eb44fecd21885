"""A new coach, on a phone, signs up, joins a league and builds a legal Human team in Chromium.

Expected figures are worked out by hand from the LRB6 price list, not read from the ruleset,
so a wrong data file or a wrong sum in the pages both fail here.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.rosters import sixteen_humans

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# LRB6 prices (Human team list and the creation rules).
LINEMAN, CATCHER, THROWER, BLITZER, OGRE = 50_000, 70_000, 70_000, 90_000, 140_000
REROLL, FAN_FACTOR, APOTHECARY = 50_000, 10_000, 50_000
BUDGET = 1_000_000

PHONE = {"width": 390, "height": 844}
PASSWORD = "Griff-Oberwald-1988"


def gp(amount: int) -> str:
    return f"{amount:,}"


def wait_for_rows(page, count: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#player-rows .player-row').length === {count}")


def set_row(page, index: int, position: str, name: str) -> None:
    page.select_option(f'select[name="players-{index}-position"]', position)
    page.fill(f'input[name="players-{index}-name"]', name)


def expect_budget_left(page, text: str) -> None:
    page.wait_for_function(
        "t => document.querySelector('#budget-left') && document.querySelector('#budget-left').innerText === t",
        arg=text,
    )


def expect_preview(page, text: str) -> None:
    """The live preview (htmx) eventually shows `text`."""
    page.wait_for_function(
        "t => document.querySelector('#order-preview') && document.querySelector('#order-preview').innerText.includes(t)",
        arg=text,
    )


def test_new_coach_builds_a_legal_human_team_on_a_phone(page, live_server, artifacts_dir, django_user_model):
    from league.core.services import league_create

    boss = django_user_model.objects.create_user(username="boss", password="pw-boss")
    league = league_create(name="Old World Classic", ruleset="lrb6", commissioner=boss)
    page.set_viewport_size(PHONE)

    # Sign up: the new coach is logged in straight away.
    page.goto(live_server.url + "/accounts/signup/")
    page.fill('input[name="username"]', "rookie")
    page.fill('input[name="email"]', "rookie@example.org")
    page.fill('input[name="password1"]', PASSWORD)
    page.fill('input[name="password2"]', PASSWORD)
    page.screenshot(path=str(artifacts_dir / "team-01-signup-phone.png"), full_page=True)
    page.get_by_role("button", name="Create my account").click()
    page.wait_for_url(live_server.url + "/")
    assert "your account is ready" in page.locator(".alert-success").inner_text()

    # Join the league, then open the creation form.
    page.goto(live_server.url + league.get_absolute_url())
    with page.expect_navigation(
        wait_until="domcontentloaded"
    ):  # back to the same URL, so wait for the navigation itself
        page.get_by_role("button", name="Join this league").click()
    assert "Welcome to Old World Classic" in page.locator(".alert-success").inner_text()
    page.screenshot(path=str(artifacts_dir / "team-02-joined-phone.png"), full_page=True)
    page.get_by_role("link", name="Create a team").click()
    page.wait_for_url("**/teams/new/")
    wait_for_rows(page, 11)
    assert page.locator("#budget-left").inner_text() == gp(BUDGET)

    # Name and race; the race re-renders the position choices (htmx) before any row is typed.
    page.fill('input[name="name"]', "Altdorf Rookies")
    page.select_option('select[name="race"]', "human")
    page.wait_for_selector('select[name="players-0-position"] option[value="blitzer"]', state="attached")
    page.get_by_role("button", name="+ Add a player").click()
    wait_for_rows(page, 12)
    assert page.input_value('input[name="players-11-number"]') == "12"

    # 1) Five Blitzers: the preview says so while typing, and "Create team" is refused.
    for i in range(7):
        set_row(page, i, "lineman", f"Lineman {i + 1}")
    for i in range(7, 12):
        set_row(page, i, "blitzer", f"Blitzer {i - 6}")
    expect_preview(page, "Blitzer: at most 4 players")
    expect_budget_left(page, gp(BUDGET - 7 * LINEMAN - 5 * BLITZER))
    page.screenshot(path=str(artifacts_dir / "team-03-five-blitzers-preview-phone.png"), full_page=True)
    page.get_by_role("button", name="Create team").click()
    page.wait_for_selector("#refusals")
    assert "Blitzer: at most 4 players per team (you chose 5)." in page.locator("#refusals").inner_text()
    assert page.input_value('input[name="name"]') == "Altdorf Rookies"  # everything typed is kept
    assert page.input_value('input[name="players-11-name"]') == "Blitzer 5"
    page.screenshot(path=str(artifacts_dir / "team-04-five-blitzers-refused-phone.png"), full_page=True)

    # 2) Over budget: 7 Linemen, 4 Blitzers, an Ogre and 3 Catchers.
    set_row(page, 11, "ogre", "Ogre")
    for _ in range(3):
        rows = page.locator("#player-rows .player-row").count()
        page.get_by_role("button", name="+ Add a player").click()
        wait_for_rows(page, rows + 1)
    for i in range(12, 15):
        set_row(page, i, "catcher", f"Catcher {i - 11}")
    over = 7 * LINEMAN + 4 * BLITZER + OGRE + 3 * CATCHER
    assert over > BUDGET
    expect_budget_left(page, gp(BUDGET - over))  # a negative budget left, live
    page.get_by_role("button", name="Create team").click()
    page.wait_for_selector("#refusals")
    refusal = page.locator("#refusals").inner_text()
    assert re.search(r"This team costs 1.?060.?000 gp, over the 1.?000.?000 gp budget\.", refusal), refusal
    page.screenshot(path=str(artifacts_dir / "team-05-over-budget-refused-phone.png"), full_page=True)

    # 3) Legal: drop the Catchers (htmx removes rows), 2 Blitzers, a Thrower, a Catcher, the Ogre,
    #    2 re-rolls, fan factor 3 and an apothecary.
    for _ in range(3):
        rows = page.locator("#player-rows .player-row").count()
        page.locator(f'#player-rows .player-row[data-row="{rows - 1}"] button').click()
        wait_for_rows(page, rows - 1)
    set_row(page, 9, "thrower", "Thrower")
    set_row(page, 10, "catcher", "Catcher")
    page.fill('input[name="rerolls"]', "2")
    page.fill('input[name="fan_factor"]', "3")
    page.check('input[name="apothecary"]')
    players = 7 * LINEMAN + 2 * BLITZER + THROWER + CATCHER + OGRE
    value = players + 2 * REROLL + 3 * FAN_FACTOR + APOTHECARY
    treasury = BUDGET - value  # at creation everything bought is paid at list price
    assert (value, treasury) == (990_000, 10_000)
    expect_budget_left(page, gp(treasury))  # after the last change has been previewed
    expect_preview(page, "This team is legal")
    assert page.locator("#budget-bar").is_visible()  # the phone's budget bar
    page.screenshot(path=str(artifacts_dir / "team-06-legal-preview-phone.png"), full_page=True)
    page.get_by_role("button", name="Create team").click()
    page.wait_for_url(re.compile(r".*/teams/\d+/$"))

    assert page.locator("#team-value").inner_text() == gp(value)
    assert page.locator("#team-treasury").inner_text() == gp(treasury)
    assert page.locator("#roster tbody tr").count() == 12
    assert "is ready to play" in page.locator(".alert-success").inner_text()
    page.screenshot(path=str(artifacts_dir / "team-07-roster-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(artifacts_dir / "team-08-roster-desktop.png"), full_page=True)

    from teams.models import Team

    team = Team.objects.get(name="Altdorf Rookies")
    assert (team.team_value, team.treasury, team.coach.username) == (value, treasury, "rookie")


def test_a_sixteen_player_roster_prints_on_one_a4_landscape_page(page, live_server, artifacts_dir, django_user_model):
    team = sixteen_humans(django_user_model, league_name="Print League")
    assert team.players.count() == 16

    # Logged in as the coach, so the screen version carries every form the print must hide.
    page.goto(live_server.url + "/accounts/login/")
    page.fill('input[name="username"]', "coach")
    page.fill('input[name="password"]', "pw-coach")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(live_server.url + team.get_absolute_url())
    assert page.locator("#hire-form").is_visible()
    page.screenshot(path=str(artifacts_dir / "print-00-screen.png"), full_page=True)

    page.emulate_media(media="print")
    assert not page.locator("#hire-form").is_visible() and not page.locator("#ledger").is_visible()
    assert not page.locator("#audit-log").is_visible() and not page.locator("nav.navbar").is_visible()
    assert page.locator("#roster").is_visible() and page.locator("#team-value").is_visible()
    page.screenshot(path=str(artifacts_dir / "print-01-emulated.png"), full_page=True)

    pdf = page.pdf(format="A4", landscape=True, print_background=True)
    (artifacts_dir / "print-02-roster-sheet.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert pages == 1, f"the roster sheet prints on {pages} pages"
