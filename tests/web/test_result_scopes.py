"""A result between two teams bumps its league's results and those two teams, nothing wider
(league/infra/page_versions.py): the other teams' pages, their players' and their matches' stay kept,
to a visitor and to their coaches (menu badges included), while the league's own pages and the two
teams' pages are rendered again. `manage.py bench_league` bumps exactly what this test sees a result
bump (league/tooling/bench_serve.bump_result). The tests commit, as production does."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse

from league.infra.page_versions import ANY, ASIDE, PLAY, RATE, TABLE, TEAM, USER
from league.notices.models import Notification
from matches.models import Match
from matches.services import match_schedule
from teams.models import Team
from tests.web.test_page_versions import Readers, as_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def committed_only(settings):
    settings.PAGE_CACHE_LOCAL_WRITES = False


def versions() -> dict[int, int]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, number FROM {TABLE}")  # noqa: S608
        return dict(cursor.fetchall())


def test_a_result_bumps_its_league_results_and_its_two_teams_only(
    submitted_match, league, humans, orcs, coach_alice, coach_bob, coach_carol, commissioner
):
    carol_team = Team.objects.get(league=league, coach=coach_carol)
    # A match of carol's, scheduled: its page shows her team and the humans, not the result's.
    other_match = match_schedule(league=league, home=carol_team, away=humans, by=commissioner)
    carol, visitor, alice = as_user(coach_carol), as_user(None), as_user(coach_alice)
    player = carol_team.players.order_by("pk").first()
    untouched = Readers(
        {
            "carol: her team": (carol, reverse("teams:detail", args=[carol_team.pk])),
            "carol: her player": (carol, reverse("teams:player", args=[carol_team.pk, player.pk])),
            "visitor: carol's team": (visitor, reverse("teams:detail", args=[carol_team.pk])),
            "visitor: carol's player": (visitor, reverse("teams:player", args=[carol_team.pk, player.pk])),
        }
    )
    moved = Readers(
        {
            "carol: the league": (carol, reverse("league:detail", args=[league.slug])),
            "visitor: the league": (visitor, reverse("league:detail", args=[league.slug])),
            "visitor: the humans": (visitor, reverse("teams:detail", args=[humans.pk])),
            "visitor: the orcs": (visitor, reverse("teams:detail", args=[orcs.pk])),
            "alice: her team": (alice, reverse("teams:detail", args=[humans.pk])),
            # It shows the humans, one of the result's teams.
            "visitor: carol's match": (visitor, reverse("matches:detail", args=[other_match.pk])),
        }
    )
    before = versions()
    notified_before = set(Notification.objects.values_list("pk", flat=True))

    response = as_user(coach_bob).post(reverse("matches:confirm", args=[submitted_match.pk]))
    assert response.status_code == 302
    assert Match.objects.get(pk=submitted_match.pk).status == Match.Status.PROCESSED

    after = versions()
    bumped = {pk for pk, number in after.items() if number != before.get(pk)}
    told = set(Notification.objects.exclude(pk__in=notified_before).values_list("user_id", flat=True))
    assert told, "the result told its coaches nothing"
    # Its league's results, its two teams, its mail page (the notifications), its ratings and the readers told.
    expected = {PLAY + league.pk, TEAM + humans.pk, TEAM + orcs.pk, ASIDE + league.pk, RATE + league.pk, ANY}
    assert bumped == expected | {USER + u for u in told}
    assert coach_carol.pk not in told
    # Carol's team, her player and her menu are served kept; the league and the two teams are not.
    assert untouched.kept() == dict.fromkeys(untouched.pages, 1)
    fresh = moved.kept()
    assert all(n > 1 for n in fresh.values()), f"pages served stale after the result: {fresh}"


def test_a_play_off_result_claims_the_whole_league():
    """A play-off result may move its winner against a third team and a trophy from its holder: the
    bracket's step claims the league (league/apps.py), so every page of it is rendered again."""
    from league.apps import _advance_bracket
    from league.infra import page_versions

    claimed: list = []

    def advance(match_id: int) -> None:
        claimed.append(page_versions._claimed.get())

    _advance_bracket(advance, 7)
    (scopes,) = claimed
    assert page_versions.league_of_match(7) in scopes


