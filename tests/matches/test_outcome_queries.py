"""The match page reads its post-match outcome through selectors (matches/selectors/outcome.py) in
a number of queries that does not grow with the rosters: a match of two eleven-player teams where
one player earned an improvement roll, and one of two sixteen-player teams whose every player
earned one, with casualties, read in the same number of queries by their home coach."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.core.services import league_join
from matches.models import Match, MatchEffect
from matches.services import CasualtyLine, PlayerLine, match_schedule
from teams.models import ImprovementRoll
from teams.services import PlayerOrder, team_create
from tests.builders import human_team, orc_team, play
from tests.matches.test_views_support import login


def big_team(league, coach, name: str, race: str):
    return team_create(
        league=league,
        coach=coach,
        name=name,
        race=race,
        players=[PlayerOrder("lineman", f"{name[0]}{i}") for i in range(1, 17)],
    )


def test_the_outcome_page_reads_as_many_queries_for_a_big_roster_as_for_a_small_one(
    client,
    pages_rendered,
    django_assert_num_queries,
    league,
    commissioner,
    coach_alice,
    coach_bob,
    user_factory,
    django_capture_on_commit_callbacks,
):
    league_join(league=league, user=coach_bob)
    humans = human_team(league, coach_alice)
    small = play(
        match_schedule(league=league, home=humans, away=orc_team(league, coach_bob), by=commissioner),
        1,
        0,
        django_capture_on_commit_callbacks,
        lines=(PlayerLine(humans.players.get(number=1).pk, completions=6),),  # one improvement roll
    )
    carol, dave = user_factory("carol"), user_factory("dave")
    for coach in (carol, dave):
        league_join(league=league, user=coach)
    home, away = big_team(league, carol, "Lions", "human"), big_team(league, dave, "Boars", "orc")
    players = [*home.players.all(), *away.players.all()]
    big = play(
        match_schedule(league=league, home=home, away=away, by=commissioner),
        1,
        0,
        django_capture_on_commit_callbacks,
        lines=tuple(PlayerLine(p.pk, completions=6) for p in players),
        casualties=(
            CasualtyLine(victim_id=away.players.get(number=3).pk, d6=4, d8=1),
            CasualtyLine(victim_id=home.players.get(number=5).pk, d6=6, d8=1),
        ),
    )
    assert MatchEffect.objects.filter(match=big).count() > 3 * MatchEffect.objects.filter(match=small).count()
    assert ImprovementRoll.objects.filter(match=big).count() == 31  # one each but the dead, pending

    def warmed(match: Match, user) -> str:
        """The page's address, once read by its home coach (his session and menus read once)."""
        login(client, user)
        client.get(reverse("matches:detail", args=[match.pk]))
        return reverse("matches:detail", args=[match.pk])

    address = warmed(small, coach_alice)
    with CaptureQueriesContext(connection) as few:
        small_page = client.get(address).text
    expected = len(few)  # counted now: the next request empties the connection's query log
    assert "Most valuable player" in small_page
    address = warmed(big, carol)
    with django_assert_num_queries(expected):
        big_page = client.get(address).text
    assert big_page.count("choice to make") == 31
