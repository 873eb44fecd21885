"""A league's busiest pages rendered once its results are in (league/infra/page_warm.py): after a result
confirmed on the site, the first visitor and the first member to open the league's home are served a
copy rendered at write time, which shows the result. The tests commit, as production does."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.infra.page_warm import warm_leagues
from matches.models import Match
from tests.web.test_shared_pages import logged_in, read, visitor

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def warmed(settings):
    settings.PAGE_CACHE_LOCAL_WRITES = False
    settings.PAGE_WARM_LANGUAGES = ["en", "fr"]


def test_after_a_result_the_first_readers_are_served_a_copy_rendered_at_write_time(
    submitted_match, league, humans, orcs, coach_alice, coach_bob, coach_carol, commissioner
):
    url = reverse("league:detail", args=[league.slug])
    stranger, alice, carol = visitor(url), logged_in(coach_alice, url), logged_in(coach_carol, url)
    french = visitor(url)
    read(french, url, HTTP_ACCEPT_LANGUAGE="fr")  # a French visitor has read it lately
    before = read(stranger, url)[0]
    assert "3 – 1" not in before and "3-1" not in before

    bob = Client()
    bob.force_login(coach_bob)
    response = bob.post(reverse("matches:confirm", args=[submitted_match.pk]))
    assert response.status_code == 302
    match = Match.objects.get(pk=submitted_match.pk)
    assert match.status == Match.Status.PROCESSED

    html, queries = read(stranger, url)
    assert queries == 1  # the versions: rendered at write time
    assert reverse("matches:detail", args=[match.pk]) in html  # the result is in it
    # Carol, a member who did not play: the members' copy, and her menu as it was.
    hers, queries = read(carol, url)
    assert queries <= 2 and 'id="waiting-badge">carol' in hers
    # Alice played: her badge may have moved, so her menu is rendered again.
    mine, queries = read(alice, url)
    assert queries > 2 and 'id="waiting-badge">alice' in mine
    french_html, queries = read(french, url, HTTP_ACCEPT_LANGUAGE="fr")
    assert queries == 1 and 'lang="fr"' in french_html


def test_nothing_is_rendered_when_no_language_is_asked(settings, league):
    settings.PAGE_WARM_LANGUAGES = []
    assert warm_leagues([league.pk]) == 0


def test_only_the_standings_and_languages_read_lately_are_rendered(league, humans, coach_alice):
    assert warm_leagues([league.pk]) == 0  # nobody has read the league
    url = reverse("league:detail", args=[league.slug])
    french = visitor(url)
    read(french, url, HTTP_ACCEPT_LANGUAGE="fr")
    # The home and the leaders (no season yet), for a visitor, in French.
    assert warm_leagues([league.pk]) == 2
    alice = logged_in(coach_alice, url)
    read(alice, url)
    assert warm_leagues([league.pk]) == 2 + 2  # and for a member, in English
