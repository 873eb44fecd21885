"""A commissioner moves his OBBLM league here, in Chromium, with a real Celery worker loading it
(docs/examples/obblm-lrb6.sql, through the real dump reader and decoder; figures in its README):

- Boss created "Reikland Reborn" (LRB6); from its page he opens "Import from OBBLM" and hands in
  the dump. The dry run lists the teams (a name with "&" and "<" shown as typed), both seasons and
  their matches, the repaired coach name and the star player's line left out; nothing is in the
  league yet.
- He ticks the confirmation and imports: the page follows the worker's progress (htmx) and shows
  the final report, with the differences from OBBLM's cached figures and why.
- The league page then holds the teams, and Season 1's standings put the Avengers first.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.axe_site import AXE_TAGS
from tests.browser.test_accessibility import AXE_PATH, RUN_AXE
from tests.browser.test_match_entry import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DUMP = Path(__file__).resolve().parents[2] / "docs" / "examples" / "obblm-lrb6.sql"


def text(locator) -> str:
    return re.sub(r"\s+", " ", locator.inner_text().replace("\u00a0", " ").replace("\u202f", " ")).strip()


def axe_violations(page) -> list[str]:
    return [f"{v['id']}: {v['nodes'][:3]}" for v in page.evaluate(RUN_AXE, AXE_TAGS)]


def test_a_commissioner_imports_his_obblm_league(page, live_server, artifacts_dir, django_user_model, celery_worker):
    from league.core.services import league_create

    boss = django_user_model.objects.create_user(username="boss", password="pw-boss-1988")
    league = league_create(name="Reikland Reborn", ruleset="lrb6", commissioner=boss)
    page.context.add_init_script(path=str(AXE_PATH))  # the dry run and the report pass axe too
    log_in(page, live_server, "boss")
    page.goto(live_server.url + league.get_absolute_url())
    page.locator("#import-obblm-link").click()
    page.locator("#id_dump").set_input_files(str(DUMP))
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.get_by_role("button", name="Check the dump (dry run)").click()
    teams = text(page.locator("#dry-teams"))
    assert "Orcs & <Gobbos>" in teams and "Jörg" in teams and "Athelorn Avengers" in teams
    matches = text(page.locator("#dry-matches"))
    assert "Season 1" in matches and "Season 1 Final" in matches and "Final" in matches
    assert "JÃ¶rg" in text(page.locator("#dry-repairs"))
    assert "star player or mercenary" in text(page.locator("#dry-left-out"))
    page.screenshot(path=str(artifacts_dir / "obblm-01-dry-run.png"), full_page=True)
    assert axe_violations(page) == []
    page.get_by_label("I have read the dry run").check()
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("#start-button").click()
    # The worker loads it; the progress partial polls until done, then htmx reloads the page.
    page.locator("#final-report").wait_for(timeout=30_000)
    assert text(page.locator("#import-state")) == "Done"
    values = text(page.locator("#final-values"))
    assert "team 2" in values and "fan factor" in values and "player 5" in values and "SPP" in values
    page.screenshot(path=str(artifacts_dir / "obblm-02-report.png"), full_page=True)
    assert axe_violations(page) == []
    page.goto(live_server.url + league.get_absolute_url())
    assert page.locator("#import-run-note").count() == 0
    page.goto(live_server.url + f"/leagues/{league.slug}/seasons/1/standings/")
    first = text(page.locator("table tbody tr").first)
    assert "Athelorn Avengers" in first
