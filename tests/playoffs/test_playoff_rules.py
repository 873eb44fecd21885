"""What a play-off match changes: doubled winnings, the inducement restrictions, no draw."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.competitions.seasons.models import Bracket, BracketGame
from league.competitions.standings.playoffs.services import BracketChoice, bracket_create
from league.core.services import league_settings_update

from league.rules.prematch.induce import InducementOrder
from matches.models import Match, MatchEffect
from matches.services import (
    MatchError,
    PrematchInput,
    ReportInput,
    match_schedule,
    prematch_record,
    report_save,
    report_submit,
)
from tests.builders import play

pytestmark = pytest.mark.django_db

DICE = {"winnings:home": [3], "winnings:away": [2]}
CHOICES = {"winnings_reroll:home": False}


def semis(season, commissioner, **choice):
    bracket_create(
        season=season,
        choice=BracketChoice(size=4, qualification="standings", seeding="standings", **choice),
        by=commissioner,
    )
    return list(Match.objects.filter(season=season, stage="semi_final").order_by("bracket_game__number"))


def winnings(match):
    return dict(MatchEffect.objects.filter(match=match, kind="winnings").values_list("team_id", "amount"))


def test_semi_final_winnings_are_doubled(make_season, commissioner, league, django_capture_on_commit_callbacks):
    season, teams = make_season(4)
    # The same two teams, the same score and dice, in a league match first.
    friendly = match_schedule(league=league, home=teams[0], away=teams[3], by=commissioner)
    friendly = play(friendly, 2, 1, django_capture_on_commit_callbacks, dice=DICE, decisions=CHOICES)
    semi = semis(season, commissioner)[0]
    assert (semi.home_id, semi.away_id, semi.stage) == (teams[0].pk, teams[3].pk, "semi_final")
    semi = play(semi, 2, 1, django_capture_on_commit_callbacks, dice=DICE, decisions=CHOICES)
    league_amounts, semi_amounts = winnings(friendly), winnings(semi)
    # (D6 + FAME 0) x 10,000, +10,000 for the winner; x2 in a semi-final (p.31).
    assert league_amounts == {teams[0].pk: 40_000, teams[3].pk: 20_000}
    assert semi_amounts == {teams[0].pk: 80_000, teams[3].pk: 40_000}


def test_semi_final_prematch_refuses_a_star_and_inducement_money(
    make_season, commissioner, client, django_capture_on_commit_callbacks
):
    season, teams = make_season(4)
    semi = semis(season, commissioner)[0]
    star = PrematchInput(
        weather_dice=(3, 4), home_petty_cash=50_000, home_inducements=InducementOrder(stars=("mighty_zug",))
    )
    with pytest.raises(MatchError) as refused:
        prematch_record(match=semi, data=star, by=commissioner)
    assert any("semi-final or a final" in m for m in refused.value.messages), refused.value.messages
    semi.refresh_from_db()
    assert semi.status == Match.Status.SCHEDULED  # nothing written
    # A league that lets petty cash buy inducements in the finals: a bribe, yes; a star, never.
    league_settings_update(league=semi.league, by=commissioner, values={"final_inducements": "petty_cash_no_stars"})
    with pytest.raises(MatchError) as refused:
        prematch_record(match=semi, data=star, by=commissioner)
    assert "Team 01: No inducements in a semi-final or a final." in refused.value.messages
    bribe = PrematchInput(weather_dice=(3, 4), home_petty_cash=100_000, home_inducements=InducementOrder({"bribes": 1}))
    prematch_record(match=semi, data=bribe, by=commissioner)
    assert semi.inducements.get().key == "bribes"


def test_a_tied_playoff_result_needs_the_shootout_winner(
    make_season, commissioner, client, django_capture_on_commit_callbacks
):
    season, teams = make_season(4)
    semi = semis(season, commissioner)[0]
    home_coach = teams[0].coach
    prematch_record(match=semi, data=PrematchInput(weather_dice=(3, 4)), by=home_coach)
    client.force_login(home_coach)
    result = reverse("matches:result", args=[semi.pk])
    page = client.get(result).content.decode()
    assert 'id="shootout-card"' in page
    tied = {
        "home_score": "1",
        "away_score": "1",
        "home_uncredited_touchdowns": "1",
        "away_uncredited_touchdowns": "1",
        "home_fame": "0",
        "away_fame": "0",
        "action": "submit",
    }
    response = client.post(result, tied, follow=True)
    semi.refresh_from_db()
    assert semi.status == Match.Status.DRAFT  # saved, not submitted
    assert "cannot end in a draw" in response.content.decode()
    response = client.post(result, {**tied, "shootout_winner": "away"})
    assert response.status_code == 302
    semi.refresh_from_db()
    assert (semi.status, semi.shootout_winner) == (Match.Status.SUBMITTED, "away")
    from matches.services import report_confirm

    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=semi, by=teams[3].coach)
    semi.refresh_from_db()
    assert semi.status == Match.Status.PROCESSED, semi.failure_reason
    assert BracketGame.objects.get(match=semi).winner_id == teams[3].pk
    # The shoot-out's winner is the match's winner in the post-match sequence: the winner's Fan
    # Factor roll (3D6) for the away side, the loser's (2D6) for the home side.
    dice = dict(semi.dice.values_list("purpose", "values"))
    assert (len(dice["ff:away"]), len(dice["ff:home"])) == (3, 2)
    page = client.get(semi.get_absolute_url()).content.decode()
    assert f"{teams[3].name} won the shoot-out" in page


def test_a_league_match_has_no_shootout(league, make_season, commissioner, django_capture_on_commit_callbacks):
    season, teams = make_season(2, results=False)
    match = match_schedule(league=league, home=teams[0], away=teams[1], by=commissioner)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=commissioner)
    report = ReportInput(1, 1, home_uncredited_touchdowns=1, away_uncredited_touchdowns=1, shootout_winner="home")
    with pytest.raises(MatchError) as refused:
        report_save(match=match, report=report, by=commissioner)
    assert "Only a play-off match has a shoot-out winner" in refused.value.messages[0]
    report_save(
        match=match,
        report=ReportInput(1, 1, home_uncredited_touchdowns=1, away_uncredited_touchdowns=1),
        by=commissioner,
    )
    report_submit(match=match, by=commissioner)  # a draw is fine in a league match


def test_a_concession_loses_whatever_the_score(make_season, commissioner, django_capture_on_commit_callbacks):
    season, teams = make_season(4)
    semi = semis(season, commissioner)[0]
    play(semi, 2, 0, django_capture_on_commit_callbacks, conceded_by="home")
    assert BracketGame.objects.get(match=semi).winner_id == semi.away_id


def test_third_place_game_and_closing(make_season, commissioner, django_capture_on_commit_callbacks):
    season, teams = make_season(4)
    first, second = semis(season, commissioner, third_place=True)
    play(first, 1, 0, django_capture_on_commit_callbacks)
    play(second, 0, 1, django_capture_on_commit_callbacks)
    third = Match.objects.get(season=season, stage="third_place")
    final = Match.objects.get(season=season, stage="final")
    assert {third.home_id, third.away_id} == {first.away_id, second.home_id}
    assert not third.is_final_stage
    play(final, 2, 1, django_capture_on_commit_callbacks)
    season.refresh_from_db()
    assert season.winner_id == final.home_id and season.status == "playoffs"  # the third-place game is still due
    play(third, 1, 0, django_capture_on_commit_callbacks)
    season.refresh_from_db()
    assert season.status == "closed" and season.closed_at is not None
    assert Bracket.objects.get(season=season).third_place


def test_an_imported_report_naming_a_shootout_winner_is_refused(humans, orcs, commissioner):
    """An import makes a league match: the schema knows the field, the services refuse it there."""
    from matches.importing import import_match, schema_problems
    from tests.matches.test_import_service import example

    data = example()
    data["result"]["shootout_winner"] = "home"
    assert schema_problems(data) == []
    before = Match.objects.count()
    with pytest.raises(MatchError) as refused:
        import_match(data, by=commissioner)
    assert any("Only a play-off match has a shoot-out winner" in m for m in refused.value.messages)
    assert Match.objects.count() == before
    data["result"]["shootout_winner"] = "nobody"
    assert schema_problems(data)


def test_the_prematch_page_of_a_semi_final_refuses_a_star_bought_with_petty_cash(
    client, make_season, commissioner, league
):
    from tests.matches.test_views_support import declare_petty_cash

    season, teams = make_season(4)
    league_settings_update(league=league, by=commissioner, values={"final_inducements": "petty_cash_no_stars"})
    semi = semis(season, commissioner)[0]
    declare_petty_cash(semi, home=300_000)
    client.force_login(teams[0].coach)
    page = reverse("matches:prematch", args=[semi.pk])
    choose = reverse("matches:inducements", args=[semi.pk])
    response = client.post(choose, {"side": "home", "home_stars": ["mighty_zug"]})
    text = response.content.decode()
    assert response.status_code == 200 and "No inducements in a semi-final or a final." in text
    semi.refresh_from_db()
    assert semi.status == Match.Status.SCHEDULED
    # Under this setting, petty cash may still buy other inducements (a bribe).
    assert client.post(choose, {"side": "home", "home_item_bribes": "1"}).status_code == 302
    # No inducement money in a semi-final: the other side, without petty cash, has nothing to choose.
    response = client.post(page, {"weather_source": "server"})
    assert response.status_code == 302
    semi.refresh_from_db()
    assert semi.status == Match.Status.PREMATCH_DONE and semi.inducements.get().key == "bribes"
