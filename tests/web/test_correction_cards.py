"""A commissioner's correction changes the special play cards played (matches/forms/card_plays.py):
the correction sheet shows each card a side bought, whether it was played and the players it
touched; the preview says what changes about the cards; applying it replays the match, which ends
where the same match entered that way from the start ends (LRB6 p.34-42: a Miracle Worker cancels
a death). A refusal is worded and changes nothing; the coaches' own result sheet shows no card
(a side's cards not played are secret from the other coach).

Each history: Humans (alice, home) v Orcs (bob), LRB6, the home side bought the Miracle Worker,
#3 H3 killed (D6 6, D8 1), the server's dice steady."""

from __future__ import annotations

import re

import pytest
from django.db.models import Sum
from django.urls import reverse

from matches.models import Match, MatchCorrection
from matches.services import PrematchInput, prematch_record
from teams.models import Player, TreasuryEntry
from tests.builders import pid, scheduled_in
from tests.matches.history_helpers import SteadyDice, by_names
from tests.matches.test_card_plays import confirm, play
from tests.matches.test_card_purchase import buy, set_cards
from tests.matches.test_views_support import login

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]

PLAYED = "card__home__miracle_worker__played"
PLAYERS = "card__home__miracle_worker__players"


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


@pytest.fixture
def people(commissioner, coach_alice, coach_bob):
    return commissioner, coach_alice, coach_bob


def text(response) -> str:
    body = response.content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&#x27;", "'").replace("\u00a0", " ")


def card_match(client, name: str, people) -> Match:
    commissioner, alice, bob = people
    match = scheduled_in("lrb6", name, commissioner, alice, bob)
    set_cards(client, commissioner, match.league, **{"cards.mode": "budget", "cards.budget": 200_000})
    login(client, alice)
    buy(client, match, "home", "good_karma", "miracle_worker")
    return prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=alice)


def processed(client, name: str, people, capture, *, played: bool) -> Match:
    """The match of league `name`, #3 killed, with or without the Miracle Worker played on him."""
    _boss, alice, bob = people
    match = card_match(client, name, people)
    h3 = pid(match.home, 3)
    if played:
        play(login(client, alice), match, "home", "miracle_worker", h3)
    return confirm(client, match, alice, bob, capture, **{f"p{h3}_d6": 6, f"p{h3}_d8": 1})


def h3_of(match: Match) -> int:
    # By name: a dead #3 may leave his number to the journeyman hired in his place.
    return match.home.players.get(number=3, name="H3").pk


def correct_url(match: Match) -> str:
    return reverse("matches:correct", args=[match.pk])


def sheet(client, match: Match) -> dict[str, object]:
    """The correction sheet as the page fills it, ready to post back."""
    form = client.get(correct_url(match)).context["form"]
    data: dict[str, object] = {"action": "edit"}
    for name, value in form.initial.items():
        if value is None or value is False or value in ("", []) or name not in form.fields:
            continue
        data[name] = [str(v) for v in value] if isinstance(value, list) else "on" if value is True else str(value)
    return data


def teams_of(match: Match) -> dict[str, object]:
    return {"league": match.league, "Reavers": match.home, "Gouged Eye": match.away}


def ledger(match: Match) -> dict[tuple[str, str], int]:
    rows = TreasuryEntry.objects.filter(team__in=[match.home, match.away]).values("team__name", "account")
    return {(r["team__name"], r["account"]): r["total"] for r in rows.annotate(total=Sum("amount"))}


def correct(client, match: Match, change: dict[str, object], capture) -> tuple[MatchCorrection, str]:
    """The commissioner posts the sheet with `change`, reads the preview and confirms (the Celery
    task runs in-process once the confirmation commits)."""
    data = sheet(client, match) | {"reason": "The card sheet was wrong"} | change
    data = {k: v for k, v in data.items() if v is not None}
    response = client.post(correct_url(match), data)
    assert response.status_code == 302, text(response)
    correction = MatchCorrection.objects.get(match=match)
    page = client.get(response["Location"])
    preview = text(page)
    assert "correction-refused" not in page.content.decode() and 'id="confirm-correction"' in page.content.decode()
    with capture(execute=True):
        client.post(reverse("matches:correction", args=[correction.pk]), {"action": "confirm"})
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    return correction, preview


