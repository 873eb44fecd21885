"""A correction that reorders a season's table says so in its preview; once the season's drawn
bracket has matches played, the bracket stays as drawn and the commissioner must confirm knowing
that the corrected table would seed it otherwise."""

from __future__ import annotations

import pytest

from league.competitions.standings.playoffs.services import BracketChoice, bracket_create
from matches.models import Match, MatchCorrection
from matches.services.common import MatchError
from matches.services.corrections import correction_confirm, correction_draft, correction_preview, inputs_of

pytestmark = pytest.mark.django_db


def test_a_correction_moving_the_seeds_of_a_played_bracket_needs_the_commissioners_word(
    make_season, commissioner, django_capture_on_commit_callbacks
):
    season, teams = make_season(4)
    bracket = bracket_create(season=season, choice=BracketChoice(4, "standings", "standings"), by=commissioner)
    assert bracket.seeds == [t.pk for t in teams]
    first_game = bracket.games.exclude(match=None).order_by("number").first()
    Match.objects.filter(pk=first_game.match_id).update(status=Match.Status.PROCESSED, home_score=1, away_score=0)

    # Team 01 beat Team 02 2-0: it was 0-3.
    match = Match.objects.get(home=teams[0], away=teams[1], stage="")
    inputs = inputs_of(match)
    inputs["result"].update(home_score=0, away_score=3, home_uncredited_touchdowns=0, away_uncredited_touchdowns=3)
    correction = correction_draft(match=match, by=commissioner, reason="score swapped", inputs=inputs)
    preview = correction_preview(correction)

    table = preview["derived"][f"standings:{season.pk}"]
    assert [row[1] for row in table["before"]["rows"]][:2] == ["Team 01", "Team 02"]
    assert [row[1] for row in table["after"]["rows"]][:2] == ["Team 02", "Team 01"]
    assert preview["brackets_played"] == [season.name]
    with pytest.raises(MatchError, match="stays as it stands"):
        correction_confirm(correction=correction, by=commissioner)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.DRAFT
    with django_capture_on_commit_callbacks(execute=True):
        correction_confirm(correction=correction, by=commissioner, acknowledged=True)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    bracket.refresh_from_db()
    assert bracket.seeds == [t.pk for t in teams]  # never redrawn
    match.refresh_from_db()
    assert (match.home_score, match.away_score, match.status) == (0, 3, Match.Status.PROCESSED)


def test_a_correction_keeps_the_winner_of_a_play_off_match(make_season, commissioner):
    season, teams = make_season(4)
    bracket = bracket_create(season=season, choice=BracketChoice(4, "standings", "standings"), by=commissioner)
    game = bracket.games.exclude(match=None).order_by("number").first()
    Match.objects.filter(pk=game.match_id).update(status=Match.Status.PROCESSED, home_score=1, away_score=0)
    match = Match.objects.get(pk=game.match_id)
    assert match.stage
    flipped = inputs_of(match)
    flipped["result"].update(home_score=0, away_score=1, home_uncredited_touchdowns=0, away_uncredited_touchdowns=1)
    with pytest.raises(MatchError, match="cannot change who won a play-off match"):
        correction_draft(match=match, by=commissioner, reason="swapped", inputs=flipped)
    with pytest.raises(MatchError, match="nor void one"):
        correction_draft(match=match, by=commissioner, reason="never", void=True)
    wider = inputs_of(match)
    wider["result"].update(home_score=2, away_score=0, home_uncredited_touchdowns=2)
    assert correction_draft(match=match, by=commissioner, reason="two, not one", inputs=wider).pk


@pytest.mark.usefixtures("pages_rendered")
def test_the_page_asks_the_commissioner_to_tick_that_the_bracket_stays(
    client, make_season, commissioner, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    season, teams = make_season(4)
    bracket = bracket_create(season=season, choice=BracketChoice(4, "standings", "standings"), by=commissioner)
    game = bracket.games.exclude(match=None).order_by("number").first()
    Match.objects.filter(pk=game.match_id).update(status=Match.Status.PROCESSED, home_score=1, away_score=0)
    match = Match.objects.get(home=teams[0], away=teams[1], stage="")
    inputs = inputs_of(match)
    inputs["result"].update(home_score=0, away_score=3, home_uncredited_touchdowns=0, away_uncredited_touchdowns=3)
    correction = correction_draft(match=match, by=commissioner, reason="score swapped", inputs=inputs)
    client.force_login(commissioner)
    url = reverse("matches:correction", args=[correction.pk])
    page = client.get(url).content.decode()
    assert 'id="bracket-warning"' in page and "Team 02 from place 2 to 1" in page
    answer = client.post(url, {"action": "confirm"}, follow=True).content.decode()
    assert "confirm that the bracket stays as it stands" in answer
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.DRAFT
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "confirm", "acknowledged": "on"})
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED
