"""Coach-arranged matches: no third consecutive match against the same opponent (seed 000 p.24)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match
from tests.seasons.helpers import login, play, running_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_league(league):
    league.coaches_schedule = True
    league.save(update_fields=["coaches_schedule"])
    return league


def test_a_coach_refused_a_third_consecutive_match_sees_why(open_league, commissioner, make_teams):
    ours, theirs, other = make_teams(3)
    season = running_season(open_league, commissioner, [ours, theirs, other])
    coach = login(ours.coach)
    url = reverse("matches:schedule", args=[open_league.slug])
    for score in ((1, 0), (0, 0)):
        response = coach.post(url, {"home": ours.pk, "away": theirs.pk})
        assert response.status_code == 302
        match = Match.objects.latest("pk")
        # attached to the season in its regular status, without a round
        assert match.season == season and match.round is None
        play(match, *score)
    response = coach.post(url, {"home": theirs.pk, "away": ours.pk})
    assert response.status_code == 400
    page = response.content.decode()
    assert f"{theirs.name} may not play {ours.name} more than 2 times in a row" in page
    assert page.count(f"{ours.name} v {theirs.name} (") == 2  # the previous matches, named
    assert Match.objects.count() == 2
    # the same refusal in French
    coach.cookies["django_language"] = "fr"
    page = coach.post(url, {"home": theirs.pk, "away": ours.pk}).content.decode()
    assert "d’affilée" in page or "de suite" in page
    # a match against someone else breaks the run, but for both teams: each list is checked
    coach.cookies["django_language"] = "en"
    assert coach.post(url, {"home": ours.pk, "away": other.pk}).status_code == 302
    response = coach.post(url, {"home": ours.pk, "away": theirs.pk})
    assert response.status_code == 400 and f"{theirs.name} may not play {ours.name}" in response.content.decode()
    assert f"{ours.name} may not play" not in response.content.decode()
    assert login(other.coach).post(url, {"home": other.pk, "away": theirs.pk}).status_code == 302
    assert coach.post(url, {"home": ours.pk, "away": theirs.pk}).status_code == 302
    assert Match.objects.count() == 5
    # the season page lists them apart from the rounds, with their scores once confirmed
    page = coach.get(season.get_absolute_url()).content.decode()
    assert "Matches arranged by the coaches" in page and page.count('gap-2 fixture"') == 5
    assert "<strong>1 – 0</strong>" in page


def test_the_commissioner_is_not_held_to_it(open_league, commissioner, make_teams):
    ours, theirs = make_teams(2)
    boss = login(commissioner)
    url = reverse("matches:schedule", args=[open_league.slug])
    for _ in range(3):
        assert boss.post(url, {"home": ours.pk, "away": theirs.pk}).status_code == 302
    assert Match.objects.filter(season__isnull=True).count() == 3
