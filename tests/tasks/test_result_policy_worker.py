"""A ruleset without draws played through the pages and run by a real Celery worker: a level
score goes to the shoot-out, whose winner the post-match sequence treats as the winner (its 3D6
fan factor roll, the loser's 2D6), and the match-sheet records travel with the result. The
ruleset is LRB6 copied with `draws_allowed = false` and a record declared (tests/builders.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse

from league.rules import Ruleset
from matches.models import Match, MatchEffect
from matches.services import PrematchInput, match_schedule, prematch_record
from tests.builders import human_team, league_of, lrb6_copy, orc_team
from tests.matches.test_views_support import login, report_data
from tests.tasks.conftest import processed, wait_for

pytestmark = pytest.mark.worker
KEY = "nodrawworker"
RECORD = """
[match_records.argue_call]
name_en = "Argue the call"
name_fr = "Protester"
per = "team"
kind = "roll"
dice = "D6"
"""


@pytest.fixture
def nodraw(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    yield from lrb6_copy(
        tmp_path, monkeypatch, KEY, replace=(("draws_allowed = true", "draws_allowed = false"),), toml_extra=RECORD
    )


def test_the_worker_pays_the_shootout_winner_as_the_winner(
    client, celery_worker, nodraw, commissioner, coach_alice, user_factory
):
    bob = user_factory("bob")
    league = league_of(KEY, "Sudden Death", commissioner, coach_alice, bob)
    humans, orcs = human_team(league, coach_alice), orc_team(league, bob)
    match = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    sheet = report_data(
        match,
        home_score=2,
        away_score=2,
        action="submit",
        shootout_winner="away",
        shootout_dice="1-1, 3-4",
        rec_argue_call_home="1",
        winnings_home=4,
        winnings_away=4,
    )
    assert login(client, coach_alice).post(reverse("matches:result", args=[match.pk]), sheet).status_code == 302
    assert login(client, bob).post(reverse("matches:confirm", args=[match.pk])).status_code == 302
    wait_for(lambda: processed(match), "the worker to process the match")
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    dice = dict(match.dice.values_list("purpose", "values"))
    assert (len(dice["ff:away"]), len(dice["ff:home"])) == (3, 2)  # the winner's roll and the loser's
    # Both sides get the LRB6 win-or-draw bonus; the winnings re-roll is the winner's only: none asked.
    amounts = dict(MatchEffect.objects.filter(match=match, kind="winnings").values_list("team_id", "amount"))
    assert amounts == {humans.pk: 50_000, orcs.pk: 50_000}
    assert match.records == [{"record": "argue_call", "side": "home", "dice": [1]}]
    assert "won the shoot-out" in client.get(match.get_absolute_url()).content.decode()