def test_a_late_result_claims_the_whole_league(user_factory, commissioner, django_capture_on_commit_callbacks):
    """A late result runs again the later matches of its teams, against teams it does not play (here
    the orcs): its replay claims the whole league (matches.services.replay), not its match's step."""
    from league.infra.page_versions import LEAGUE
    from tests.matches.history_helpers import Result, enter, three_teams

    alice, bob, carol = user_factory("alice"), user_factory("bob"), user_factory("carol")
    world = three_teams("Late", commissioner, alice, bob, carol)
    league = world["league"]
    enter(
        world,
        Result("Reavers", "Gouged Eye", 5, (1, 0), {("home", 3): {"touchdowns": 1}}),
        commissioner,
        django_capture_on_commit_callbacks,
    )
    before = versions()
    late = enter(
        world,
        Result("Reavers", "Grey Fangs", 3, (0, 1), {("away", 2): {"touchdowns": 1}}),
        commissioner,
        django_capture_on_commit_callbacks,
    )
    assert late.status == Match.Status.PROCESSED
    bumped = {pk for pk, number in versions().items() if number != before.get(pk)}
    assert LEAGUE + league.pk in bumped


def test_new_ratings_change_the_results_pages_only_where_a_table_ranks_by_them(league):
    """The ratings' batch after a result claims its league's ratings and the teams they moved; its
    results pages (standings, home) too only once a table ranks tied teams by rating."""
    from league.core.models import HouseRule
    from league.ratings.writes import _scopes

    assert _scopes(league.pk, {5}) == [RATE + league.pk, TEAM + 5]
    HouseRule.objects.create(league=league, key="standings_tie_breakers", value=["points", "rating"])
    assert _scopes(league.pk, set()) == [RATE + league.pk, PLAY + league.pk]


def test_the_ratings_pages_carry_their_league_ratings_and_its_home_does_not(league):
    from django.urls import resolve

    from league.infra.page_urls import _scopes_of
    from league.infra.page_versions import _resolve

    def keyed(name: str) -> set[int]:
        return _resolve("default", [_scopes_of(resolve(reverse(f"league:{name}", args=[league.slug])))[0]])

    assert RATE + league.pk in keyed("ratings")
    assert RATE + league.pk not in keyed("detail")
    assert PLAY + league.pk in keyed("detail")


def test_a_submission_renders_the_league_pages_of_a_match_progress_and_leaves_its_results_pages_kept(
    draft_match, league, coach_alice, coach_carol
):
    """A submitted result does not count yet: the league's home and statistics show nothing new, and
    stay kept for a visitor and a member; its teams page (a page that shows the league's matches'
    progress, STEP) is rendered again, and the submission's two teams."""
    from league.infra.page_versions import STEP

    visitor, carol = as_user(None), as_user(coach_carol)
    untouched = Readers(
        {
            "visitor: the league": (visitor, reverse("league:detail", args=[league.slug])),
            "visitor: its leaders": (visitor, reverse("league:stats", args=[league.slug])),
            "carol: the league": (carol, reverse("league:detail", args=[league.slug])),
        }
    )
    moved = Readers({"visitor: its teams": (visitor, reverse("league:teams", args=[league.slug]))})
    before = versions()

    response = as_user(coach_alice).post(reverse("matches:submit", args=[draft_match.pk]))
    assert response.status_code == 302
    assert Match.objects.get(pk=draft_match.pk).status == Match.Status.SUBMITTED

    bumped = {pk for pk, number in versions().items() if number != before.get(pk)}
    assert {STEP + league.pk, TEAM + draft_match.home_id, TEAM + draft_match.away_id} <= bumped
    assert PLAY + league.pk not in bumped
    assert untouched.kept() == dict.fromkeys(untouched.pages, 1)
    assert moved.kept()["visitor: its teams"] > 1


def test_a_draft_that_moves_the_match_day_claims_its_league_results_too(draft_match, worked_report, coach_alice):
    """The home lists its next fixtures by round, day and id: a draft that gives the match another
    day changes it, so its save claims the league's results beside the match's progress."""
    from dataclasses import replace
    from datetime import date

    from league.infra.page_versions import STEP, match_progress_of_match, page_scope
    from matches.services import report_save

    league_id = draft_match.league_id
    for day, moved in ((draft_match.played_on, False), (date(2026, 5, 1), True)):
        before = versions()
        with page_scope(match_progress_of_match(draft_match.pk)):
            report_save(match=draft_match, report=replace(worked_report, played_on=day), by=coach_alice)
        bumped = {pk for pk, number in versions().items() if number != before.get(pk)}
        assert STEP + league_id in bumped
        assert (PLAY + league_id in bumped) is moved, day
