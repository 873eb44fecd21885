"""Starting the play-offs with league matches unplayed (a warning listing them, then a confirmation),
those matches closed to play once the play-offs start (the pages, the services and the import refuse
them, saying why, until the commissioner reopens one, audited), and play-off rounds named on every
page and feed ("Quarter-finals", "Final", "Third-place game") instead of their round numbers."""

from __future__ import annotations

import html
import json
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse
from icalendar import Calendar
from league.competitions.seasons.fixtures import fixture_add
from league.competitions.seasons.models import Bracket, Round, Season
from league.competitions.standings.playoffs.services import BracketChoice, bracket_create
from league.core.models import AuditEntry

from matches.models import Match
from tests.builders import play

pytestmark = pytest.mark.django_db


def url(season) -> str:
    return reverse("league:season_playoffs", args=[season.league.slug, season.number])


def page(client: Client, address: str, lang: str = "en") -> str:
    client.cookies["django_language"] = lang
    response = client.get(address)
    assert response.status_code == 200, address
    return html.unescape(response.content.decode())


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def unplayed(make_season, commissioner):
    """Four teams, their round robin processed, and one more league match (round 2) not played."""
    season, teams = make_season(4)
    match = fixture_add(season=season, round_number=2, home=teams[0], away=teams[1], by=commissioner)
    return season, teams, match


CHOICE = {"size": "4", "qualification": "standings", "seeding": "standings"}


def test_the_bracket_warns_of_unplayed_matches_and_needs_a_confirmation(client, unplayed, commissioner):
    season, teams, match = unplayed
    client.force_login(commissioner)
    response = client.post(url(season), {**CHOICE, "action": "confirm"})
    text = html.unescape(response.content.decode())
    assert response.status_code == 200 and 'id="unplayed-warning"' in text
    warning = text[text.index('id="unplayed-warning"') :][:1500]
    assert "1 regular-season match is not played yet" in warning
    assert f"{teams[0].name} v {teams[1].name}" in warning and match.get_absolute_url() in warning
    assert not Bracket.objects.exists()
    season.refresh_from_db()
    assert season.status == Season.Status.REGULAR
    assert 'name="unplayed_ok"' in text  # confirming again starts them
    response = client.post(url(season), {**CHOICE, "action": "confirm", "unplayed_ok": "1"})
    assert response.status_code == 302 and Bracket.objects.filter(season=season).exists()
    entry = AuditEntry.objects.get(action="league.playoffs.created")
    assert entry.data["unplayed_closed"] == [match.pk]


def test_with_every_match_played_no_warning(client, make_season, commissioner):
    season, _teams = make_season(4)
    client.force_login(commissioner)
    assert client.post(url(season), {**CHOICE, "action": "confirm"}).status_code == 302


def test_the_season_pages_play_off_step_leads_to_the_bracket_and_a_season_moved_without_one_gets_it(
    client, make_season, commissioner
):
    from league.competitions.seasons.services import season_advance

    season, _teams = make_season(4)
    client.force_login(commissioner)
    text = page(client, season.get_absolute_url())
    step = text[text.index('id="season-step-playoffs"') - 200 :][:400]
    assert f'href="{url(season)}"' in step and "Start the play-offs" in step
    # A season moved to its play-offs by the status step alone (as that step once did): not a dead
    # end, its bracket is still drawn from the play-offs page.
    season_advance(season=season, to=Season.Status.PLAYOFFS, by=commissioner)
    assert client.post(url(season), {**CHOICE, "action": "confirm"}).status_code == 302
    assert Bracket.objects.filter(season=season).exists()
    assert Match.objects.filter(season=season, round__phase=Round.Phase.PLAYOFF).exists()  # the semi-finals


def test_the_season_pages_step_lists_them_too(client, unplayed, commissioner):
    season, teams, match = unplayed
    client.force_login(commissioner)
    response = client.post(season.get_absolute_url(), {"action": "advance", "to": "playoffs"})
    text = html.unescape(response.content.decode())
    assert response.status_code == 200 and 'id="season-confirm-form"' in text
    assert "1 regular-season match is not played yet" in text and match.get_absolute_url() in text
    season.refresh_from_db()
    assert season.status == Season.Status.REGULAR
    client.cookies["django_language"] = "fr"
    french = html.unescape(
        client.post(season.get_absolute_url(), {"action": "advance", "to": "playoffs"}).content.decode()
    )
    assert "1 match de saison régulière n’est pas encore joué" in french
    french = html.unescape(client.post(url(season), {**CHOICE, "action": "confirm"}).content.decode())
    assert (
        "1 match de saison régulière n’est pas encore joué" in french
        and "Commencer la phase finale malgré tout" in french
    )
    assert not Bracket.objects.exists()


