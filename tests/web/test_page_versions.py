"""Kept pages made stale only by the writes that can change them (league/infra/page_versions.py).

Two leagues: A (the `league` fixture: alice and bob play in it) and B (zoe runs it, dave coaches in
it and in no other). Each write below is made as a user makes it (a form posted, a worker's task)
in league A; then B's kept pages are served again for one query (the versions), to dave and to a
visitor, while A's pages are rendered again. The tests commit (transactional_db) and key pages by
the database's versions only, as production does (PAGE_CACHE_LOCAL_WRITES off).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.infra.page_versions import site_revision
from matches.models import Match
from tests.builders import human_team, league_of
from tests.web.test_league_admin import settings_form

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def committed_only(settings):
    settings.PAGE_CACHE_LOCAL_WRITES = False


@pytest.fixture
def other(user_factory):
    zoe, dave = user_factory("zoe"), user_factory("dave")
    league = league_of("lrb6", "Other League", zoe, dave)
    team = human_team(league, dave, "Dave's Reavers")
    return SimpleNamespace(league=league, team=team, coach=dave)


def reads(client: Client, url: str) -> int:
    """The queries of one GET of `url`: 1 when the page kept for this browser is served."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


def as_user(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


class Readers:
    """Browsers, each with the pages it keeps: read twice (the first read may set the CSRF cookie,
    which is never kept), then once more to check it is kept."""

    def __init__(self, pages: dict[str, tuple[Client, str]]) -> None:
        self.pages = pages
        for client, url in pages.values():
            client.get(url)
            client.get(url)
            assert reads(client, url) == 1, url

    def kept(self) -> dict[str, int]:
        return {name: reads(client, url) for name, (client, url) in self.pages.items()}


def b_readers(other) -> Readers:
    dave, visitor = as_user(other.coach), as_user(None)
    return Readers(
        {
            "dave: B": (dave, reverse("league:detail", args=[other.league.slug])),
            "dave: his team": (dave, reverse("teams:detail", args=[other.team.pk])),
            "visitor: B": (visitor, reverse("league:detail", args=[other.league.slug])),
            "visitor: B's team": (visitor, reverse("teams:detail", args=[other.team.pk])),
        }
    )


def a_readers(league, team, alice) -> Readers:
    alice_client, visitor = as_user(alice), as_user(None)
    return Readers(
        {
            "alice: A": (alice_client, reverse("league:detail", args=[league.slug])),
            "visitor: A": (visitor, reverse("league:detail", args=[league.slug])),
            "visitor: A's team": (visitor, reverse("teams:detail", args=[team.pk])),
        }
    )


def check(write: Callable[[], None], league, team, alice, other) -> None:
    b, a = b_readers(other), a_readers(league, team, alice)
    before = site_revision()
    write()
    assert site_revision() == before, "the write bumped the whole site's version"
    assert b.kept() == dict.fromkeys(b.pages, 1), "a write in league A made league B's kept pages stale"
    fresh = a.kept()
    assert all(n > 1 for n in fresh.values()), f"league A's pages served stale: {fresh}"


def test_a_result_processed_in_a_leaves_b_kept(submitted_match, league, humans, coach_alice, coach_bob, other):
    def confirm() -> None:
        response = as_user(coach_bob).post(reverse("matches:confirm", args=[submitted_match.pk]))
        assert response.status_code == 302
        assert Match.objects.get(pk=submitted_match.pk).status == Match.Status.PROCESSED

    check(confirm, league, humans, coach_alice, other)


def test_a_correction_applied_in_a_leaves_b_kept(processed_match, league, humans, coach_alice, commissioner, other):
    from matches.models import MatchCorrection
    from matches.services.corrections import correction_draft, correction_preview

    correction = correction_draft(match=processed_match, by=commissioner, reason="Wrong match", void=True)
    correction_preview(correction)

    def confirm() -> None:
        response = as_user(commissioner).post(
            reverse("matches:correction", args=[correction.pk]), {"action": "confirm"}
        )
        assert response.status_code == 302
        assert MatchCorrection.objects.get(pk=correction.pk).status == MatchCorrection.Status.APPLIED

    check(confirm, league, humans, coach_alice, other)


def test_a_settings_change_in_a_leaves_b_kept(league, humans, coach_alice, commissioner, other):
    def save() -> None:
        data = settings_form(league, rating_k=32)
        response = as_user(commissioner).post(reverse("league:settings", args=[league.slug]), data)
        assert response.status_code == 302
        league.refresh_from_db()
        assert league.rating_k == 32

    check(save, league, humans, coach_alice, other)


def test_a_team_change_in_a_leaves_b_kept(league, humans, coach_alice, other):
    rerolls = humans.rerolls

    def buy() -> None:
        assert as_user(coach_alice).post(reverse("teams:buy_reroll", args=[humans.pk])).status_code == 302
        humans.refresh_from_db()
        assert humans.rerolls == rerolls + 1

    check(buy, league, humans, coach_alice, other)


def test_a_coach_joining_a_leaves_b_kept(league, humans, coach_alice, user_factory, other):
    eve = user_factory("eve")

    def join() -> None:
        assert as_user(eve).post(reverse("league:join", args=[league.slug])).status_code == 302
        assert league.memberships.filter(user=eve).exists()

    check(join, league, humans, coach_alice, other)


def test_a_task_of_a_worker_claims_its_league(league, humans, coach_alice, other):
    from teams.tasks import refresh_team_value

    check(lambda: refresh_team_value.delay(humans.pk), league, humans, coach_alice, other)


def test_reading_ones_notifications_makes_only_ones_own_pages_fresh(
    submitted_match, league, humans, coach_alice, coach_bob, other
):
    from league.notices.models import Notification

    as_user(coach_bob).post(reverse("matches:confirm", args=[submitted_match.pk]))
    assert Notification.objects.filter(user=coach_alice, read_at__isnull=True).exists()
    b, a = b_readers(other), a_readers(league, humans, coach_alice)
    assert as_user(coach_alice).post(reverse("notices:read_all")).status_code == 302
    assert not Notification.objects.filter(user=coach_alice, read_at__isnull=True).exists()
    assert b.kept() == dict.fromkeys(b.pages, 1)
    # League A's pages are still valid for a visitor; alice's show her badge: rendered again.
    fresh = a.kept()
    assert fresh["alice: A"] > 1 and fresh["visitor: A"] == 1 and fresh["visitor: A's team"] == 1


BADGE = re.compile(r'id="waiting-badge">bob(?: <span class="badge[^>]*>(\d+)</span>)?</a>')


def test_a_coach_of_both_leagues_sees_his_badge_move_on_bs_pages(submitted_match, league, coach_bob, other, settings):
    """bob also coaches in B: a result of his in A changes what waits for him, which his menu shows on
    every page, B's included."""
    from league.core.services import league_join

    league_join(league=other.league, user=coach_bob)
    bob = as_user(coach_bob)
    url = reverse("league:detail", args=[other.league.slug])
    bob.get(url)
    assert BADGE.search(bob.get(url).content.decode())[1] == "1"  # the result to confirm
    assert reads(bob, url) == 1
    assert bob.post(reverse("matches:confirm", args=[submitted_match.pk])).status_code == 302
    assert reads(bob, url) > 1
    shown = BADGE.search(bob.get(url).content.decode())[1]
    settings.PAGE_CACHE_SECONDS = 0
    assert shown == BADGE.search(bob.get(url).content.decode())[1]  # what a page rendered now counts


def test_a_write_that_claims_no_league_makes_every_page_fresh(league, humans, coach_alice, other):
    from league.core.models import League

    b, a = b_readers(other), a_readers(league, humans, coach_alice)
    League.objects.filter(pk=other.league.pk).update(name="Renamed")  # no scope claimed: the whole site
    assert all(n > 1 for n in b.kept().values()) and all(n > 1 for n in a.kept().values())


def test_a_notification_bumps_its_readers_pages_wherever_they_are(league, other, coach_alice):
    """A notification of league A to dave (who is only in B) moves his badge, on B's pages too;
    a visitor's B pages stay kept."""
    from league.core.events import Event, publish

    b = b_readers(other)
    publish(Event(kind="fixtures.published", league_id=league.pk, recipients=(other.coach.pk,)))
    assert other.coach.notifications.filter(read_at__isnull=True).exists()
    kept = b.kept()
    assert kept["visitor: B"] == 1 and kept["visitor: B's team"] == 1
    assert kept["dave: B"] > 1 and kept["dave: his team"] > 1


def test_each_url_of_a_league_claims_that_league(processed_match, humans_roll, other):
    """What a URL's page is keyed by and what its forms' writes claim (league/infra/page_cache.py):
    a league's page, the league and its results, and its matches' progress unless it shows results
    only (home, standings, statistics, ratings); a team's or a player's, the league and the team; a
    match's, the league and its two teams. A form posted under a league's or a team's URL claims the
    whole league, one under a match's URL (or an improvement after it) the match's step: its teams and
    its league's results, or their progress only for a pre-match, a draft or a submission; a
    correction, the whole league (it replays other teams' matches)."""
    from django.test import RequestFactory

    from league.infra.page_urls import _url_scopes
    from league.infra.page_versions import LEAGUE, PLAY, STEP, TEAM
    from matches.services.corrections import correction_draft

    league = processed_match.league
    correction = correction_draft(match=processed_match, by=league.commissioner, reason="Wrong", void=True)
    match_teams = {TEAM + processed_match.home_id, TEAM + processed_match.away_id}
    roll_team = TEAM + humans_roll.player.team_id
    results_page = ({LEAGUE + league.pk, PLAY + league.pk}, {LEAGUE + league.pk})
    league_page = ({LEAGUE + league.pk, PLAY + league.pk, STEP + league.pk}, {LEAGUE + league.pk})
    urls = {
        reverse("league:detail", args=[league.slug]): results_page,
        reverse("league:season_standings", args=[league.slug, 1]): results_page,
        reverse("league:stats", args=[league.slug]): results_page,
        reverse("league:season", args=[league.slug, 1]): league_page,
        reverse("teams:detail", args=[processed_match.home_id]): (
            {LEAGUE + league.pk, TEAM + processed_match.home_id},
            {LEAGUE + league.pk},
        ),
        reverse("teams:player", args=[other.team.pk, other.team.players.first().pk]): (
            {LEAGUE + other.league.pk, TEAM + other.team.pk},
            {LEAGUE + other.league.pk},
        ),
        reverse("matches:detail", args=[processed_match.pk]): (
            {LEAGUE + league.pk} | match_teams,
            {PLAY + league.pk} | match_teams,
        ),
        reverse("matches:correction", args=[correction.pk]): ({LEAGUE + league.pk}, {LEAGUE + league.pk}),
        # A pre-match, a draft and its submission: the match's progress, not its league's results.
        reverse("matches:prematch", args=[processed_match.pk]): (
            {LEAGUE + league.pk} | match_teams,
            {STEP + league.pk} | match_teams,
        ),
        reverse("matches:result", args=[processed_match.pk]): (
            {LEAGUE + league.pk} | match_teams,
            {STEP + league.pk} | match_teams,
        ),
        reverse("matches:improvement", args=[humans_roll.pk]): (
            {PLAY + league.pk, roll_team},
            {PLAY + league.pk, roll_team},
        ),
        reverse("matches:schedule", args=[other.league.slug]): (
            {LEAGUE + other.league.pk, PLAY + other.league.pk, STEP + other.league.pk},
            {LEAGUE + other.league.pk},
        ),
        # The API's writes claim the same.
        reverse("api-matches-confirm", args=[processed_match.pk]): (
            {LEAGUE + league.pk} | match_teams,
            {PLAY + league.pk} | match_teams,
        ),
        reverse("api-correction-confirm", args=[correction.pk]): ({LEAGUE + league.pk}, {LEAGUE + league.pk}),
        reverse("api-team-rerolls", args=[other.team.pk]): ({LEAGUE + other.league.pk}, {LEAGUE + other.league.pk}),
        reverse("api-player-fire", args=[other.team.players.first().pk]): (
            {LEAGUE + other.league.pk},
            {LEAGUE + other.league.pk},
        ),
        reverse("api-season-advance", args=[league.slug, 1]): league_page,
    }

    def ids(scope):
        with connection.cursor() as cursor:
            cursor.execute(*scope)
            return {int(row[0]) for row in cursor.fetchall()}

    for url, (read, written) in urls.items():
        page, claimed = _url_scopes(RequestFactory().get(url))
        assert (ids(page), ids(claimed)) == (read, written), url
    # A decision's pk is of its kind's table, not a match's: its writes claim nothing (the whole site).
    decision = reverse("matches:decision", args=["improvement", processed_match.pk])
    nobody = [reverse("home"), reverse("teams:mine"), reverse("notices:list"), reverse("matches:list"), decision]
    for url in [*nobody, reverse("api-matches-decision", args=["improvement", processed_match.pk])]:
        assert _url_scopes(RequestFactory().get(url)) == (None, None), url
