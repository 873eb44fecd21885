"""Chromium opens the home page and the roster catalogue, in English and French."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_and_catalogue_in_chromium(page, live_server, artifacts_dir):
    from league.tooling.demo import load_demo

    load_demo()
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Leagues"
    assert page.get_by_role("link", name="Demo League").is_visible()
    page.screenshot(path=str(artifacts_dir / "home-en.png"), full_page=True)

    page.get_by_role("link", name="Rosters").click()
    page.wait_for_url("**/rosters/")
    page.select_option("#id_team", "wood_elf")
    page.get_by_role("button", name="Show").click()
    page.wait_for_url("**/rosters/lrb6/wood_elf/")
    assert page.locator("#positions tbody tr").count() == 5
    assert page.locator("#stars tbody tr").count() > 0
    page.screenshot(path=str(artifacts_dir / "catalogue-wood-elf-en.png"), full_page=True)

    # Choosing a language does not leave the page (arrow keys move through the options); its
    # button does.
    page.select_option("#language-select", "fr")
    assert page.locator("h1").inner_text() == "Wood Elf"
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.get_by_role("button", name="Change").click()
    assert page.locator("h1").inner_text() == "Elfes Sylvains"
    assert "Esquive" in page.locator("#positions").inner_text()
    page.screenshot(path=str(artifacts_dir / "catalogue-wood-elf-fr.png"), full_page=True)

    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Ligues"
    page.screenshot(path=str(artifacts_dir / "home-fr.png"), full_page=True)
