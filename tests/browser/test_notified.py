"""Coaches kept informed, in Chromium with a real SMTP server (aiosmtpd):

- Alice submits a result on her phone. Bob, whose address is confirmed and who wants his mail at
  once, sees the badge in the menu, finds the mail in the SMTP server, follows its link to the match
  and confirms the result.
- Alice forgot her password: she asks for a reset from the login page, follows the mail's link,
  sets a new password and logs in with it.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.result_sheet import add_event
from tests.browser.test_match_entry import PHONE, build_match, log_in, player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def text(locator) -> str:
    return re.sub(r"\s+", " ", locator.inner_text().replace("\u00a0", " ")).strip()


def body(message) -> str:
    part = message.get_body(preferencelist=("plain",))
    return part.get_content() if part is not None else ""


def link_in(message, live_server) -> str:
    found = re.search(re.escape(live_server.url) + r"/\S+", body(message))
    assert found, body(message)
    return found.group(0)


def test_the_opponent_is_told_by_badge_and_mail_and_a_forgotten_password_is_reset(
    page, live_server, settings, smtp_outbox, artifacts_dir, django_user_model
):
    from league.accounts.services import profile_of
    from matches.models import Match

    settings.SITE_URL = live_server.url
    match, humans, orcs = build_match(django_user_model)
    for user, address in (("alice", "alice@example.org"), ("bob", "bob@example.org")):
        account = django_user_model.objects.get(username=user)
        account.email = address
        account.save()
        profile = profile_of(account)
        profile.email_confirmed = True
        profile.save()
    h1 = player(humans, 1)
    page.set_viewport_size(PHONE)
    match_url = live_server.url + match.get_absolute_url()

    # 1. Alice enters the result and submits it.
    log_in(page, live_server, "alice")
    page.goto(live_server.url + f"/matches/{match.pk}/result/")
    page.fill('input[name="home_score"]', "1")
    page.fill('input[name="away_score"]', "0")
    add_event(page, h1)
    page.fill(f'input[name="p{h1}_td"]', "1")
    page.select_option('select[name="mvp_home_1"]', f"p{h1}")
    page.select_option('select[name="mvp_away_1"]', f"p{player(orcs, 1)}")
    page.get_by_role("button", name="Save and submit").click()
    page.wait_for_url(match_url)
    assert text(page.locator("#match-status")) == "Submitted"
    assert page.locator("#notices-badge .badge").count() == 0  # the actor is not told

    # 2. Bob: the badge, then the mail through real SMTP, whose link leads to the match.
    log_in(page, live_server, "bob")
    assert text(page.locator("#notices-badge .badge")).startswith("1")
    page.screenshot(path=str(artifacts_dir / "notified-01-badge-phone.png"), full_page=True)
    [mail] = [m for m in smtp_outbox if m["To"] == "bob@example.org"]
    assert "Reavers 1–0 Gouged Eye: the result was submitted and waits for you." in body(mail)
    assert mail.get_body(preferencelist=("html",)) is not None and mail["List-Unsubscribe"]
    page.goto(link_in(mail, live_server))
    page.wait_for_url(match_url)
    page.get_by_role("link", name="Confirm", exact=True).click()
    page.wait_for_url("**/confirm/")
    page.get_by_role("button", name="Confirm the result").click()
    page.wait_for_url(match_url)
    page.wait_for_selector('#postgame[data-status="processed"]')
    assert Match.objects.get(pk=match.pk).status == Match.Status.PROCESSED
    page.goto(live_server.url + "/notifications/")
    page.screenshot(path=str(artifacts_dir / "notified-02-list-phone.png"), full_page=True)

    # 3. Alice forgot her password: the reset mail's link sets a new one.
    page.context.clear_cookies()
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_role("link", name="Forgotten password?").click()
    page.fill('input[name="email"]', "alice@example.org")
    page.locator("main form button[type=submit]").click()
    page.wait_for_load_state("load")
    [reset] = [m for m in smtp_outbox if m["To"] == "alice@example.org" and "/reset/" in body(m)]
    page.goto(link_in(reset, live_server))
    page.fill('input[name="new_password1"]', "a-new-pw-for-alice-2026")
    page.fill('input[name="new_password2"]', "a-new-pw-for-alice-2026")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/reset/done/")
    page.goto(live_server.url + "/accounts/login/")
    page.fill('input[name="username"]', "alice")
    page.fill('input[name="password"]', "a-new-pw-for-alice-2026")
    page.locator('input[name="password"]').press("Enter")
    page.wait_for_url(live_server.url + "/")
    assert django_user_model.objects.get(username="alice").check_password("a-new-pw-for-alice-2026")
