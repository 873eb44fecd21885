"""SPP actions a ruleset declares beyond the four every sheet has (vocabularies declared
by the ruleset). `chesttest` is LRB6 copied with one more row in spp_actions.csv, "a chest opened"
worth 1 SPP (the shape of Dungeon Bowl's, seed 003): the engine counts it, the result sheet shows a
field for it, the count is stored as the ruleset's key and the post-match sequence pays its SPP."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse

from league.rules import Ruleset, load_ruleset
from league.rules.postmatch import MatchDice, PlayerReport, check_report, plan_post_match
from matches.models import Match, MatchEffect, MatchPlayer
from tests.builders import league_of, lrb6_copy
from tests.matches.test_views_support import login, report_data
from tests.rules.postmatch_helpers import base_dice, match, side

KEY = "chesttest"
CHEST = "chest_opened,Chest opened,Coffre ouvert,CHEST,COF,1,test ruleset\n"


@pytest.fixture
def chest_ruleset(tmp_path, monkeypatch) -> Iterator[Ruleset]:
    """Found by its key like a shipped ruleset (tests/builders.py, lrb6_copy)."""
    yield from lrb6_copy(tmp_path, monkeypatch, KEY, append={"spp_actions.csv": CHEST})


def test_the_engine_counts_a_declared_action_and_refuses_an_unknown_one(chest_ruleset: Ruleset) -> None:
    opener = PlayerReport("hC", "lineman", actions={"chest_opened": 2})
    report = match(side("human", "h", opener))
    plan = plan_post_match(chest_ruleset, report, MatchDice(base_dice()))
    earned = plan.effect("spp:home:hC:chest_opened")
    assert (earned.count, earned.spp, earned.reason) == (2, 2, "chest_opened")
    stray = match(side("human", "h", PlayerReport("hX", "lineman", actions={"coffee": 1})))
    assert [v.code for v in check_report(chest_ruleset, stray)] == ["unknown_action"]
    assert [v.code for v in check_report(load_ruleset("lrb6"), match(side("human", "h", opener)))] == [
        "unknown_action"  # LRB6 has no chests
    ]


@pytest.fixture
def chest_match(chest_ruleset, commissioner, coach_alice, user_factory):
    from matches.services import PrematchInput, match_schedule, prematch_record
    from teams.services import PlayerOrder, team_create

    bob = user_factory("bob")
    league = league_of(KEY, "Underground", commissioner, coach_alice, bob)
    home = team_create(
        league=league,
        coach=coach_alice,
        name="Delvers",
        race="human",
        players=[PlayerOrder("lineman", f"D{i}") for i in range(1, 12)],
    )
    away = team_create(
        league=league,
        coach=bob,
        name="Diggers",
        race="orc",
        players=[PlayerOrder("lineman", f"G{i}") for i in range(1, 12)],
    )
    scheduled = match_schedule(league=league, home=home, away=away, by=commissioner)
    return prematch_record(match=scheduled, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice), bob


def test_the_sheet_stores_the_action_and_the_sequence_pays_its_spp(
    client, chest_match, coach_alice, django_capture_on_commit_callbacks
) -> None:
    played, bob = chest_match
    opener = played.home.players.get(number=3)
    url = reverse("matches:result", args=[played.pk])
    page = login(client, coach_alice).get(url).text
    assert f'name="p{opener.pk}_x_chest_opened"' in page and ">CHEST<" in page
    refused = client.post(url, report_data(played, action="save", **{f"p{opener.pk}_x_chest_opened": -1}))
    assert MatchPlayer.objects.get(match=played, player=opener).actions == {}
    assert refused.status_code == 200
    response = client.post(url, report_data(played, action="submit", **{f"p{opener.pk}_x_chest_opened": 2}))
    assert response.status_code == 302
    assert MatchPlayer.objects.get(match=played, player=opener).actions == {"chest_opened": 2}
    with django_capture_on_commit_callbacks(execute=True):
        login(client, bob).post(reverse("matches:confirm", args=[played.pk]))
    played.refresh_from_db()
    assert played.status == Match.Status.PROCESSED, played.failure_reason
    effect = MatchEffect.objects.get(match=played, key=f"spp:home:p{opener.pk}:chest_opened")
    assert effect.data["spp"] == 2
    opener.refresh_from_db()
    assert opener.spp >= 2  # 2 for the chests, plus 5 if the MVP fell on him
    # The match page and the player page name the action as the ruleset does, in the reader's
    # language (spp_actions.csv), never by its key.
    for lang, name in (("en", "Chest opened"), ("fr", "Coffre ouvert")):
        client.cookies["django_language"] = lang
        match_page = client.get(reverse("matches:detail", args=[played.pk])).text
        player_page = client.get(reverse("teams:player", args=[played.home_id, opener.pk])).text
        assert f"2 × {name}," in match_page
        assert name in player_page
        assert "× chest_opened" not in match_page and ">chest_opened<" not in player_page