def test_a_miracle_worker_taken_back_leaves_the_player_dead_as_if_entered_so(
    client, people, django_capture_on_commit_callbacks
):
    capture, boss = django_capture_on_commit_callbacks, people[0]
    right = processed(client, "Right", people, capture, played=False)
    fixed = processed(client, "Fixed", people, capture, played=True)
    h3 = h3_of(fixed)
    assert Player.objects.get(pk=h3).status == Player.Status.ACTIVE
    assert by_names(teams_of(fixed)) != by_names(teams_of(right))

    page = login(client, boss).get(correct_url(fixed))
    assert "Miracle Worker · Reavers" in text(page)
    form = page.context["form"]
    assert form.initial[PLAYED] is True and form.initial[PLAYERS] == [h3]

    correction, preview = correct(client, fixed, {PLAYED: None}, capture)
    assert correction.inputs["result"]["cards_played"] == []
    assert "Miracle Worker: played on #3 H3 → not played" in preview
    assert "#3 H3: status Active → Dead" in preview

    assert Player.objects.get(pk=h3).status == Player.Status.DEAD
    assert Match.objects.get(pk=fixed.pk).cards_played == []
    assert by_names(teams_of(fixed)) == by_names(teams_of(right))
    assert ledger(fixed) == ledger(right)
    # The match page keeps what the correction changed about the cards.
    assert "Miracle Worker: played on #3 H3 → not played" in text(client.get(fixed.get_absolute_url()))


def test_a_miracle_worker_added_by_a_correction_keeps_the_player_alive_as_if_entered_so(
    client, people, django_capture_on_commit_callbacks
):
    capture, boss = django_capture_on_commit_callbacks, people[0]
    right = processed(client, "Right", people, capture, played=True)
    fixed = processed(client, "Fixed", people, capture, played=False)
    h3 = h3_of(fixed)
    assert Player.objects.get(pk=h3).status == Player.Status.DEAD

    login(client, boss).cookies["django_language"] = "fr"
    _correction, preview = correct(client, fixed, {PLAYED: "on", PLAYERS: [str(h3)]}, capture)
    assert "Doigts de fée : pas jouée → jouée sur #3 H3" in preview

    assert Player.objects.get(pk=h3).status == Player.Status.ACTIVE
    assert Match.objects.get(pk=fixed.pk).cards_played == [{"side": "home", "card": "miracle_worker", "players": [h3]}]
    assert by_names(teams_of(fixed)) == by_names(teams_of(right))
    assert ledger(fixed) == ledger(right)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({PLAYED: "on"}, "Miracle Worker: name the one player it touched."),
        ({PLAYED: "on", PLAYERS: ["99999"]}, "Select a valid choice."),
    ],
    ids=["no-player", "stranger"],
)
def test_a_refused_card_is_worded_and_changes_nothing(
    client, people, django_capture_on_commit_callbacks, change, message
):
    fixed = processed(client, "Fixed", people, django_capture_on_commit_callbacks, played=False)
    before = by_names(teams_of(fixed))
    login(client, people[0])
    data = sheet(client, fixed) | {"reason": "A card forgotten"} | change
    response = client.post(correct_url(fixed), data)
    assert response.status_code == 200 and message in text(response)
    assert not MatchCorrection.objects.exists()
    assert Match.objects.get(pk=fixed.pk).cards_played == []
    assert by_names(teams_of(fixed)) == before


def test_the_coaches_result_sheet_shows_no_card(client, people):
    match = card_match(client, "Secret", people)
    for coach in people[1:]:
        page = login(client, coach).get(reverse("matches:result", args=[match.pk]))
        assert page.status_code == 200
        assert "card__" not in page.content.decode() and "correction-cards" not in page.content.decode()