def report(match: Match, report_id: str) -> dict:
    return {
        "format_version": 1,
        "report_id": report_id,
        "league": match.league.slug,
        "ruleset": match.league.ruleset,
        "home": match.home.name,
        "away": match.away.name,
        "prematch": {"weather": [3, 4]},
        "result": {"home_score": 1, "away_score": 0},
        "players": {"home": [{"number": 1, "touchdowns": 1}], "away": []},
    }


def test_once_the_play_offs_start_the_unplayed_match_is_closed_until_reopened(unplayed, commissioner):
    season, teams, match = unplayed
    bracket_create(season=season, choice=BracketChoice(4, "standings", "standings"), by=commissioner, unplayed_ok=True)
    home = as_user(teams[0].coach)
    refusal = "The play-offs of Season 1 have started: its regular-season matches can no longer be played"

    # The match page says why, and offers no step of play.
    text = page(home, match.get_absolute_url())
    assert 'id="match-locked"' in text and refusal in text
    assert reverse("matches:prematch", args=[match.pk]) not in text and "Reopen this match" not in text
    # Its pre-match page, asked for directly, sends to the match page instead of a form.
    response = home.get(reverse("matches:prematch", args=[match.pk]))
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    # The pre-match is refused, with the reason, in the coach's language.
    response = home.post(reverse("matches:petty_cash", args=[match.pk]), {"side": "home", "amount": "0"}, follow=True)
    assert refusal in html.unescape(response.content.decode())
    response = home.post(
        reverse("matches:prematch", args=[match.pk]),
        {"weather_source": "entered", "weather_1": "3", "weather_2": "4"},
        follow=True,
    )
    assert refusal in html.unescape(response.content.decode())
    home.cookies["django_language"] = "fr"
    response = home.post(reverse("matches:petty_cash", args=[match.pk]), {"side": "home", "amount": "0"}, follow=True)
    assert "La phase finale de Season 1 a commencé" in html.unescape(response.content.decode())
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED and not match.home_petty_cash_declared
    # The import neither fills it nor makes a new match beside it.
    home.cookies["django_language"] = "en"
    before = Match.objects.count()
    response = home.post("/matches/import/", {"text": json.dumps(report(match, "closed-1"))})
    assert refusal in html.unescape(response.content.decode())
    assert Match.objects.count() == before and Match.objects.get(pk=match.pk).status == Match.Status.SCHEDULED
    # Not in the coach's to-do, nor among the league's next fixtures.
    assert match.get_absolute_url() not in page(home, "/")
    assert match.get_absolute_url() not in page(home, season.league.get_absolute_url())

    # Only the commissioner reopens it, from the match page.
    reopen = reverse("league:season_reopen", args=[season.league.slug, season.number])
    assert home.post(reopen, {"match": match.pk}).status_code == 403
    boss = as_user(commissioner)
    text = page(boss, match.get_absolute_url())
    assert "Reopen this match" in text and reopen in text
    response = boss.post(reopen, {"match": match.pk})
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    entry = AuditEntry.objects.get(action="league.season.fixture_reopened")
    assert entry.actor == commissioner and entry.data["match"] == match.pk
    # Reopening twice, or a play-off match, or a match of another season: refused or not found.
    again = boss.post(reopen, {"match": match.pk}, follow=True)
    assert "nothing to reopen" in html.unescape(again.content.decode())
    semi = Match.objects.filter(season=season).exclude(stage="").first()
    assert "nothing to reopen" in html.unescape(boss.post(reopen, {"match": semi.pk}, follow=True).content.decode())
    assert boss.post(reopen, {"match": "x"}).status_code == 404

    # Reopened: it is played as any match, here by the import.
    text = page(home, match.get_absolute_url())
    assert 'id="match-locked"' not in text and reverse("matches:prematch", args=[match.pk]) in text
    response = home.post("/matches/import/", {"text": json.dumps(report(match, "reopened-1"))})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.SUBMITTED and match.home_score == 1


