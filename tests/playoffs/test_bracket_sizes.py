"""Brackets of 3, 6 and 64 teams (byes to the top seeds), refusals, and the page's query count."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from league.competitions.seasons.models import Bracket, BracketGame, Round, Season
from league.competitions.standings.playoffs.services import BracketChoice, bracket_create, qualifiers
from league.core.models import AuditEntry

from matches.models import Match
from teams.models import Team
from tests.builders import play

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def url(season) -> str:
    return reverse("league:season_playoffs", args=[season.league.slug, season.number])


def post(client, season, **fields):
    data = {"size": "4", "qualification": "standings", "seeding": "standings", "action": "confirm", **fields}
    return client.post(url(season), {k: str(v) for k, v in data.items()})


def test_three_teams_seed_one_has_a_bye(client, make_season, commissioner, django_capture_on_commit_callbacks):
    season, teams = make_season(3)
    client.force_login(commissioner)
    assert post(client, season, size=3).status_code == 302
    games = {g.number: g for g in BracketGame.objects.all()}
    assert (games[1].home_source, games[1].away_source, games[1].winner_id) == ("seed:1", "bye", teams[0].pk)
    semi = Match.objects.exclude(stage="").get(season=season)
    assert (semi.home_id, semi.away_id, semi.stage) == (teams[1].pk, teams[2].pk, "semi_final")
    page = client.get(url(season)).content.decode()
    assert "Bye" in page and "Winner of game 2" in page
    play(semi, 0, 1, django_capture_on_commit_callbacks)
    final = Match.objects.get(season=season, stage="final")
    assert (final.home_id, final.away_id) == (teams[0].pk, teams[2].pk)


def test_six_teams_quarter_finals_with_two_byes(make_season, commissioner, django_capture_on_commit_callbacks):
    season, teams = make_season(6)
    bracket_create(
        season=season,
        choice=BracketChoice(size=6, qualification="standings", seeding="standings"),
        by=commissioner,
    )
    quarters = list(Match.objects.filter(season=season).exclude(stage="").order_by("bracket_game__number"))
    # P = 8: seeds 1 and 2 go through; 4 v 5 and 3 v 6 play, as plain play-off matches.
    assert [(m.home_id, m.away_id) for m in quarters] == [(teams[3].pk, teams[4].pk), (teams[2].pk, teams[5].pk)]
    assert {m.stage for m in quarters} == {"playoff"} and quarters[0].round.code == "quarter_final"
    assert BracketGame.objects.filter(winner__isnull=False).count() == 2  # the byes
    play(quarters[0], 1, 0, django_capture_on_commit_callbacks)
    semi = Match.objects.get(season=season, stage="semi_final")
    assert (semi.home_id, semi.away_id) == (teams[0].pk, teams[3].pk)
    play(quarters[1], 0, 2, django_capture_on_commit_callbacks)
    assert Match.objects.filter(season=season, stage="semi_final").count() == 2
    assert list(Round.objects.filter(season=season, phase="playoff").values_list("code", flat=True)) == [
        "quarter_final",
        "semi_final",
        "final",
    ]


def test_sixty_four_teams(make_season, commissioner, client):
    season, teams = make_season(64, results=False)
    client.force_login(commissioner)
    # No result yet: every team is level, and all 64 qualify (no tie straddles the cut).
    assert post(client, season, size=64, seeding="draw").status_code == 302
    first = Match.objects.filter(season=season)
    assert first.count() == 32 and {m.stage for m in first} == {"playoff"}
    assert BracketGame.objects.count() == 63
    assert {m.round.code for m in first} == {"round_of_64"}


def test_refusals_write_nothing(client, make_season, commissioner, league, user_factory):
    season, teams = make_season(5)
    outsider = teams[0].coach
    client.force_login(outsider)
    assert client.get(url(season)).status_code == 200  # anyone may read the bracket page
    assert post(client, season).status_code == 403
    client.force_login(commissioner)
    response = post(client, season, size=6)
    assert response.status_code == 400 and "5 approved teams" in response.content.decode()
    assert post(client, season, size=1).status_code == 400
    assert post(client, season, size="x").status_code == 400
    assert post(client, season, qualification="nonsense").status_code == 400
    # Manual qualifiers: the commissioner's seeds, which must be distinct and number `size`.
    seeds = {f"seed_{teams[4].pk}": 1, f"seed_{teams[0].pk}": 1}
    assert post(client, season, qualification="manual", size=2, **seeds).status_code == 400
    assert not Bracket.objects.exists() and not Match.objects.filter(stage__gt="").exists()
    assert Season.objects.get(pk=season.pk).status == Season.Status.REGULAR
    assert not AuditEntry.objects.filter(action__startswith="league.playoffs").exists()
    # Unknown season: 404.
    assert client.get(reverse("league:season_playoffs", args=[league.slug, 9])).status_code == 404


def test_a_tie_at_the_cut_is_refused_naming_the_teams(client, make_season, commissioner):
    season, teams = make_season(4, results=False)  # nobody has played: all four level
    client.force_login(commissioner)
    response = post(client, season, size=2, action="preview")
    text = response.content.decode()
    assert response.status_code == 400 and "tied for the last 2 places" in text
    assert all(t.name in text for t in teams)
    assert post(client, season, size=2).status_code == 400 and not Bracket.objects.exists()


def test_manual_qualifiers_in_the_commissioners_order(client, make_season, commissioner):
    season, teams = make_season(5)
    client.force_login(commissioner)
    seeds = {f"seed_{teams[4].pk}": 1, f"seed_{teams[2].pk}": 2}
    assert post(client, season, qualification="manual", size=2, **seeds).status_code == 302
    final = Match.objects.exclude(stage="").get(season=season)
    assert (final.home_id, final.away_id, final.stage) == (teams[4].pk, teams[2].pk, "final")
    # Created once: a second bracket, or a bracket outside the regular season, is refused.
    response = post(client, season, qualification="manual", size=2, **seeds)
    assert response.status_code == 400 and Bracket.objects.count() == 1


def test_other_qualification_methods(make_season, commissioner):
    season, teams = make_season(5)
    # Team 1 loses every game it hosted: win rates 0/4, 4/4 (team 2), 3/4, 2/4, 1/4 (team 5).
    Match.objects.filter(home=teams[0]).update(home_score=0, away_score=1)
    Team.objects.filter(pk=teams[4].pk).update(team_value=3_000_000)
    Team.objects.filter(pk=teams[3].pk).update(team_value=1_000_000)

    def top(method, size=2):
        return qualifiers(season, BracketChoice(size=size, qualification=method, seeding="standings"))

    assert top("team_value") == [teams[4].pk, teams[3].pk]
    assert top("win_rate") == [teams[1].pk, teams[2].pk]
    # Team value x win rate: 3,000,000 x 1/4 = 750,000 beats 1,000,000 x 2/4 = 500,000.
    assert top("tv_times_win_rate")[0] == teams[4].pk


def test_the_page_reads_in_a_fixed_number_of_queries(client, make_season, commissioner):
    """The creation form (every approved team listed) and the bracket, for 4 and for 16 teams."""
    counts = []
    client.force_login(commissioner)
    for number, size in ((1, 4), (2, 16)):
        season, teams = make_season(size, number=number)

        def queries(season=season) -> int:
            with CaptureQueriesContext(connection) as ctx:
                response = client.get(url(season))
            assert response.status_code == 200
            return len(ctx.captured_queries)

        form = queries()
        bracket_create(
            season=season,
            choice=BracketChoice(size=size, qualification="standings", seeding="draw", third_place=True),
            by=commissioner,
        )
        counts.append((form, queries()))
    assert counts[0] == counts[1], counts
