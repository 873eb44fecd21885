"""The third-place game. The LRB6 end-of-season tournament has none: two semi-finals drawn at
random, then the final (seed 000 p.31 L4013-4016; spec §9.3). The bracket page offers one as the
commissioner's choice, off unless he ticks it; it is neither a semi-final nor a final, so its gate
and winnings are not doubled (p.31 L4072-4073 names only those) and inducements stay as in a league
match (docs/decisions/seasons.md, "The third-place game")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.seasons.models import Bracket
from matches.models import Match
from tests.playoffs.test_playoff_gate_winnings import GATE_NOTE, result_on_pages, winnings

pytestmark = pytest.mark.django_db

CHOICE = {"size": "4", "qualification": "standings", "seeding": "standings", "action": "confirm"}


def test_the_bracket_page_offers_a_third_place_game_off_by_default(client, make_season, commissioner):
    season, _teams = make_season(4)
    client.force_login(commissioner)
    url = reverse("league:season_playoffs", args=[season.league.slug, season.number])
    page = client.get(url).content.decode()
    assert 'name="third_place"' in page
    assert 'name="third_place" class="form-check-input" id="id_third_place" checked' not in page
    assert client.post(url, CHOICE).status_code == 302
    assert not Bracket.objects.get(season=season).third_place
    assert not Match.objects.filter(season=season, stage="third_place").exists()


def test_the_third_place_game_pays_undoubled_winnings(
    client, make_season, commissioner, django_capture_on_commit_callbacks
):
    season, _teams = make_season(4)
    client.force_login(commissioner)
    url = reverse("league:season_playoffs", args=[season.league.slug, season.number])
    assert client.post(url, {**CHOICE, "third_place": "on"}).status_code == 302
    capture = django_capture_on_commit_callbacks
    for semi in Match.objects.filter(season=season, stage="semi_final"):
        result_on_pages(client, semi, capture)
    third = Match.objects.get(season=season, stage="third_place")
    third = result_on_pages(client, third, capture, gate=40)
    assert GATE_NOTE not in third.sheet
    # (D6 3 + FAME 0) x 10,000 + 10,000 for the winner; (2 + 0) x 10,000: as in a league match.
    assert winnings(third) == {third.home_id: 40_000, third.away_id: 20_000}