def test_a_result_in_draft_cannot_be_submitted_once_closed(unplayed, commissioner):
    from matches.services import PrematchInput, ReportInput, prematch_record, report_save

    season, teams, match = unplayed
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=teams[0].coach)
    report_save(match=match, report=ReportInput(home_score=0, away_score=0), by=teams[0].coach)
    bracket_create(season=season, choice=BracketChoice(4, "standings", "standings"), by=commissioner, unplayed_ok=True)
    home = as_user(teams[0].coach)
    response = home.post(reverse("matches:submit", args=[match.pk]), follow=True)
    assert "can no longer be played" in html.unescape(response.content.decode())
    assert Match.objects.get(pk=match.pk).status == Match.Status.DRAFT
    # The result's form is not offered either: its page sends to the match page, which says why.
    response = home.get(reverse("matches:result", args=[match.pk]), follow=True)
    assert response.redirect_chain == [(match.get_absolute_url(), 302)]
    assert 'id="match-locked"' in response.content.decode() and 'name="home_score"' not in response.content.decode()


# --- play-off rounds named on every page ---


def test_play_off_rounds_are_named_everywhere(client, make_season, commissioner):
    season, teams = make_season(8)
    bracket_create(season=season, choice=BracketChoice(8, "standings", "standings", third_place=True), by=commissioner)
    quarter = Match.objects.filter(season=season, stage="playoff").order_by("pk").first()
    Round.objects.filter(season=season).update(starts_on=date(2027, 5, 3))

    season_page = page(client, season.get_absolute_url())
    rounds = season_page[season_page.index('id="season-rounds"') :]
    assert "Quarter-finals" in rounds and "Round 1" in rounds  # the league round keeps its number
    # The semi-finals and the final have no fixture yet: not shown at all.
    for absent in ("Semi-finals", "Final", "Round 2", "Round 3", "Round 4", "No fixture in this round"):
        assert absent not in rounds, absent
    assert "Quarter-finals" in page(client, url(season))
    assert "Quarter-final" in page(client, quarter.get_absolute_url())
    assert "Round 2" not in page(client, quarter.get_absolute_url())
    team_page = page(client, quarter.home.get_absolute_url())
    assert "Quarter-final" in team_page[team_page.index('id="team-matches"') :]
    home_page = page(client, season.league.get_absolute_url())
    assert "Quarter-final" in home_page[home_page.index('id="next-fixtures"') :]
    feed = client.get(reverse("league:calendar", args=[season.league.slug]))
    summaries = [str(e["SUMMARY"]) for e in Calendar.from_ical(feed.content).walk("VEVENT")]
    assert f"Quarter-final: {quarter.home.name} v {quarter.away.name}" in summaries
    # In French too.
    assert "Quarts de finale" in page(client, season.get_absolute_url(), "fr")
    assert "Quart de finale" in page(client, quarter.get_absolute_url(), "fr")
    feed = client.get(reverse("league:calendar", args=[season.league.slug]))  # the cookie says French
    summaries = [str(e["SUMMARY"]) for e in Calendar.from_ical(feed.content).walk("VEVENT")]
    assert f"Quart de finale : {quarter.home.name} contre {quarter.away.name}" in summaries
    client.cookies["django_language"] = "en"
    # The commissioner's fixtures page keeps the rounds to come, to date them, saying why they are empty.
    fixtures = page(as_user(commissioner), reverse("league:season_fixtures", args=[season.league.slug, 1]))
    assert "Semi-finals" in fixtures and "Its teams are known once the round before is played." in fixtures


def test_the_final_and_the_third_place_game_are_named(
    client, make_season, commissioner, django_capture_on_commit_callbacks
):
    season, teams = make_season(4)
    bracket_create(season=season, choice=BracketChoice(4, "standings", "standings", third_place=True), by=commissioner)
    for semi in Match.objects.filter(season=season, stage="semi_final"):
        play(semi, 1, 0, django_capture_on_commit_callbacks)
    final = Match.objects.get(season=season, stage="final")
    third = Match.objects.get(season=season, stage="third_place")
    assert final.round_id == third.round_id
    rounds = page(client, season.get_absolute_url())
    rounds = rounds[rounds.index('id="season-rounds"') :]
    assert "Semi-finals" in rounds and "Final" in rounds and "Third-place game:" in rounds
    assert "Round 2" not in rounds and "Round 3" not in rounds
    assert "Third-place game" in page(client, third.get_absolute_url())
    final_page = page(client, final.get_absolute_url())
    assert final_page[final_page.index('id="match-round"') :].startswith('id="match-round">Final<')
    assert "Match pour la troisième place" in page(client, third.get_absolute_url(), "fr")
