"""One kept copy of a page for every visitor with no session (league/infra/page_shared.py): the second
visitor is served what the first one's read rendered, in his language, with CSRF tokens of his own
secret (his forms pass the check; he never receives the first visitor's secret); a visitor with a
session, logged in or not, keeps his own copy."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.db import connection
from django.middleware.csrf import CSRF_ALLOWED_CHARS
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)

TOKEN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")


@pytest.fixture(autouse=True)
def committed_only(settings):
    settings.PAGE_CACHE_LOCAL_WRITES = False


def unmask(token: str) -> str:
    """Django's own reading of a masked token (django.middleware.csrf)."""
    mask, cipher = token[:32], token[32:]
    chars = CSRF_ALLOWED_CHARS
    return "".join(chars[chars.index(c) - chars.index(m)] for c, m in zip(cipher, mask, strict=True))


def visitor(url: str) -> Client:
    """A visitor who has read `url` once (its answer gave him his CSRF cookie)."""
    client = Client(enforce_csrf_checks=True)
    assert client.get(url).status_code == 200
    assert settings.CSRF_COOKIE_NAME in client.cookies
    return client


def read(client: Client, url: str, **headers) -> tuple[str, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def secrets_in(html: str) -> set[str]:
    return {unmask(token) for token in TOKEN.findall(html)}


def test_a_second_visitor_is_served_the_first_ones_copy_with_his_own_tokens(league):
    url = reverse("league:detail", args=[league.slug])
    first, second = visitor(url), visitor(url)
    html, rendered = read(first, url)  # kept for every visitor
    again, queries = read(second, url)
    assert queries == 1 < rendered  # the versions' query alone
    mine, theirs = second.cookies[settings.CSRF_COOKIE_NAME].value, first.cookies[settings.CSRF_COOKIE_NAME].value
    assert secrets_in(again) == {mine}
    assert theirs not in secrets_in(again) and secrets_in(html) == {theirs}
    # The same page but for the tokens.
    assert TOKEN.sub("T", again) == TOKEN.sub("T", html)


def test_a_form_of_the_shared_copy_passes_the_csrf_check(league):
    url = reverse("league:detail", args=[league.slug])
    first, second = visitor(url), visitor(url)
    read(first, url)
    html, queries = read(second, url)
    assert queries == 1
    token = TOKEN.findall(html)[0]
    login = reverse("login")
    refused = second.post(login, {"username": "nobody", "password": "x", "csrfmiddlewaretoken": "x" * 64})
    assert refused.status_code == 403
    answered = second.post(login, {"username": "nobody", "password": "x", "csrfmiddlewaretoken": token})
    assert answered.status_code == 200  # the login form again, with its error: past the CSRF check


def test_each_language_has_its_own_copy(league):
    url = reverse("league:detail", args=[league.slug])
    english, french = visitor(url), visitor(url)
    read(english, url, HTTP_ACCEPT_LANGUAGE="en")
    html, queries = read(french, url, HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert queries > 1 and 'lang="fr"' in html
    # Another French browser, another header: the French copy.
    other = visitor(url)
    again, queries = read(other, url, HTTP_ACCEPT_LANGUAGE="fr")
    assert queries == 1 and 'lang="fr"' in again


def test_a_visitor_with_a_session_keeps_his_own_copy(league, coach_alice):
    url = reverse("league:detail", args=[league.slug])
    first = visitor(url)
    read(first, url)
    alice = Client()
    alice.force_login(coach_alice)
    alice.get(url)
    html, queries = read(alice, url)
    assert queries > 1 and ">alice" in html  # rendered for her, not the visitors' copy
    assert read(alice, url)[1] == 1  # then kept for her browser


def test_a_visitor_with_no_csrf_cookie_yet_is_given_one(league):
    url = reverse("league:detail", args=[league.slug])
    first = visitor(url)
    read(first, url)
    newcomer = Client(enforce_csrf_checks=True)
    html, _queries = read(newcomer, url)
    # Rendered for him (the page has forms and he had no secret): his answer sets his cookie.
    assert settings.CSRF_COOKIE_NAME in newcomer.cookies
    assert secrets_in(html) == {newcomer.cookies[settings.CSRF_COOKIE_NAME].value}


# --- Logged-in readers: one copy per standing in the league, each reader's own menu put back ---


def logged_in(user, url: str) -> Client:
    """A browser of `user` who has read `url` (his menu on that page is kept)."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(url)  # it may set his CSRF cookie: a page that sets a new one is never kept
    client.get(url)
    assert read(client, url)[1] == 1
    return client


def test_members_share_one_copy_of_a_league_page_each_with_his_own_menu(
    league, humans, orcs, coach_alice, coach_bob, commissioner
):
    from league.infra.page_versions import bump_versions, play_scope

    url = reverse("league:detail", args=[league.slug])
    alice, bob = logged_in(coach_alice, url), logged_in(coach_bob, url)
    boss = logged_in(commissioner, url)
    bump_versions([play_scope(league.pk)])  # a result in the league: its pages are stale
    html, rendered = read(alice, url)
    assert rendered > 1 and 'id="waiting-badge">alice' in html
    again, queries = read(bob, url)
    assert queries <= 2  # the versions, and his session's user on a first read by this process
    assert 'id="waiting-badge">bob' in again and 'id="waiting-badge">alice' not in again
    # Alice's copy but for the menu and the tokens.
    menu = re.compile(r"<!--nav-->.*<!--/nav-->", re.S)
    assert TOKEN.sub("T", menu.sub("", again)) == TOKEN.sub("T", menu.sub("", html))
    # His log-out form carries his own secret, not alice's.
    assert secrets_in(again) == {bob.cookies[settings.CSRF_COOKIE_NAME].value}
    assert bob.post(reverse("logout"), {"csrfmiddlewaretoken": TOKEN.findall(again)[0]}).status_code == 302
    # The commissioner's standing has its own copy.
    theirs, queries = read(boss, url)
    assert queries > 2 and 'id="waiting-badge">commissioner' in theirs


def test_a_reader_outside_the_league_invited_to_it_sees_his_own_invitation(league, user_factory, commissioner):
    from league.core.membership import invite

    url = reverse("league:detail", args=[league.slug])
    zed, yan = user_factory("zed"), user_factory("yan")
    yan_client = logged_in(yan, url)
    invite(league=league, by=commissioner, username="zed")
    zed_client = logged_in(zed, url)
    yan_page = read(yan_client, url)[0]
    zed_page = read(zed_client, url)[0]
    assert "You are invited to this league." in zed_page
    assert "You are invited to this league." not in yan_page


def test_a_member_whose_badges_moved_is_served_the_kept_page_with_his_menu_rendered_alone(
    league, humans, orcs, coach_alice, coach_bob
):
    """His team played (his menu's versions moved, not the page's): the league's page is the copy
    kept for members, and only his menu (templates/_nav.html) is rendered again, the same menu a
    whole render gives him."""
    from django.test.signals import template_rendered

    from league.infra.page_versions import bump_versions, team_scope

    url = reverse("league:detail", args=[league.slug])
    alice, bob = logged_in(coach_alice, url), logged_in(coach_bob, url)
    whole, _queries = read(alice, url)
    bump_versions([team_scope(humans.pk)])  # alice's team: her badges may have moved, bob's not
    rendered: list[str] = []

    def note(sender, template, **kwargs):
        rendered.append(template.name)

    template_rendered.connect(note)
    try:
        again, _queries = read(alice, url)
        assert read(bob, url)[1] == 1  # bob's menu is still kept: nothing rendered for him
    finally:
        template_rendered.disconnect(note)
    assert "_nav.html" in rendered and "league/detail.html" not in rendered
    assert TOKEN.sub("T", again) == TOKEN.sub("T", whole)
    assert secrets_in(again) == {alice.cookies[settings.CSRF_COOKIE_NAME].value}


def test_a_team_page_is_shared_by_the_members_who_do_not_coach_it_and_its_coach_keeps_his_own(
    league, humans, orcs, coach_alice, coach_bob, coach_carol
):
    """The humans' page (alice's team) shows its roster's management to alice and the commissioner
    only: bob and carol share one copy, each with his own menu; alice is never served it."""
    from league.infra.page_versions import bump_versions, team_scope

    url = reverse("teams:detail", args=[humans.pk])
    bob, carol, alice = (logged_in(user, url) for user in (coach_bob, coach_carol, coach_alice))
    bump_versions([team_scope(humans.pk)])  # the team changed: every copy of its page is stale
    html, rendered = read(bob, url)
    assert rendered > 3 and 'id="waiting-badge">bob' in html
    again, queries = read(carol, url)
    assert queries <= 3 and 'id="waiting-badge">carol' in again  # the versions, her session, not the page
    menu = re.compile(r"<!--nav-->.*<!--/nav-->", re.S)
    assert TOKEN.sub("T", menu.sub("", again)) == TOKEN.sub("T", menu.sub("", html))
    mine, queries = read(alice, url)
    assert queries > 3 and 'id="waiting-badge">alice' in mine
    served = carol.get(url)  # her menu put back: the length her copy has, not bob's
    assert int(served["Content-Length"]) == len(served.content)
    # Her own page, with what she may change: never the copy the others share.
    assert 'id="manage-team"' in mine and 'id="manage-team"' not in html


def test_a_site_administrator_is_never_served_the_copy_readers_share(league, humans, user_factory):
    """He may manage every team without a standing in the league: his team page is his own, not the
    copy of the readers outside the league (his standing in it, read from the versions, is theirs)."""
    admin = user_factory("root")
    admin.is_superuser = admin.is_staff = True
    admin.save()
    url = reverse("teams:detail", args=[humans.pk])
    outsider = logged_in(user_factory("zed"), url)
    shared, _queries = read(outsider, url)
    assert 'id="manage-team"' not in shared
    mine, _queries = read(logged_in(admin, url), url)
    assert 'id="manage-team"' in mine
