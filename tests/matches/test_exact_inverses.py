"""Exact inverses, through the pages a commissioner takes: a void then its restore, an edit then
the edit back, a late result then its void each end equal, field by field, to the history before
(rosters, shirt numbers, injuries, SPP, treasuries and ledger balances, standings, statistics,
ratings: tests/matches/history_state.py), though a dead man's number was given to a newcomer
meanwhile and the replays redraw the MVPs from the stored dice."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Match, MatchCorrection
from teams.models import Player
from teams.services import player_hire
from tests.matches.history_helpers import Result, SteadyDice, enter, three_teams
from tests.matches.history_state import differences, history_state, ledgers_balance
from tests.seasons.helpers import running_season

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"
FIRST = Result(R, G, 1, (1, 1), {("home", 1): {"touchdowns": 1}, ("away", 2): {"touchdowns": 1}})
# H3 dies (D68 61), O5 is badly hurt (D68 41), H2 scores twice.
DEATH = Result(R, G, 3, (2, 0), {("home", 2): {"touchdowns": 2}}, (("home", 3, 6, 1), ("away", 5, 4, 1)))
AFTER = (
    Result(R, F, 5, (1, 2), {("home", 4): {"touchdowns": 1}, ("away", 1): {"touchdowns": 2}}),
    Result(G, F, 6, (1, 0), {("home", 1): {"touchdowns": 1}}),
    Result(R, G, 8, (0, 1), {("away", 1): {"touchdowns": 1}}),
)
# Played on day 2, entered last: H6 scores twice, H5 dies.
LATE = Result(R, F, 2, (2, 1), {("home", 6): {"touchdowns": 2}, ("away", 2): {"touchdowns": 1}}, (("home", 5, 6, 2),))


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


@pytest.fixture
def history(user_factory, commissioner, django_capture_on_commit_callbacks):
    """Three teams, a match in which H3 dies, the newcomer hired into his number 3, matches after."""
    capture = django_capture_on_commit_callbacks
    teams = three_teams("Inverses", commissioner, user_factory("ia"), user_factory("ib"), user_factory("ic"))
    player_hire(team=teams[R], position="lineman", name="H12", by=teams[R].coach)
    # A regular season: the matches belong to it (its table is compared too).
    running_season(teams["league"], commissioner, [teams[R], teams[G], teams[F]])
    enter(teams, FIRST, commissioner, capture)
    death = enter(teams, DEATH, commissioner, capture)
    newcomer = player_hire(team=teams[R], position="lineman", name="Newcomer", by=teams[R].coach)
    assert newcomer.number == 3
    for result in AFTER:
        assert enter(teams, result, commissioner, capture).status == Match.Status.PROCESSED
    teams["death"] = death
    return teams


def confirm(client: Client, response, capture) -> MatchCorrection:
    assert response.status_code == 302, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))
    correction = MatchCorrection.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))
    assert client.get(response["Location"]).status_code == 200  # the preview, computed
    with capture(execute=True):
        done = client.post(reverse("matches:correction", args=[correction.pk]), {"action": "confirm"})
    assert done.status_code == 302
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    return correction


def sheet(client: Client, match: Match) -> dict[str, str]:
    """The correction sheet as the page fills it, ready to post back."""
    form = client.get(reverse("matches:correct", args=[match.pk])).context["form"]
    data = {
        name: "on" if value is True else str(value)
        for name, value in form.initial.items()
        if value is not None and value != "" and value is not False  # a score of 0 is posted
    }
    return data | {"action": "edit"}


def test_the_state_compared_holds_every_part(history):
    """What the comparisons read: standings, statistics and ratings are there, not empty."""
    state = history_state(history["league"])
    assert len(state["derived"]["standings:Season One"]["rows"]) == 3
    assert state["stats"]["Reavers/H2"]["touchdowns"] == 2
    assert len(state["ratings"]["teams"]) == 3 and len(state["ratings"]["coaches"]) == 3
    assert state["teams"][R]["players"]["H3"]["status"] == Player.Status.DEAD
    assert state["teams"][R]["ledger"] == state["teams"][R]["treasury"]


def assert_same(league, before) -> None:
    found = differences(before, history_state(league))
    assert not found, "\n".join(found)
    assert ledgers_balance(league) == []


def test_void_then_restore(boss, history, django_capture_on_commit_callbacks):
    capture, league = django_capture_on_commit_callbacks, history["league"]
    before = history_state(league)
    death = history["death"]
    void = confirm(
        boss,
        boss.post(reverse("matches:correct", args=[death.pk]), {"action": "void", "void-reason": "Never played"}),
        capture,
    )
    voided = history_state(league)
    assert voided["teams"][R]["players"]["H3"]["status"] == Player.Status.ACTIVE
    assert voided["teams"][R]["players"]["H3"]["number"] == 13  # 3 is the newcomer's
    restore = boss.post(
        reverse("matches:correction", args=[void.pk]), {"action": "restore", "restore-reason": "It was played"}
    )
    confirm(boss, restore, capture)
    assert_same(league, before)


def test_an_edit_then_the_edit_back(boss, history, django_capture_on_commit_callbacks):
    capture, league, death = django_capture_on_commit_callbacks, history["league"], history["death"]
    before = history_state(league)
    original = sheet(boss, death)
    h3 = history[R].players.get(name="H3").pk
    edited = {k: v for k, v in original.items() if not k.startswith(f"p{h3}_")} | {"reason": "H3 only stunned"}
    confirm(boss, boss.post(reverse("matches:correct", args=[death.pk]), edited), capture)
    moved = history_state(league)
    assert moved["teams"][R]["players"]["H3"] | {} != before["teams"][R]["players"]["H3"]
    death.refresh_from_db()
    confirm(boss, boss.post(reverse("matches:correct", args=[death.pk]), original | {"reason": "He died"}), capture)
    assert_same(league, before)


def test_a_late_result_then_its_void(boss, history, commissioner, django_capture_on_commit_callbacks):
    capture, league = django_capture_on_commit_callbacks, history["league"]
    before = history_state(league)
    late = enter(history, LATE, commissioner, capture)  # played on day 2, before the death
    assert late.status == Match.Status.PROCESSED, late.failure_reason
    assert differences(before, history_state(league)) != []
    confirm(
        boss,
        boss.post(reverse("matches:correct", args=[late.pk]), {"action": "void", "void-reason": "Entered twice"}),
        capture,
    )
    assert_same(league, before)
