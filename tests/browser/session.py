"""One browser tab handed from user to user, as at a club's laptop (tests/browser/test_season.py)."""

from __future__ import annotations

import re

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect


def text(locator) -> str:
    """The element's text with French non-breaking spaces and runs of blanks as single spaces."""
    return re.sub(r"\s+", " ", locator.inner_text().replace("\u00a0", " ")).strip()


class Session:
    """The one browser tab, handed from user to user as at a club's laptop (the language cookie stays)."""

    def __init__(self, page, live_server):
        self.page, self.url, self.user = page, live_server.url, None

    def go(self, path: str) -> None:
        self.page.goto(self.url + path if path.startswith("/") else path)

    def log_in(self, username: str) -> None:
        if self.user == username:
            return
        self.page.context.clear_cookies(name="sessionid")
        self.go("/accounts/login/")
        self.page.fill('input[name="username"]', username)
        self.page.fill('input[name="password"]', f"pw-{username}-1988")
        self.page.locator('input[name="password"]').press("Enter")
        self.page.wait_for_url(self.url + "/")
        self.user = username

    def submit(self, selector: str, url: str | None = None) -> None:
        """Click a submit button and wait for the page that answers the post."""
        with self.page.expect_navigation(wait_until="domcontentloaded"):
            self.page.locator(selector).click()
        if url is not None:
            self.page.wait_for_url(url)
        assert self.page.locator(".alert-danger").count() == 0, text(self.page.locator(".alert-danger").first)


def set_french(s: Session) -> None:
    """As a user does: the language menu of the navigation bar (folded away on a phone)."""
    s.page.locator(".navbar-toggler").click()
    s.page.locator("#language-select").wait_for(state="visible")
    s.page.select_option("#language-select", "fr")
    # The answer is a redirect to the same page: wait for its first bytes and its language, not for
    # a "load" event, which a slow stylesheet of a loaded machine once held past the 30 s timeout.
    try:
        with s.page.expect_navigation(wait_until="commit"):
            s.page.locator("#language-submit").click()
    except PlaywrightTimeoutError as late:
        raise AssertionError(f"no answer to the language switch; the database's sessions: {sessions()}") from late
    expect(s.page.locator("html")).to_have_attribute("lang", "fr")


def sessions() -> list[tuple]:
    """What every connection to the test database is doing (PostgreSQL), to tell a page that waits
    on a lock from one that was never asked for."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, state, wait_event_type, wait_event, left(query, 160) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchall()
