"""A commissioner moves his OBBLM league here, in Chromium, with a real Celery worker loading it:

- Boss created "Reikland Reborn" (LRB6); from its page he opens "Import from OBBLM" and hands in
  the dump. The dry run lists the teams (a name with "&" and "<" shown as typed), the season and its
  matches, and the repaired coach name; nothing is in the league yet.
- He ticks the confirmation and imports: the page follows the worker's progress (htmx) and shows
  the final report, with the differences from OBBLM's cached figures and why.
- The league page then lists the teams, and the imported season's standings put the Reavers first.

The dump: tests/interchange/obblm-small.sql, read through the stand-in readers of
tests/interchange/conftest.py's kind (the hand-decoded league of obblm_builders), since the dump
reader and decoder are merged separately; they are swapped for the real ones with
docs/examples/obblm-lrb6.sql once both are in the tree.
"""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

from tests.browser.test_match_entry import log_in
from tests.interchange import obblm_builders

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DUMP = Path(__file__).resolve().parents[1] / "interchange" / "obblm-small.sql"


def text(locator) -> str:
    return re.sub(r"\s+", " ", locator.inner_text().replace("\u00a0", " ").replace("\u202f", " ")).strip()


@pytest.fixture
def readers(monkeypatch):
    """The worker runs in this process (tests/conftest.py): it reads through the same stand-ins."""

    def read_dump(data: bytes):
        assert data == DUMP.read_bytes()
        return types.SimpleNamespace(tables={})

    def decode(tables, *, version, ruleset, ruleset_data):
        return obblm_builders.snapshot()

    monkeypatch.setitem(sys.modules, "league.interchange.sqldump", types.SimpleNamespace(read_dump=read_dump))
    monkeypatch.setitem(sys.modules, "league.interchange.obblm.decode", types.SimpleNamespace(decode=decode))


def test_a_commissioner_imports_his_obblm_league(
    page, live_server, artifacts_dir, django_user_model, readers, celery_worker
):
    from league.core.services import league_create

    boss = django_user_model.objects.create_user(username="boss", password="pw-boss-1988")
    league = league_create(name="Reikland Reborn", ruleset="lrb6", commissioner=boss)
    log_in(page, live_server, "boss")
    page.goto(live_server.url + league.get_absolute_url())
    page.locator("#import-obblm-link").click()
    page.locator("#id_dump").set_input_files(str(DUMP))
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.get_by_role("button", name="Check the dump (dry run)").click()
    teams = text(page.locator("#dry-teams"))
    assert "Reavers & <Co>" in teams and "Jörg Schmidt" in teams and "Longbeards" in teams
    assert "Season 2014" in text(page.locator("#dry-matches")) and "final" in text(page.locator("#dry-matches"))
    assert "JÃ¶rg Schmidt" in text(page.locator("#dry-repairs"))
    page.screenshot(path=str(artifacts_dir / "obblm-01-dry-run.png"), full_page=True)
    page.get_by_label("I have read the dry run").check()
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("#start-button").click()
    # The worker loads it; the progress partial polls until done, then htmx reloads the page.
    page.locator("#final-report").wait_for(timeout=30_000)
    assert text(page.locator("#import-state")) == "Done"
    values = text(page.locator("#final-values"))
    assert "player 11" in values and "SPP" in values and "15 16" in values
    page.screenshot(path=str(artifacts_dir / "obblm-02-report.png"), full_page=True)
    page.goto(live_server.url + league.get_absolute_url())
    assert page.locator("#import-run-note").count() == 0
    page.goto(live_server.url + f"/leagues/{league.slug}/seasons/1/standings/")
    first = text(page.locator("table tbody tr").first)
    assert "Reavers & <Co>" in first
