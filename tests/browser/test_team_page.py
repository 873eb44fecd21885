"""The team page on a coach's phone: the roster reads without sideways scrolling.

Below Bootstrap's md breakpoint each row of the one roster table is laid out as a card (number,
name, position, MA ST AG AV, skills, injuries, SPP, value); wider screens keep the table. A refused
hire comes back to the team page's own address (Post/Redirect/Get) with the input kept.
"""

from __future__ import annotations

import pytest

from tests.browser.rosters import sixteen_humans

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

# The page's width, where the rightmost cell (or anything in one) ends and whether the table's own
# scroll box (.table-responsive) scrolls: that box clips a wide table, so the page's width alone
# could miss a roster that still scrolls sideways inside it.
LAYOUT = """() => {
  const table = document.querySelector('#roster');
  const box = table.parentElement;
  const cells = [...table.querySelectorAll('tbody td, tbody td *')].filter(e => e.getClientRects().length);
  return {
    page: document.documentElement.scrollWidth,
    table: Math.ceil(table.getBoundingClientRect().right),
    boxScroll: box.scrollWidth - box.clientWidth,
    cellsRight: Math.ceil(Math.max(...cells.map(td => td.getBoundingClientRect().right))),
    head: getComputedStyle(table.querySelector('thead')).display,
    rowDisplay: getComputedStyle(table.querySelector('tbody tr')).display,
  };
}"""


def label_of(cell) -> str:
    """The label a phone shows before a cell (CSS generated content; not part of innerText)."""
    return cell.evaluate("td => getComputedStyle(td, '::before').content")


