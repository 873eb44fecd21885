"""The league home: the current season's table, next fixtures, latest results and leaders; and
the standings page and the home in a number of queries that does not grow with the league."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.models import MatchEffect
from tests.standings.conftest import table_of
from tests.standings.helpers import add_bye, add_result, make_season, make_teams

# Query counts are of pages rendered, not of pages kept (league/infra/page_cache.py: one query).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def home(client, league):
    return client.get(reverse("league:detail", args=[league.slug]))


def test_no_season_yet_no_season_section_but_the_seasons_link(client, league):
    teams = make_teams(league, 2)
    make_season(league, teams, status="draft")  # a draft is not the current season
    response = home(client, league)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="current-season"' not in html
    assert f'href="/leagues/{league.slug}/seasons/"' in html


def test_the_current_season_table_fixtures_results_and_leaders(client, league):
    teams = make_teams(league, 3)
    a, b, c = teams
    old = make_season(league, teams, number=1, status="closed")
    add_result(old, 1, a, b, (5, 0))  # an older season: not in this season's leaders
    season = make_season(league, teams, number=2, status="regular")
    played = add_result(season, 1, a, b, (2, 1), cas=(1, 2))
    add_bye(season, 1, c)
    played.status = "processed"
    played.save(update_fields=["status"])
    a1, b1 = a.players.get(number=1), b.players.get(number=1)
    MatchEffect.objects.create(
        match=played, step="spp", key="spp:home:a1:td", kind="spp", team=a, player=a1, data={"spp": 6}
    )
    MatchEffect.objects.create(
        match=played, step="mvp", key="mvp:away:1", kind="mvp", team=b, player=b1, data={"spp": 4}
    )
    MatchEffect.objects.create(
        match=played, step="spp", key="spp:away:b1:cas", kind="spp", team=b, player=b1, data={"spp": 4}
    )
    fixture = add_result(season, 2, b, c, (0, 0), status="scheduled")
    later = add_result(season, 3, c, a, (0, 0), status="scheduled")
    response = home(client, league)
    assert response.status_code == 200
    html = response.content.decode()
    names = {t.pk: t.name for t in teams}
    # The ruleset's default: points, then the commissioner's order (the rulebook leaves ties to
    # him): B and C stay tied until he orders them (tests/standings/test_commissioner_order.py).
    assert table_of(response, names) == [("1", "Team A", 3), ("2=", "Team B", 0), ("2=", "Team C", 0)]
    assert reverse("league:season_standings", args=[league.slug, 2]) in html
    fixtures = html[html.index('id="next-fixtures"') :]
    assert fixtures.index(f'data-match="{fixture.pk}"') < fixtures.index(f'data-match="{later.pk}"')
    assert f'data-match="{played.pk}"' in html[html.index('id="latest-results"') :]

    def leaders(kind):
        block = html[html.index(f'id="leaders-{kind}"') :]
        return block[: block.index("</ol>")]

    assert "Team A #1" in leaders("touchdowns") and "<strong>2</strong>" in leaders("touchdowns")
    assert "<strong>5</strong>" not in leaders("touchdowns")  # the closed season's five
    assert leaders("casualties").index("Team B #1") < leaders("casualties").index("Team A #1")
    assert leaders("spp").index("Team B #1") < leaders("spp").index("Team A #1")
    assert "<strong>8</strong>" in leaders("spp") and "<strong>6</strong>" in leaders("spp")


def league_of_size(league, count: int, rounds: int):
    """`count` teams and `rounds` rounds of results, fixtures and byes in the current season."""
    teams = make_teams(league, count, prefix=f"T{count}")
    season = make_season(league, teams, number=1)
    for r in range(1, rounds + 1):
        for i in range(0, count - 1, 2):
            add_result(
                season, r, teams[i], teams[(i + r) % count if (i + r) % count != i else i + 1], (r % 3, 1), (1, r % 2)
            )
        add_bye(season, r, teams[-1]) if count % 2 else None
    for i in range(0, count - 1, 2):
        add_result(season, rounds + 1, teams[i], teams[i + 1], (0, 0), status="scheduled")
    return season


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("who", ["anonymous", "commissioner"])
def test_pages_make_the_same_number_of_queries_for_2_or_12_teams_and_few_or_many_matches(
    client, league, commissioner, user_factory, who
):
    from league.core.services import league_create

    if who == "commissioner":
        client.force_login(commissioner)
    small = league
    big = league_create(name="Big League", ruleset="lrb6", commissioner=commissioner)
    league_of_size(small, 2, 1)
    league_of_size(big, 12, 8)
    for name, args in (("league:detail", []), ("league:season_standings", [1])):
        few = queries(client, reverse(name, args=[small.slug, *args]))
        many = queries(client, reverse(name, args=[big.slug, *args]))
        assert few == many, name
