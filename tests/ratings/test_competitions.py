"""The ratings in the competitions: "rating" as a standings tie-breaker the commissioner picks
(higher first), and Swiss rounds paired by closest rating among teams on the same points."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse

from league.competitions.standings.services import standings_update
from league.competitions.standings.table import standings_settings
from league.core.services import league_settings_update
from league.ratings.selectors import team_ratings
from league.ratings.services import recompute_league
from league.scheduling import swiss_pairing
from matches.models import Match
from tests.seasons.helpers import login, running_season
from tests.standings.helpers import add_bye, add_result, make_season
from tests.standings.helpers import make_teams as bulk_teams

ROW = re.compile(r'<tr[^>]*data-team="(?P<team>\d+)"')


def test_pairing_by_rating_meets_the_closest_rating_among_equal_points():
    order = ["a", "b", "c", "d"]
    points = dict.fromkeys(order, 0)
    by_rank = swiss_pairing(order, points, [], [], random.Random(1), strict=True)
    assert set(by_rank.pairs) == {("a", "b"), ("c", "d")}
    ratings = {"a": 15200, "b": 14800, "c": 15150, "d": 14790}
    by_rating = swiss_pairing(order, points, [], [], random.Random(1), strict=True, ratings=ratings)
    assert set(by_rating.pairs) == {("a", "c"), ("b", "d")}
    # Points still come first: a team alone on its points meets the next points, whatever the rating.
    points = {"a": 3, "b": 3, "c": 0, "d": 0}
    assert set(swiss_pairing(order, points, [], [], None, strict=True, ratings=ratings).pairs) == {
        ("a", "b"),
        ("c", "d"),
    }
    with pytest.raises(ValueError):
        swiss_pairing(order, points, [], [], None, ratings={"a": 1})


@pytest.mark.django_db
def test_rating_breaks_a_tie_on_points_when_the_commissioner_picks_it(client, league, commissioner):
    a, b, c = bulk_teams(league, 3)
    season = make_season(league, [a, b, c])
    add_result(season, 1, a, b, (1, 0), status="processed")  # B falls to 1490.0; C, unplayed, keeps 1500.0
    add_bye(season, 1, c)
    recompute_league(league)
    url = reverse("league:season_standings", args=[league.slug, season.number])
    settings = standings_settings(league)
    standings_update(league=league, by=commissioner, scheme=settings["scheme"], tie_breakers=["points", "rating"])
    season.standings_settings = standings_settings(league)
    season.save(update_fields=["standings_settings"])
    assert team_ratings(league, [b.pk, c.pk]) == {b.pk: 14900, c.pk: 15000}
    page = client.get(url).content.decode()
    assert [int(t) for t in ROW.findall(page)] == [a.pk, c.pk, b.pk]
    settings_page = login(commissioner).get(reverse("league:standings_settings", args=[league.slug])).content.decode()
    assert 'value="rating"' in settings_page and "Rating (ELO)" in settings_page


@pytest.mark.django_db
def test_a_swiss_round_pairs_by_rating_when_the_league_says_so(league, commissioner, make_teams):
    a, b, c, d = make_teams(4)
    # Friendlies before the season: A and C won theirs, B and D lost (no rematch in the season).
    for number, (home, away) in enumerate(((a, b), (c, d)), start=1):
        Match.objects.create(
            league=league, home=home, away=away, ruleset="lrb6", ruleset_version="test", scheduled_by=commissioner,
            status=Match.Status.PROCESSED, home_score=1, away_score=0, sequence=f"0000{number:04d}",
        )  # fmt: skip
    recompute_league(league)
    season = running_season(league, commissioner, [a, b, c, d])
    boss = login(commissioner)
    fixtures = reverse("league:season_fixtures", args=[league.slug, season.number])
    league_settings_update(league=league, by=commissioner, values={"swiss_by_rating": True})
    assert boss.post(fixtures, {"action": "swiss"}).status_code == 302
    pairs = {frozenset(p) for p in Match.objects.filter(season=season).values_list("home_id", "away_id")}
    assert pairs == {frozenset((a.pk, c.pk)), frozenset((b.pk, d.pk))}
