"""Whole pages kept per browser until a committed write changes them (league/infra/page_cache.py).

These tests commit (transactional_db) and key pages by the database's revision only, as
production does (PAGE_CACHE_LOCAL_WRITES off): each write below reaches the page through the
committed bump alone. Two LocMem locations stand for two gunicorn workers' own memories.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection, transaction
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.infra.page_cache import site_revision

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def committed_only(settings):
    settings.PAGE_CACHE_LOCAL_WRITES = False


def worker(name: str):
    """One gunicorn worker's memory: its own table cache and its own pages."""
    memory = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    return override_settings(
        CACHES={"default": {**memory, "LOCATION": name}, "pages": {**memory, "LOCATION": name + "-pages"}}
    )


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def kept(client: Client, url: str) -> str:
    """Read twice: the first read may set the CSRF cookie (a new one is never kept), the second is
    kept for this browser."""
    page(client, url)
    return page(client, url)


def test_a_page_read_again_is_the_same_bytes_for_one_query(client, league, coach_alice):
    client.force_login(coach_alice)
    url = reverse("teams:mine")  # a page kept for her browser alone
    html = kept(client, url)
    with CaptureQueriesContext(connection) as queries:
        again = page(client, url)
    # A page rendered again would carry a new mask of the CSRF token: the same bytes are the kept page.
    # (A league's page shared by its members is served with new masks: tests/web/test_shared_pages.py.)
    assert again == html
    assert [q["sql"] for q in queries] == [q["sql"] for q in queries if "league_siterevision" in q["sql"]]
    assert len(queries) == 1


def test_a_write_committed_by_one_worker_reaches_the_pages_every_worker_kept(client, league, coach_alice):
    from league.core.models import League

    client.force_login(coach_alice)
    url = reverse("league:detail", args=[league.slug])
    for name in ("worker-a", "worker-b"):
        with worker(name):
            assert "Test League" in kept(client, url)
    with worker("worker-a"):
        # The ORM's update(), which sends no signal: the bump comes from the statement itself.
        League.objects.filter(pk=league.pk).update(name="Renamed League")
    for name in ("worker-a", "worker-b"):
        with worker(name):
            html = page(client, url)
            assert "Renamed League" in html and "Test League" not in html, name


def test_each_browser_has_its_own_pages(client, league, coach_alice, commissioner):
    url = reverse("league:detail", args=[league.slug])
    client.force_login(coach_alice)
    assert ">alice" in kept(client, url)
    other = Client()
    other.force_login(commissioner)
    html = kept(other, url)
    assert ">commissioner" in html and ">alice" not in html
    anonymous = page(Client(), url)
    assert ">alice" not in anonymous and ">commissioner" not in anonymous


def test_a_flash_message_is_shown_even_when_nothing_was_written(client, league, coach_alice):
    client.force_login(coach_alice)
    url = reverse("league:detail", args=[league.slug])
    kept(client, url)
    before = site_revision()
    # alice is already a coach of the league: the join is refused with a message, and nothing is written.
    response = client.post(reverse("league:join", args=[league.slug]), follow=True)
    assert site_revision() == before
    assert response.redirect_chain[-1][0] == url
    assert re.search(r'class="alert alert-\w+" role="alert"', response.content.decode())


def test_after_logging_out_the_old_session_cookie_gets_no_kept_page(client, league, coach_alice):
    client.force_login(coach_alice)
    url = reverse("league:detail", args=[league.slug])
    assert ">alice" in kept(client, url)
    stolen = client.cookies["sessionid"].value
    client.post(reverse("logout"))
    client.cookies["sessionid"] = stolen
    assert ">alice" not in page(client, url)


def test_a_transaction_bumps_once_when_it_commits_and_never_when_it_rolls_back(django_user_model):
    before = site_revision()
    with transaction.atomic():
        for n in range(3):
            django_user_model.objects.create_user(username=f"u{n}")
    assert site_revision() == before + 1
    with pytest.raises(RuntimeError), transaction.atomic():
        django_user_model.objects.create_user(username="rolled-back")
        raise RuntimeError
    assert site_revision() == before + 1
    django_user_model.objects.filter(username="u0").delete()  # autocommit: bumped at once
    assert site_revision() == before + 2


def test_pages_that_ask_not_to_be_stored_are_rendered_each_time(admin_client):
    url = reverse("admin:index")
    first, second = page(admin_client, url), page(admin_client, url)
    # The admin says no-store (never_cache), and its URL is excluded besides: rendered each time.
    assert first != second


BADGE = re.compile(r'>carol <span class="badge[^>]*>(\d+)</span>')


def test_the_menus_badge_is_counted_once_per_coach_between_two_writes(client, demo_league):
    from django.contrib.auth import get_user_model

    from matches.services import match_schedule

    carol = get_user_model().objects.get(username="carol")
    client.force_login(carol)
    assert BADGE.search(page(client, reverse("catalogue:index")))[1] == "4"
    with CaptureQueriesContext(connection) as queries:
        other = page(client, reverse("rulesets:index"))  # another page, rendered: its badge is kept
    assert BADGE.search(other)[1] == "4"
    assert not [q["sql"] for q in queries if "matches_match" in q["sql"] or "league_challenge" in q["sql"]]
    # A new match of hers (her petty cash awaited first): committed, so counted on the next page.
    team = demo_league.teams.get(coach=carol)
    opponent = demo_league.teams.exclude(coach=carol).filter(status="ready").first()
    match_schedule(league=demo_league, home=team, away=opponent, by=None)
    assert BADGE.search(page(client, reverse("rulesets:index")))[1] == "5"


def test_logging_in_or_out_makes_no_page_stale(client, coach_alice):
    before = site_revision()
    client.post(reverse("login"), {"username": "alice", "password": "pw-alice"})
    assert "_auth_user_id" in client.session  # logged in: a session saved, the last login stamped
    assert site_revision() == before
    client.post(reverse("logout"))
    # The session row deleted: the key of a page kept for it asks whether it lives (the old cookie
    # gets no kept page: test_after_logging_out_the_old_session_cookie_gets_no_kept_page).
    assert site_revision() == before
