"""A report imported for a season's fixture fills that fixture: the season's table and its
order in time come from the fixture, not from a new match beside it."""

from __future__ import annotations

import pytest
from league.competitions.seasons.models import Round, Season

from matches.importing import import_match
from matches.models import Match
from matches.services import match_schedule
from tests.matches.test_import_service import example

pytestmark = pytest.mark.django_db


def fixture_in(league, home, away, by, number: int = 1) -> Match:
    season, _ = Season.objects.get_or_create(league=league, number=1, defaults={"name": "S1", "status": "regular"})
    rnd, _ = Round.objects.get_or_create(season=season, number=number)
    match = match_schedule(league=league, home=home, away=away, by=by)
    Match.objects.filter(pk=match.pk).update(season=season, round=rnd)
    return match


def test_a_coachs_report_fills_the_earliest_open_fixture(humans, orcs, commissioner, coach_alice):
    later = fixture_in(humans.league, humans, orcs, commissioner, number=2)
    first = fixture_in(humans.league, humans, orcs, commissioner, number=1)
    reverse = fixture_in(humans.league, orcs, humans, commissioner, number=1)
    before = Match.objects.count()
    result = import_match(example(), by=coach_alice)
    assert Match.objects.count() == before
    assert result.match.pk == first.pk
    first.refresh_from_db()
    assert first.status == Match.Status.SUBMITTED and first.round.number == 1
    assert Match.objects.get(pk=later.pk).status == Match.Status.SCHEDULED
    assert Match.objects.get(pk=reverse.pk).status == Match.Status.SCHEDULED


def test_without_a_fixture_a_report_makes_its_own_match(humans, orcs, commissioner, coach_alice):
    other_way = fixture_in(humans.league, orcs, humans, commissioner)  # not this report's fixture
    before = Match.objects.count()
    result = import_match(example(), by=coach_alice)
    # A match of the season in progress, outside its rounds (an arranged match).
    assert Match.objects.count() == before + 1
    assert result.match.season_id == other_way.season_id and result.match.round_id is None
