"""Special play cards in an imported match report (LRB6 p.34-42): the cards each side bought at the
pre-match (`prematch.<side>.cards`, entered as drawn at the table) and the cards played
(`cards_played`, players by side and roster number or id). A Miracle Worker played on a player
killed cancels his death once the post-match sequence has run; every refusal is worded as the
import's others and writes nothing."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from matches.card_models import MatchCard
from matches.importing import import_match
from matches.models import Match, MatchEffect
from matches.services import MatchError
from teams.models import Player
from tests.matches.test_card_purchase import set_cards
from tests.matches.test_import_service import example, row_counts

pytestmark = pytest.mark.django_db

MIRACLE = {"deck": "good_karma", "card": "miracle_worker"}


@pytest.fixture
def card_league(client, league, commissioner, humans, orcs):
    """The test league selling cards from a 200,000 budget a side (set on its settings page)."""
    set_cards(client, commissioner, league, **{"cards.mode": "budget", "cards.budget": 200_000})
    return league


def report(*, played: list[dict[str, Any]] | None = None, bought: list[dict] | None = None) -> dict[str, Any]:
    """The plain example with the home #4 killed (D6 6, D8 1: 61), the Reavers buying a Miracle
    Worker at the table and playing it on him."""
    data = copy.deepcopy(example())
    data["casualties"]["home"] = [{"number": 4, "d6": 6, "d8": 1}]
    data["prematch"]["home"]["cards"] = [MIRACLE] if bought is None else bought
    data["cards_played"] = (
        [{"side": "home", "card": "miracle_worker", "players": [{"side": "home", "number": 4}]}]
        if played is None
        else played
    )
    return data


def counts() -> dict[str, int]:
    return {**row_counts(), "MatchCard": MatchCard.objects.count()}


def test_an_imported_miracle_worker_cancels_the_death(
    card_league, humans, orcs, commissioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = import_match(report(), by=commissioner).match
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    h4 = humans.players.get(number=4)
    assert match.cards_played == [{"side": "home", "card": "miracle_worker", "players": [h4.pk]}]
    row = MatchCard.objects.get(match=match)
    assert (row.side, row.deck, row.card, row.how) == ("home", "good_karma", "miracle_worker", "table")
    assert row.by == commissioner
    h4.refresh_from_db()
    assert h4.status == Player.Status.ACTIVE and not h4.injuries.exists()
    assert not MatchEffect.objects.filter(match=match, kind="dead", player_id=h4.pk).exists()
    assert MatchEffect.objects.get(match=match, kind="card_played").player_id == h4.pk


def test_without_the_card_the_same_report_kills(card_league, humans, django_capture_on_commit_callbacks):
    data, h4 = report(), humans.players.get(number=4).pk
    del data["cards_played"]  # left out: nothing played (a new match has nothing marked)
    with django_capture_on_commit_callbacks(execute=True):
        match = import_match(data, by=None).match
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED and match.cards_played == []
    assert MatchCard.objects.filter(match=match).count() == 1  # bought, not played
    assert Player.objects.get(pk=h4).status == Player.Status.DEAD


def test_a_coachs_import_buys_both_sides_cards_and_names_players_by_id(
    card_league, humans, orcs, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    data = report()
    data["prematch"]["away"]["cards"] = [{"deck": "miscellaneous_mayhem", "card": "badyear_git"}]
    o2 = orcs.players.get(number=2).pk
    data["cards_played"][0]["players"] = [{"side": "home", "id": humans.players.get(number=4).pk}]
    data["cards_played"].append({"side": "away", "card": "badyear_git", "players": [{"side": "away", "id": o2}]})
    match = import_match(data, by=coach_alice).match
    assert match.status == Match.Status.SUBMITTED
    rows = {(r.side, r.card): r.by for r in MatchCard.objects.filter(match=match)}
    assert rows == {("home", "miracle_worker"): coach_alice, ("away", "badyear_git"): coach_alice}
    assert [e["players"] for e in match.cards_played] == [[humans.players.get(number=4).pk], [o2]]


def test_the_import_page_takes_the_cards(client, card_league, humans, coach_alice):
    client.force_login(coach_alice)
    response = client.post("/matches/import/", {"text": json.dumps(report())})
    match = Match.objects.get()
    assert response.status_code == 302 and response.url == match.get_absolute_url()
    assert match.cards_played == [
        {"side": "home", "card": "miracle_worker", "players": [humans.players.get(number=4).pk]}
    ]
    data = report(played=[{"side": "home", "card": "badyear_git", "players": []}])
    data["report_id"] = "another"
    page = client.post("/matches/import/", {"text": json.dumps(data)})
    assert page.status_code == 400 and "Reavers did not buy Badyear Git for this match." in page.content.decode()


def _played(*players: dict, card: str = "miracle_worker", side: str = "home") -> list[dict]:
    return [{"side": side, "card": card, "players": list(players)}]


REFUSALS = {
    "unknown card": (
        report(played=_played(card="golden_ticket")),
        "“golden_ticket” is not a special play card of this league's ruleset, played by home or away.",
    ),
    "card not bought": (report(played=_played(card="badyear_git")), "Reavers did not buy Badyear Git for this match."),
    "bought by the other side": (
        report(played=_played({"side": "away", "number": 3}, side="away")),
        "Gouged Eye did not buy Miracle Worker for this match.",
    ),
    "unknown player": (report(played=_played({"side": "home", "number": 42})), "Reavers has no player #42."),
    "no player": (report(played=_played()), "Miracle Worker: name the one player it touched."),
    "two players": (
        report(played=_played({"side": "home", "number": 4}, {"side": "home", "number": 2})),
        "Miracle Worker: name the one player it touched.",
    ),
    "an opponent": (report(played=_played({"side": "away", "number": 3})), "Miracle Worker: name a player of Reavers."),
    "a player who suffered nothing": (
        report(played=_played({"side": "home", "number": 2})),
        "Miracle Worker: #2 H2 suffered no injury of 41 or more in this match, so the card has nothing to undo.",
    ),
    "a card not in the deck": (
        report(bought=[{"deck": "miscellaneous_mayhem", "card": "miracle_worker"}]),
        "Pre-match: “Miracle Worker” is not a card of the deck “Miscellaneous Mayhem”.",
    ),
    "a side named wrong": (
        report(played=_played({"side": "middle", "number": 4})),
        '$.cards_played[0].players[0].side: must be one of "home", "away".',
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_each_card_refusal_is_worded_and_writes_nothing(case, card_league, humans, django_capture_on_commit_callbacks):
    data, expected = REFUSALS[case]
    before = counts()
    with django_capture_on_commit_callbacks(execute=True) as callbacks, pytest.raises(MatchError) as refused:
        import_match(copy.deepcopy(data), by=None)
    assert any(expected in message for message in refused.value.messages), refused.value.messages
    assert counts() == before and callbacks == []


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("none", "Pre-match: This league does not sell special play cards."),
        (
            None,  # LRB6 as it ships: cards are inducements
            "Pre-match: a report buys special play cards only where the league gives a budget for them; where "
            "they are paid from the inducement gold, buy them on the pre-match page and import the result into "
            "that match.",
        ),
    ],
)
def test_cards_are_bought_only_where_the_league_sells_them_from_a_budget(
    client, league, commissioner, humans, orcs, mode, expected
):
    if mode:
        set_cards(client, commissioner, league, **{"cards.mode": mode})
    before = counts()
    with pytest.raises(MatchError) as refused:
        import_match(report(), by=None)
    assert expected in refused.value.messages
    assert counts() == before


def test_the_refusal_is_in_french_too(humans, orcs):
    from django.utils import translation

    with translation.override("fr"), pytest.raises(MatchError) as refused:
        import_match(report(), by=None)
    assert (
        "Avant-match : un rapport n'achète des cartes spéciales que là où la ligue leur donne un budget ; là où "
        "elles se paient avec l'argent des primes, achetez-les sur la page d'avant-match puis importez le "
        "résultat dans ce match."
    ) in refused.value.messages
