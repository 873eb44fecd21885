"""Seasons through their pages: create, register and approve teams, move through the statuses."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.competitions.seasons.models import Season, SeasonTeam
from league.core.models import AuditEntry

from tests.seasons.helpers import login, play, running_season

pytestmark = pytest.mark.django_db


def season_url(league, number: int = 1) -> str:
    return reverse("league:season", args=[league.slug, number])


def test_commissioner_creates_a_season_and_runs_registration(league, boss, make_teams):
    teams = make_teams(3)
    response = boss.post(reverse("league:season_new", args=[league.slug]), {"name": "Spring 2027"})
    assert response.status_code == 302
    season = Season.objects.get(league=league)
    assert (season.number, season.status, season.name) == (1, "draft", "Spring 2027")
    assert response["Location"] == season_url(league)
    assert AuditEntry.objects.filter(action="league.season.created", league=league).exists()

    boss.post(season_url(league), {"action": "advance", "to": "registration"})
    season.refresh_from_db()
    assert season.status == "registration"

    # a coach asks to enter his team; the commissioner approves it, refuses another, adds a third
    for team in teams[:2]:
        response = login(team.coach).post(season_url(league), {"action": "request", "team": team.pk})
        assert response.status_code == 302
    page = boss.get(season_url(league)).content.decode()
    assert "Waiting for approval" in page and teams[0].name in page
    first, second = (SeasonTeam.objects.get(season=season, team=t) for t in teams[:2])
    assert boss.post(season_url(league), {"action": "approve", "entry": first.pk}).status_code == 302
    assert boss.post(season_url(league), {"action": "refuse", "entry": second.pk}).status_code == 302
    assert boss.post(season_url(league), {"action": "add", "team": teams[2].pk}).status_code == 302
    statuses = dict(SeasonTeam.objects.filter(season=season).values_list("team_id", "status"))
    assert statuses == {teams[0].pk: "approved", teams[1].pk: "refused", teams[2].pk: "approved"}

    # starting asks for a confirmation first, then copies the standings settings
    response = boss.post(season_url(league), {"action": "advance", "to": "regular"})
    assert response.status_code == 200 and b"season-confirm-form" in response.content
    season.refresh_from_db()
    assert season.status == "registration"
    boss.post(season_url(league), {"action": "advance", "to": "regular", "confirmed": "1"})
    season.refresh_from_db()
    assert season.status == "regular" and season.started_at is not None
    assert season.standings_settings["scheme"]["win"] >= 1


def test_a_season_list_shows_every_season_and_its_winner(league, commissioner, boss, make_teams):
    teams = make_teams(2)
    season = running_season(league, commissioner, teams)
    from league.competitions.seasons.fixtures import fixtures_generate

    fixtures_generate(season=season, by=commissioner)
    play(season.matches.get(), 2, 0)
    boss.post(season_url(league), {"action": "advance", "to": "closed", "confirmed": "1"})
    season.refresh_from_db()
    winner = season.matches.get().home
    assert season.status == "closed" and season.closed_at is not None and season.winner == winner
    page = boss.get(reverse("league:seasons", args=[league.slug])).content.decode()
    assert "Season One" in page and winner.name in page and "New season" in page
    assert f"Winner: {winner.name}" in boss.get(season_url(league)).content.decode()

    # the next season carries the teams over, approved
    boss.post(reverse("league:season_new", args=[league.slug]), {"name": "Two", "carry_over": "on"})
    two = Season.objects.get(league=league, number=2)
    assert set(two.entries.values_list("team_id", "status")) == {(t.pk, "approved") for t in teams}


def test_a_shared_first_place_leaves_no_winner(league, commissioner, boss, make_teams):
    season = running_season(league, commissioner, make_teams(2))
    from league.competitions.seasons.fixtures import fixtures_generate

    fixtures_generate(season=season, by=commissioner)
    play(season.matches.get(), 1, 1)
    boss.post(season_url(league), {"action": "advance", "to": "closed", "confirmed": "1"})
    season.refresh_from_db()
    assert season.status == "closed" and season.winner is None
    assert "No winner: the first place is shared." in boss.get(season_url(league)).content.decode()


def test_refusals(league, commissioner, coach_alice, boss, make_teams):
    teams = make_teams(2)
    # not a commissioner: 403, nothing written
    alice = login(coach_alice)
    assert alice.get(reverse("league:season_new", args=[league.slug])).status_code == 403
    assert alice.post(reverse("league:season_new", args=[league.slug]), {"name": "X"}).status_code == 403
    assert not Season.objects.exists()
    # bad input: 400, nothing written
    assert boss.post(reverse("league:season_new", args=[league.slug]), {"name": ""}).status_code == 400
    assert not Season.objects.exists()
    boss.post(reverse("league:season_new", args=[league.slug]), {"name": "One"})
    season = Season.objects.get()
    assert alice.post(season_url(league), {"action": "advance", "to": "registration"}).status_code == 403
    # skipping a status is refused with a reason
    response = boss.post(season_url(league), {"action": "advance", "to": "closed", "confirmed": "1"})
    assert response.status_code == 400 and "cannot go to" in response.content.decode()
    boss.post(season_url(league), {"action": "advance", "to": "registration"})
    boss.post(season_url(league), {"action": "add", "team": teams[0].pk})
    # starting with fewer than two teams
    response = boss.post(season_url(league), {"action": "advance", "to": "regular", "confirmed": "1"})
    assert response.status_code == 400
    assert "at least two approved teams" in response.content.decode()
    season.refresh_from_db()
    assert season.status == "registration" and season.standings_settings is None
    # a coach cannot enter someone else's team; the same team twice is refused
    assert alice.post(season_url(league), {"action": "request", "team": teams[1].pk}).status_code == 403
    response = boss.post(season_url(league), {"action": "add", "team": teams[0].pk})
    assert response.status_code == 400 and "already entered" in response.content.decode()
    # unknown things: 404 or 400, never 500
    assert boss.get(season_url(league, 9)).status_code == 404
    assert boss.post(season_url(league), {"action": "approve", "entry": "x"}).status_code == 404
    assert boss.post(season_url(league), {"action": "nothing"}).status_code == 400
    assert SeasonTeam.objects.count() == 1


def test_a_coach_withdraws_before_the_start(league, commissioner, make_teams):
    teams = make_teams(2)
    season = running_season(league, commissioner, teams, status="registration")
    entry = SeasonTeam.objects.get(season=season, team=teams[0])
    coach = login(teams[0].coach)
    assert coach.post(season_url(league), {"action": "withdraw", "entry": entry.pk}).status_code == 302
    entry.refresh_from_db()
    assert entry.status == "withdrawn"
