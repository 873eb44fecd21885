"""The standings page of a season, through the pages: the league's scheme set on its settings
page, results confirmed, and the table equal to one computed by hand."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.competitions.seasons.models import StandingsLot
from league.core.models import AuditEntry, HouseRule

from tests.standings.conftest import figures_of, table_of
from tests.standings.helpers import add_bye, add_result, make_season, make_teams

pytestmark = pytest.mark.django_db


def standings_form(preset: str = "w5d3l1", tie_breakers=("points", "head_to_head", "td_diff"), **custom):
    data = {"preset": preset, **{k: str(v) for k, v in custom.items() if v is not False}}
    for slot, key in enumerate(tie_breakers, start=1):
        data[f"tie_breaker_{slot}"] = key
    return data


def set_standings(client, league, **form):
    response = client.post(reverse("league:standings_settings", args=[league.slug]), standings_form(**form))
    assert response.status_code == 302, response.content.decode()[:3000]


def page(client, season):
    return client.get(reverse("league:season_standings", args=[season.league.slug, season.number]))


# Five teams, a single round robin (each team has a bye): A B C D E.
ROUND_ROBIN = [
    # round, home, away, score
    (1, "A", "B", (2, 1)),
    (1, "C", "D", (1, 1)),
    (2, "A", "C", (1, 1)),
    (2, "B", "E", (1, 1)),
    (3, "A", "D", (0, 1)),
    (3, "C", "E", (0, 0)),
    (4, "A", "E", (3, 0)),
    (4, "B", "D", (1, 0)),
    (5, "B", "C", (4, 0)),
    (5, "D", "E", (2, 0)),
]
BYES = {1: "E", 2: "D", 3: "B", 4: "C", 5: "A"}


def five_team_season(league):
    teams = make_teams(league, 5)
    by_letter = {team.name[-1]: team for team in teams}
    season = make_season(league, teams)
    for round_number, home, away, score in ROUND_ROBIN:
        add_result(season, round_number, by_letter[home], by_letter[away], score)
    for round_number, letter in BYES.items():
        add_bye(season, round_number, by_letter[letter])
    return season, by_letter


def test_five_teams_5_3_1_head_to_head_then_td_diff_equal_a_table_computed_by_hand(commissioner_client, league):
    set_standings(commissioner_client, league, preset="w5d3l1", tie_breakers=("points", "head_to_head", "td_diff"))
    season, teams = five_team_season(league)
    names = {team.pk: letter for letter, team in teams.items()}
    # By hand, 5/3/1: A W5 D3 L1 W5 = 14; B L1 D3 W5 W5 = 14; C D3 D3 L1 D3 = 10;
    # D D3 W5 L1 W5 = 14; E D3 L1 D3 L1 = 8. A, B and D are level on 14 and beat each other in a
    # cycle (A>B, D>A, B>D): head-to-head 6 points in 2 games each, no split. TD difference:
    # B 7-3 = +4, A 6-3 = +3, D 4-2 = +2.
    response = page(commissioner_client, season)
    assert response.status_code == 200
    assert table_of(response, names) == [("1", "B", 14), ("2", "A", 14), ("3", "D", 14), ("4", "C", 10), ("5", "E", 8)]
    figures = figures_of(response, names)
    assert figures["B"][:8] == (4, 2, 1, 1, 7, 3, 0, 0)
    assert figures["C"][:6] == (4, 0, 3, 1, 2, 6)
    assert all(f[10] == 1 for f in figures.values())  # one bye each, worth 0 in 5/3/1
    html = response.content.decode()
    assert "above the next on Touchdown difference" in html
    # The rules under the table, in order.
    assert html.index('data-key="points"') < html.index('data-key="head_to_head"') < html.index('data-key="td_diff"')
    assert "Win 5, draw 3, loss 1." in html
    # The form column: B's results, most recent last: L(A) D(E) W(D) W(C).
    assert 'data-form="LDWW"' in html


def test_a_match_confirmed_through_the_match_services_counts(commissioner_client, league, commissioner):
    from matches.services import (
        PlayerLine,
        PrematchInput,
        ReportInput,
        match_schedule,
        prematch_record,
        report_confirm,
        report_save,
        report_submit,
    )

    teams = make_teams(league, 2)
    season = make_season(league, teams)
    match = match_schedule(league=league, home=teams[0], away=teams[1], by=commissioner)
    match.season = season
    match.save(update_fields=["season"])
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=commissioner)
    scorer = teams[0].players.get(number=1)
    report = ReportInput(home_score=1, away_score=0, lines=(PlayerLine(scorer.pk, touchdowns=1),))
    report_save(match=match, report=report, by=commissioner)
    report_submit(match=match, by=commissioner)
    report_confirm(match=match, by=commissioner)
    names = {t.pk: t.name for t in teams}
    response = page(commissioner_client, season)
    assert table_of(response, names) == [("1", "Team A", 3), ("2", "Team B", 0)]
    assert figures_of(response, names)["Team A"][:8] == (1, 1, 0, 0, 1, 0, 0, 0)


def test_bonus_points_byes_and_a_concession_as_the_custom_scheme_says(commissioner_client, league):
    set_standings(
        commissioner_client,
        league,
        preset="custom",
        tie_breakers=("points",),
        win=3,
        draw=1,
        loss=0,
        bye=2,
        concede=-1,
        concession_counts_as_loss=False,
        td_bonus=1,
        td_bonus_threshold=3,
        cas_bonus=1,
        cas_bonus_threshold=3,
    )
    teams = make_teams(league, 3)
    a, b, c = teams
    season = make_season(league, teams)
    add_result(season, 1, a, b, (3, 2), cas=(1, 3))  # A 3 + 1 (3 TD); B 0 + 1 (3 CAS)
    add_bye(season, 1, c)  # C 2
    add_result(season, 2, c, a, (0, 2), conceded_by="home")  # C conceded: -1, not in L; A wins 3
    add_bye(season, 2, b)  # B 2
    names = {t.pk: t.name for t in teams}
    response = page(commissioner_client, season)
    assert table_of(response, names) == [("1", "Team A", 7), ("2", "Team B", 3), ("3", "Team C", 1)]
    figures = figures_of(response, names)
    # played, W, D, L, TD+, TD-, CAS+, CAS-, bonus, conceded, byes
    assert figures["Team A"] == (2, 2, 0, 0, 5, 2, 1, 3, 1, 0, 0)
    assert figures["Team B"] == (1, 0, 0, 1, 2, 3, 3, 1, 1, 0, 1)
    assert figures["Team C"] == (1, 0, 0, 0, 0, 2, 0, 0, 0, 1, 1)
    html = response.content.decode()
    assert "Bonus: +1 for 3 or more touchdowns in a match." in html
    assert "the match is not counted as a loss" in html


def test_ties_stay_ties_until_the_commissioner_draws_lots_which_are_stored(commissioner_client, league):
    set_standings(commissioner_client, league, preset="w3d1l0", tie_breakers=("points", "td_diff", "lots"))
    teams = make_teams(league, 3)
    a, b, c = teams
    season = make_season(league, teams)
    add_result(season, 1, a, b, (1, 1))
    add_result(season, 2, c, a, (0, 0))
    add_result(season, 3, b, c, (0, 0))
    names = {t.pk: t.name for t in teams}
    response = page(commissioner_client, season)
    assert [row[0] for row in table_of(response, names)] == ["1=", "1=", "1="]
    html = response.content.decode()
    assert "until lots are drawn" in html and 'name="lots"' in html
    key = "lots:" + ",".join(sorted(str(t.pk) for t in teams))
    # Not the commissioner: refused, nothing drawn.
    from django.test import Client

    from tests.standings.helpers import user

    stranger = Client()
    stranger.force_login(user("stranger"))
    assert stranger.post(reverse("league:season_standings", args=[league.slug, 1]), {"lots": key}).status_code == 403
    assert not StandingsLot.objects.exists()
    # A key the table does not ask for: refused with the reason.
    response = commissioner_client.post(reverse("league:season_standings", args=[league.slug, 1]), {"lots": "lots:1"})
    assert response.status_code == 400 and not StandingsLot.objects.exists()
    response = commissioner_client.post(reverse("league:season_standings", args=[league.slug, 1]), {"lots": key})
    assert response.status_code == 302
    lots = {lot.team_id: lot for lot in StandingsLot.objects.all()}
    assert set(lots) == {t.pk for t in teams}
    assert all(1 <= die <= 6 for lot in lots.values() for die in lot.dice)
    assert AuditEntry.objects.filter(action="league.standings.lots_drawn").count() == 1
    response = page(commissioner_client, season)
    order = sorted(teams, key=lambda t: -lots[t.pk].value)
    assert table_of(response, names) == [(str(i + 1), t.name, 2) for i, t in enumerate(order)]
    assert "until lots are drawn" not in response.content.decode()
    assert 'id="lots-drawn"' in response.content.decode()


def test_unknown_season_or_league_is_404(client, league):
    assert client.get(reverse("league:season_standings", args=[league.slug, 9])).status_code == 404
    assert client.get(reverse("league:season_standings", args=["nope", 1])).status_code == 404


def test_draw_order_rerolls_until_every_team_differs():
    from league.competitions.standings.services import draw_order, lot_values

    from league.rules.dice import ScriptedDice

    rolled = draw_order(["a", "b", "c"], ScriptedDice([4, 4, 2, 5, 5, 3, 1]))
    # a and b tie on 4 (c has 2): they roll again 5-5, then 3-1.
    assert rolled == {"a": [4, 5, 3], "b": [4, 5, 1], "c": [2]}
    values = lot_values(rolled)
    assert values["a"] > values["b"] > values["c"]


def test_the_league_scheme_in_force_shows_before_the_season_starts(client, league):
    HouseRule.objects.all().delete()
    teams = make_teams(league, 2)
    season = make_season(league, teams, status="registration")
    response = page(client, season)
    assert response.status_code == 200
    assert "Win 3, draw 1, loss 0." in response.content.decode()


def test_a_team_withdrawn_after_playing_keeps_its_row_and_its_opponents_their_points(client, league):
    from league.competitions.seasons.models import SeasonTeam

    teams = make_teams(league, 3)
    a, b, c = teams
    season = make_season(league, teams)
    add_result(season, 1, a, c, (1, 0))
    SeasonTeam.objects.filter(season=season, team=c).update(status="withdrawn")
    names = {t.pk: t.name for t in teams}
    response = page(client, season)
    assert response.status_code == 200
    assert table_of(response, names)[0] == ("1", "Team A", 3)
    assert {name for _, name, _ in table_of(response, names)} == {"Team A", "Team B", "Team C"}
