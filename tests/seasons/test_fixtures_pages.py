"""Fixtures through the fixtures page: round robins, a manual fixture, Swiss rounds, round dates."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest
from django.urls import reverse
from league.competitions.seasons.models import Bye, Round
from league.core.models import AuditEntry

from matches.models import Match
from tests.seasons.helpers import login, play, running_season

pytestmark = pytest.mark.django_db


def fixtures_url(season) -> str:
    return reverse("league:season_fixtures", args=[season.league.slug, season.number])


def test_single_round_robin_for_five_teams(league, commissioner, boss, make_teams):
    teams = make_teams(5)
    season = running_season(league, commissioner, teams)
    response = boss.post(
        fixtures_url(season), {"action": "generate", "legs": "1", "first_date": "2027-01-04", "days_between": "7"}
    )
    assert response.status_code == 302
    rounds = list(Round.objects.filter(season=season).order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5]
    assert [r.phase for r in rounds] == ["regular"] * 5
    assert rounds[0].starts_on == date(2027, 1, 4) and rounds[0].deadline == date(2027, 1, 10)
    assert rounds[4].starts_on == date(2027, 2, 1)
    matches = list(Match.objects.filter(season=season))
    assert len(matches) == 10
    assert all(m.round_id and m.status == "scheduled" and m.league_id == league.pk and m.ruleset for m in matches)
    pairs = Counter(frozenset((m.home_id, m.away_id)) for m in matches)
    assert len(pairs) == 10 and set(pairs.values()) == {1}
    byes = Counter(Bye.objects.filter(round__season=season).values_list("team_id", flat=True))
    assert byes == {t.pk: 1 for t in teams}
    home, away = Counter(m.home_id for m in matches), Counter(m.away_id for m in matches)
    assert all(abs(home[t.pk] - away[t.pk]) <= 1 for t in teams)
    for r in rounds:  # a team plays at most once per round
        playing = [t for m in r.matches.all() for t in (m.home_id, m.away_id)] + [b.team_id for b in r.byes.all()]
        assert sorted(playing) == sorted(t.pk for t in teams)
    assert AuditEntry.objects.filter(action="league.season.fixtures_generated").count() == 1

    page = boss.get(season.get_absolute_url()).content.decode()
    assert page.count("has a bye") == 5 and page.count('gap-2 fixture"') == 10
    # generating again is refused and writes nothing
    response = boss.post(fixtures_url(season), {"action": "generate", "legs": "1"})
    assert response.status_code == 400 and "already has fixtures" in response.content.decode()
    assert Match.objects.filter(season=season).count() == 10


def test_double_round_robin_for_four_teams(league, commissioner, boss, make_teams):
    teams = make_teams(4)
    season = running_season(league, commissioner, teams)
    assert boss.post(fixtures_url(season), {"action": "generate", "legs": "2"}).status_code == 302
    assert Round.objects.filter(season=season).count() == 6
    matches = list(Match.objects.filter(season=season))
    assert len(matches) == 12 and not Bye.objects.exists()
    ordered = Counter((m.home_id, m.away_id) for m in matches)
    assert set(ordered.values()) == {1} and len(ordered) == 12  # each pair once at each home
    home = Counter(m.home_id for m in matches)
    assert all(home[t.pk] == 3 for t in teams)
    assert Round.objects.filter(starts_on__isnull=False).count() == 0


def test_manual_fixture_and_round_dates(league, commissioner, boss, make_teams):
    teams = make_teams(3)
    season = running_season(league, commissioner, teams)
    data = {"action": "manual", "round_number": "3", "home": teams[0].pk, "away": teams[1].pk}
    assert boss.post(fixtures_url(season), data).status_code == 302
    match = Match.objects.get(season=season)
    assert match.round.number == 3 and (match.home, match.away) == (teams[0], teams[1])
    # the same team twice in a round, a team against itself, a team outside the season: refused
    outsider = make_teams(1)[0]
    for bad in (
        {"home": teams[1].pk, "away": teams[2].pk},
        {"home": teams[2].pk, "away": teams[2].pk},
        {"home": teams[2].pk, "away": outsider.pk},
        {"home": teams[2].pk, "away": "999999"},
        {"round_number": "0", "home": teams[2].pk, "away": teams[0].pk},
    ):
        response = boss.post(fixtures_url(season), {**data, **bad})
        assert response.status_code == 400, bad
    assert Match.objects.filter(season=season).count() == 1
    # round dates
    response = boss.post(
        fixtures_url(season),
        {"action": "dates", "round_number": "3", "starts_on": "2027-03-01", "deadline": "2027-03-07"},
    )
    assert response.status_code == 302
    rnd = Round.objects.get(season=season, number=3)
    assert (rnd.starts_on, rnd.deadline) == (date(2027, 3, 1), date(2027, 3, 7))
    response = boss.post(
        fixtures_url(season),
        {"action": "dates", "round_number": "3", "starts_on": "2027-03-09", "deadline": "2027-03-07"},
    )
    assert response.status_code == 400
    rnd.refresh_from_db()
    assert rnd.starts_on == date(2027, 3, 1)
    assert boss.post(fixtures_url(season), {"action": "dates", "round_number": "44"}).status_code == 404
    # a coach may not use the fixtures page
    coach = login(teams[0].coach)
    assert coach.get(fixtures_url(season)).status_code == 403
    assert coach.post(fixtures_url(season), {"action": "generate", "legs": "1"}).status_code == 403
    assert Match.objects.filter(season=season).count() == 1


def test_swiss_rounds_never_pair_a_rematch(league, commissioner, boss, make_teams):
    teams = make_teams(5)
    season = running_season(league, commissioner, teams)
    seen: set[frozenset] = set()
    byes: list[int] = []
    for number in range(1, 6):
        response = boss.post(fixtures_url(season), {"action": "swiss"})
        if number > 1 and response.status_code == 400:
            break
        assert response.status_code == 302, number
        rnd = Round.objects.get(season=season, number=number)
        assert rnd.phase == "swiss"
        matches = list(rnd.matches.all())
        assert len(matches) == 2 and rnd.byes.count() == 1
        byes.append(rnd.byes.get().team_id)
        for match in matches:
            pair = frozenset((match.home_id, match.away_id))
            assert pair not in seen
            seen.add(pair)
            # the next round is paired only once this one is played
            assert boss.post(fixtures_url(season), {"action": "swiss"}).status_code == 400
            play(match, 1, 0)
    assert len(byes) == len(set(byes)) >= 2
    # when no rematch-free pairing is left, the commissioner is told so and nothing is written
    rounds = Round.objects.count()
    while True:
        response = boss.post(fixtures_url(season), {"action": "swiss"})
        if response.status_code == 400:
            break
        for match in Match.objects.filter(round__number=Round.objects.count()):
            play(match, 1, 0)
        rounds = Round.objects.count()
    assert "No pairing is left without a rematch" in response.content.decode()
    assert Round.objects.count() == rounds