def test_the_roster_reads_on_a_phone_without_sideways_scrolling(page, live_server, artifacts_dir, django_user_model):
    from teams.models import Advancement, Player

    team = sixteen_humans(django_user_model, league_name="Phone League", password="pw-{name}-1988")
    # A veteran: SPP, a skill gained on a double, a niggling injury and a missed next game.
    veteran = team.players.get(number=1)
    Player.objects.filter(pk=veteran.pk).update(spp=31, niggling_injuries=1, miss_next_game=True)
    Advancement.objects.create(player=veteran, kind=Advancement.Kind.DOUBLE_SKILL, skill="mighty_blow")
    Player.objects.filter(team=team, number=16).update(spp=6)  # the Ogre
    ledger_entries = team.ledger.count()

    # As the coach: the page also carries the hire form, the staff table, the ledger and the log.
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/accounts/login/")
    page.fill('input[name="username"]', "coach")
    page.fill('input[name="password"]', "pw-coach-1988")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")
    page.goto(live_server.url + team.get_absolute_url())
    page.screenshot(path=str(artifacts_dir / "team-page-01-roster-phone.png"), full_page=True)

    layout = page.evaluate(LAYOUT)
    assert layout["page"] <= PHONE["width"], layout  # no sideways scrolling of the page
    assert layout["boxScroll"] <= 0, layout  # nor of the roster inside its scroll box
    assert layout["table"] <= PHONE["width"] and layout["cellsRight"] <= PHONE["width"], layout
    assert layout["head"] == "none" and layout["rowDisplay"] != "table-row", layout  # one card per player

    rows = page.locator("#roster tbody tr")
    assert rows.count() == 16
    # Every card shows the SPP and the skills (a Lineman has none: no empty "Skills" label either).
    skills_of = {
        1: "Mighty BlowD",
        12: "Catch, Dodge",
        13: "Catch, Dodge",
        14: "Sure Hands, Pass",
        15: "Block",
        16: "Loner, Bone-head, Mighty Blow, Thick Skull, Throw Team-Mate",
    }
    for number in range(1, 17):
        cells = page.locator(f'#roster tr[data-number="{number}"] td')
        spp, skills = cells.nth(9), cells.nth(7)
        assert spp.is_visible() and label_of(spp) == '"SPP"', number
        assert spp.inner_text() == {1: "31", 16: "6"}.get(number, "0"), number
        assert skills.inner_text() == skills_of.get(number, ""), number
        assert skills.is_visible() == (number in skills_of), number
        assert label_of(cells.nth(3)) == '"MA"' and cells.nth(3).is_visible(), number
    veteran_row = page.locator('#roster tr[data-number="1"]')
    assert veteran_row.locator("td").nth(7).inner_text() == "Mighty BlowD"  # gained on a double
    assert veteran_row.locator("td").nth(8).inner_text() == "M N"  # misses next game, niggling injury
    assert "Lineman the Long-Named 1" in veteran_row.inner_text()
    ogre_skills = page.locator('#roster tr[data-number="16"] td').nth(7)
    assert ogre_skills.is_visible() and label_of(ogre_skills) == '"Skills"'
    for skill in ("Loner", "Bone-head", "Mighty Blow", "Thick Skull", "Throw Team-Mate"):
        assert skill in ogre_skills.inner_text(), skill
    # A player without gains shows his position's skills: a Catcher's Catch and Dodge.
    catcher_skills = page.locator('#roster tr[data-number="12"] td').nth(7)
    assert catcher_skills.inner_text() == "Catch, Dodge" and catcher_skills.is_visible()
    # The coach's actions stay reachable on each card.
    assert page.locator('#roster tr[data-number="16"]').get_by_role("link", name="Fire").is_visible()
    page.locator('#roster tr[data-number="16"]').scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "team-page-02-ogre-card-phone.png"))

    # A refused hire (a full roster, a taken number) comes back to the team page's own address with
    # every reason and the input kept; reloading it then posts nothing again.
    team_url = live_server.url + team.get_absolute_url()
    hire = page.locator("#hire-form")
    hire.locator('select[name="position"]').select_option("blitzer")
    hire.locator('input[name="number"]').fill("3")
    hire.locator('input[name="name"]').fill("Griff Oberwald")
    hire.get_by_role("button", name="Hire").click()
    page.wait_for_url(team_url)
    assert page.locator(".alert-danger").all_inner_texts() == [
        "The roster is full (16 players).",
        "Number 3 is not free.",
    ]
    assert hire.locator('input[name="name"]').input_value() == "Griff Oberwald"
    assert hire.locator('input[name="number"]').input_value() == "3"
    assert hire.locator('select[name="position"]').input_value() == "blitzer"
    page.screenshot(path=str(artifacts_dir / "team-page-04-hire-refused-phone.png"), full_page=True)
    page.reload()
    assert page.url == team_url and page.locator(".alert-danger").count() == 0
    assert hire.locator('input[name="name"]').input_value() == ""
    assert team.players.count() == 16 and team.ledger.count() == ledger_entries

    # French labels are longer: the cards still fit.
    page.context.add_cookies([{"name": "django_language", "value": "fr", "url": live_server.url}])
    page.reload()
    layout = page.evaluate(LAYOUT)
    assert layout["page"] <= PHONE["width"] and layout["boxScroll"] <= 0, layout
    assert layout["cellsRight"] <= PHONE["width"], layout
    assert label_of(page.locator('#roster tr[data-number="16"] td').nth(7)) == '"Compétences"'
    page.screenshot(path=str(artifacts_dir / "team-page-05-roster-phone-fr.png"), full_page=True)
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    page.reload()

    # Wider screens keep the table with its header row.
    page.set_viewport_size(DESKTOP)
    layout = page.evaluate(LAYOUT)
    assert layout["head"] == "table-header-group" and layout["rowDisplay"] == "table-row", layout
    assert layout["boxScroll"] <= 0 and layout["page"] <= DESKTOP["width"], layout
    assert label_of(page.locator('#roster tr[data-number="1"] td').nth(9)) in ("none", "normal")
    page.screenshot(path=str(artifacts_dir / "team-page-03-roster-desktop.png"), full_page=True)
