"""A ruleset without draws (`draws_allowed = false`, the shape of classic 3rd edition, 004 L233): a
level league match goes to sudden-death overtime, then a D6 shoot-out re-rolled on ties. The sheet
asks for the shoot-out's winner and dice, the import takes them, the post-match sequence treats
the winner as the winner, the standings have no draw column, a correction keeps them.

`nodrawtest` is LRB6 copied with the one parameter changed (tests/builders.py, lrb6_copy)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse

from league.rules import Ruleset
from league.rules.standings import PointsScheme, Result, StandingsTeam, compute_standings
from matches.importing import import_match
from matches.models import Match
from matches.services import MatchError, match_schedule, report_confirm
from matches.services.corrections import inputs_of
from tests.builders import league_of, lrb6_copy

pytestmark = pytest.mark.django_db
KEY = "nodrawtest"


@pytest.fixture
def nodraw_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from lrb6_copy(tmp_path, monkeypatch, KEY, replace=(("draws_allowed = true", "draws_allowed = false"),))


@pytest.fixture
def league(nodraw_ruleset, commissioner, coach_alice):
    """The league make_season builds on: one of the ruleset without draws."""
    return league_of(KEY, "No Draw League", commissioner, coach_alice)


@pytest.fixture
def season_match(make_season, commissioner):
    season, teams = make_season(2, results=False)
    match = match_schedule(league=season.league, home=teams[0], away=teams[1], by=commissioner)
    Match.objects.filter(pk=match.pk).update(season=season)
    from matches.services import PrematchInput, prematch_record

    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=teams[0].coach)
    match.refresh_from_db()
    return season, teams, match


TIED = {
    "home_score": "1",
    "away_score": "1",
    "home_uncredited_touchdowns": "1",
    "away_uncredited_touchdowns": "1",
    "home_fame": "0",
    "away_fame": "0",
    "action": "submit",
}


def test_a_tied_league_match_needs_its_shootout_and_the_winner_wins_everywhere(
    client, season_match, django_capture_on_commit_callbacks
):
    season, teams, match = season_match
    client.force_login(teams[0].coach)
    url = reverse("matches:result", args=[match.pk])
    page = client.get(url).content.decode()
    assert 'id="shootout-card"' in page and "No draw in this league" in page
    assert 'name="shootout_dice"' in page and 'name="overtime"' in page

    refused = client.post(url, TIED, follow=True).content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.DRAFT  # saved, not submitted
    assert "A match of this league cannot end in a draw" in refused

    wrong = client.post(url, {**TIED, "shootout_winner": "home", "shootout_dice": "3-3, 2-5"}).content.decode()
    assert "does not name the team entered as the shoot-out" in wrong
    garbled = client.post(url, {**TIED, "shootout_winner": "away", "shootout_dice": "3-3, 25"}).content.decode()
    assert "is not a pair of dice" in garbled

    draft = {**TIED, "shootout_winner": "away", "shootout_dice": "3-3, 2-5", "action": "save"}
    assert client.post(url, draft).status_code == 302
    assert 'value="3-3, 2-5"' in client.get(url).content.decode()  # the draft as typed
    response = client.post(url, {**draft, "action": "submit"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.shootout_winner, match.overtime) == (Match.Status.SUBMITTED, "away", True)
    assert match.shootout_dice == [[3, 3], [2, 5]]

    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=match, by=teams[1].coach)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    # The post-match's winner-only rules: the winner's Fan Factor roll is 3D6, the loser's 2D6.
    dice = dict(match.dice.values_list("purpose", "values"))
    assert (len(dice["ff:away"]), len(dice["ff:home"])) == (3, 2)
    detail = client.get(match.get_absolute_url()).content.decode()
    assert f"{teams[1].name} won the shoot-out" in detail and 'id="shootout-dice"' in detail

    # The standings: a win and a loss, no draw column.
    standings = client.get(reverse("league:season_standings", args=[season.league.slug, season.number]))
    html = standings.content.decode()
    assert "W-L" in html and "W-D-L" not in html
    assert f'data-team="{teams[1].pk}" data-position="1"' in html
    assert ">1-0<" in html and ">0-1<" in html  # won-lost of each team
    home = client.get(season.league.get_absolute_url()).content.decode()
    assert "W-D-L" not in home

    # A correction starts from the stored result: the shoot-out and its dice go with it.
    result = inputs_of(match)["result"]
    assert (result["shootout_winner"], result["overtime"], result["shootout_dice"]) == ("away", True, [[3, 3], [2, 5]])


def _report(teams, report_id: str, **result) -> dict:
    return {
        "format_version": 1,
        "report_id": report_id,
        "league": teams[0].league.slug,
        "ruleset": KEY,
        "home": teams[0].pk,
        "away": teams[1].pk,
        "prematch": {"weather": [3, 4]},
        "result": {
            "home_score": 2,
            "away_score": 2,
            "home_uncredited_touchdowns": 2,
            "away_uncredited_touchdowns": 2,
            **result,
        },
    }


def test_the_import_and_the_api_take_the_shootout(client, make_season, commissioner):
    _season, teams = make_season(2, results=False)
    with pytest.raises(MatchError) as refused:
        import_match(_report(teams, "tie-1"), by=commissioner)
    assert any("cannot end in a draw" in r for r in refused.value.messages), refused.value.messages
    with pytest.raises(MatchError) as odd:
        import_match(_report(teams, "tie-2", shootout_winner="home", shootout_dice=[[4, 4], [1, 6]]), by=commissioner)
    assert any("does not name the team" in r for r in odd.value.messages), odd.value.messages

    client.force_login(commissioner)
    body = _report(teams, "tie-3", shootout_winner="away", shootout_dice=[[4, 4], [1, 6]])
    response = client.post(reverse("api-matches-import"), body, content_type="application/json")
    assert response.status_code == 201, response.content
    match = Match.objects.get(pk=response.json()["match"])
    assert (match.shootout_winner, match.overtime, match.shootout_dice) == ("away", True, [[4, 4], [1, 6]])
    assert match.status in (Match.Status.CONFIRMED, Match.Status.PROCESSED)


def test_the_standings_engine_counts_a_shootout_as_a_win_and_a_loss():
    scheme = PointsScheme(key="w3d1l0", win=3, draw=1, loss=0, forfeit_win=3, forfeit_loss=0)
    table = compute_standings(
        [StandingsTeam("a"), StandingsTeam("b")],
        [Result(key="1", order=1, home="a", away="b", home_td=1, away_td=1, shootout_winner="away")],
        scheme,
        ["points"],
    )
    a, b = table.row("a"), table.row("b")
    assert (a.won, a.drawn, a.lost, a.points, a.form) == (0, 0, 1, 0, ("L",))
    assert (b.won, b.drawn, b.lost, b.points, b.form) == (1, 0, 0, 3, ("W",))
