"""Special play cards played through the JSON API (LRB6 p.34-42): a match report POSTed to the import
endpoint buys and plays them; a correction drafted through the API reads them in its `before` and
`inputs` (`result.cards_played`, players by id) and may replace them, checked as on the pages."""

from __future__ import annotations

import pytest

from matches.card_models import MatchCard
from matches.models import Match, MatchCorrection
from teams.models import Player
from tests.matches.test_card_purchase import set_cards
from tests.matches.test_import_cards import report

pytestmark = pytest.mark.django_db

URL = "/api/matches/import/"


@pytest.fixture
def card_league(client, league, commissioner, humans, orcs):
    set_cards(client, commissioner, league, **{"cards.mode": "budget", "cards.budget": 200_000})
    return league


@pytest.fixture
def imported(card_league, client_for, commissioner, humans, django_capture_on_commit_callbacks) -> Match:
    """The Reavers' #4 killed (61) and saved by the Miracle Worker they bought: imported by the
    commissioner through the API, confirmed and processed."""
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(commissioner).post(URL, report(), format="json")
    assert response.status_code == 201, response.content
    match = Match.objects.get(pk=response.json()["match"])
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    return match


def test_the_import_endpoint_buys_and_plays_the_card(imported, humans):
    h4 = humans.players.get(number=4)
    assert h4.status == Player.Status.ACTIVE and not h4.injuries.exists()
    assert imported.cards_played == [{"side": "home", "card": "miracle_worker", "players": [h4.pk]}]
    assert MatchCard.objects.filter(match=imported, side="home", card="miracle_worker", how="table").exists()


def test_the_import_endpoint_refuses_a_card_not_bought_and_writes_nothing(card_league, client_for, commissioner):
    data = report(played=[{"side": "home", "card": "badyear_git", "players": []}])
    response = client_for(commissioner).post(URL, data, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "refused"
    assert "Reavers did not buy Badyear Git for this match." in response.json()["errors"]
    assert not Match.objects.exists() and not MatchCard.objects.exists()


def test_a_correction_returns_the_cards_played_and_replaces_them(imported, client_for, commissioner, humans):
    api = client_for(commissioner)
    h4, h2 = humans.players.get(number=4).pk, humans.players.get(number=2).pk
    url = f"/api/matches/{imported.pk}/corrections/"
    # A card the Reavers did not buy: refused, worded as on the pages, nothing drafted.
    wrong = [{"side": "home", "card": "badyear_git", "players": []}]
    response = api.post(url, {"reason": "x", "inputs": {"result": {"cards_played": wrong}}}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["errors"] == ["Reavers did not buy Badyear Git for this match."]
    assert not MatchCorrection.objects.exists()
    # Played on a player who suffered nothing: the replay refuses it, so it cannot be confirmed.
    wrong = [{"side": "home", "card": "miracle_worker", "players": [h2]}]
    response = api.post(url, {"reason": "x", "inputs": {"result": {"cards_played": wrong}}}, format="json")
    assert response.status_code == 201 and "refused" in response.json()["preview"], response.content
    assert response.json()["preview"]["refused"]["reason"] == (
        "Miracle Worker: #2 lineman 1 suffered no injury of 41 or more in this match, so the card has nothing to undo."
    )
    confirm = api.post(f"/api/matches/corrections/{response.json()['id']}/confirm/", {}, format="json")
    assert confirm.status_code == 400 and "The rules refuse this correction" in confirm.json()["errors"][0]
    # Not played after all: the preview shows #4 dead.
    response = api.post(url, {"reason": "no card", "inputs": {"result": {"cards_played": []}}}, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["before"]["result"]["cards_played"] == [{"side": "home", "card": "miracle_worker", "players": [h4]}]
    assert data["inputs"]["result"]["cards_played"] == []
    reavers = next(t for t in data["preview"]["teams"] if t["name"] == "Reavers")
    changes = {c["field"]: c for p in reavers["players"] if p["number"] == 4 for c in p["changes"]}
    assert "status" in changes, reavers
