"""A late result's pre-match lists the roster as it stands when the result is entered, not as it
stood on the day played. Its first run takes who could play from the roster in play order (a
player who died since plays it, a journeyman who joined since does not, a player who misses it
misses it) and a line the sheet credits to a player who could not play it is held for the
commissioner with a worded reason: the run never fails, never keeps the impossible line."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from matches.held_models import HeldLine
from matches.models import Match
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
from teams.models import Player
from tests.matches.history_helpers import Result, SteadyDice, enter, three_teams

pytestmark = pytest.mark.django_db

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"
KILLS_H3 = Result(R, G, 5, (0, 0), {("away", 4): {"casualties": 1}}, (("home", 3, 6, 1),))  # D68 61: dead
HURTS_H2 = Result(R, G, 2, (0, 0), {("away", 4): {"casualties": 1}}, (("home", 2, 4, 1),))  # D68 41: misses next
REAVERS_AGAIN = Result(R, F, 3, (0, 0))


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


@pytest.fixture
def world(user_factory, commissioner):
    return three_teams("Late", commissioner, user_factory("alice"), user_factory("bob"), user_factory("carol"))


def reaver(world, **which) -> Player:
    return world[R].players.get(**which)


def enter_late(world, commissioner, capture, day: int, credited: Player) -> Match:
    """Reavers v Grey Fangs, entered by the coaches as the pages enter it, for a day before matches
    of the Reavers already processed; its sheet gives `credited` a touchdown."""
    home, away = world[R], world[F]
    match = match_schedule(league=world["league"], home=home, away=away, by=commissioner)
    match = prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=home.coach)
    assert match.lines.filter(player=credited, eligible=True).exists()  # listed able: the roster of today
    sheet = ReportInput(
        home_score=1,
        away_score=0,
        gate=20,
        lines=(PlayerLine(credited.pk, touchdowns=1),),
        casualties=(),
        played_on=date(2026, 9, day),
    )
    report_save(match=match, report=sheet, by=home.coach)
    report_submit(match=match, by=home.coach)
    with capture(execute=True):
        report_confirm(match=match, by=away.coach)
    match.refresh_from_db()
    return match


def reason_on_page(client, commissioner, match: Match) -> str:
    client.force_login(commissioner)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Held for the commissioner" in page
    start = page.index('class="mb-1 held-reason"')
    return page[start : page.index("</p>", start)]


def settle_removed(client, match: Match, capture) -> None:
    line = HeldLine.objects.get(match=match, resolution="")
    url = reverse("matches:held", kwargs={"pk": match.pk, "line_id": line.pk})
    prefix = f"held{line.pk}"
    with capture(execute=True):
        done = client.post(url, {f"{prefix}-choice": "removed", f"{prefix}-confirmed": "on"})
    assert done.status_code == 302


def test_a_player_who_died_since_plays_the_late_match_and_the_journeyman_hired_since_does_not(
    world, commissioner, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    killed = enter(world, KILLS_H3, commissioner, capture)
    h3 = reaver(world, name="H3")
    journeyman = reaver(world, journeyman=True, status=Player.Status.ACTIVE)
    assert h3.status == Player.Status.DEAD and journeyman.joined_after_id == killed.pk

    late = enter_late(world, commissioner, capture, 2, reaver(world, name="H1"))
    assert late.status == Match.Status.PROCESSED, late.failure_reason
    assert late.lines.get(player=h3).eligible  # alive on day 2: he could play, an MVP candidate
    assert not late.lines.filter(player=journeyman).exists()  # hired after day 5: not on the team yet
    killed.refresh_from_db()
    assert killed.status == Match.Status.PROCESSED, killed.failure_reason
    assert reaver(world, name="H1").spp >= 3 and reaver(world, name="H3").status == Player.Status.DEAD


def test_a_journeyman_hired_since_credited_on_the_late_sheet_is_held_then_settled(
    world, commissioner, client, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    killed = enter(world, KILLS_H3, commissioner, capture)
    journeyman = reaver(world, journeyman=True, status=Player.Status.ACTIVE)

    late = enter_late(world, commissioner, capture, 2, journeyman)
    assert late.status == Match.Status.HELD, late.failure_reason
    line = HeldLine.objects.get(match=late)
    assert (line.player_id, line.reason, line.since_id) == (journeyman.pk, "gone", killed.pk)
    killed.refresh_from_db()
    assert killed.status == Match.Status.CONFIRMED  # behind the held match: undone, waiting
    reason = reason_on_page(client, commissioner, late)
    assert f"Journeyman {journeyman.number} (Reavers) joined the team after" in reason
    assert f'href="{killed.get_absolute_url()}"' in reason and "played after this match" in reason

    settle_removed(client, late, capture)
    late.refresh_from_db()
    killed.refresh_from_db()
    assert late.status == killed.status == Match.Status.PROCESSED, late.failure_reason or killed.failure_reason
    assert late.home_uncredited_touchdowns == 1  # the score stands, credited to nobody
    journeyman.refresh_from_db()
    assert journeyman.status == Player.Status.ACTIVE and journeyman.spp == 0  # hired again after day 5


def test_a_player_who_misses_the_late_match_in_play_order_is_held_not_credited(
    world, commissioner, client, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    hurt = enter(world, HURTS_H2, commissioner, capture)  # day 2: H2 misses the Reavers' next match
    assert reaver(world, name="H2").miss_next_game
    enter(world, REAVERS_AGAIN, commissioner, capture)  # day 3: he missed it, able again
    h2 = reaver(world, name="H2")
    assert not h2.miss_next_game

    late = enter_late(world, commissioner, capture, 2, h2)  # day 2, after the match that hurt him
    assert late.status == Match.Status.HELD, late.failure_reason
    line = HeldLine.objects.get(match=late)
    assert (line.player_id, line.reason, line.since_id) == (h2.pk, "misses", hurt.pk)
    reason = reason_on_page(client, commissioner, late)
    assert "H2 (Reavers) misses this match after" in reason and f'href="{hurt.get_absolute_url()}"' in reason

    settle_removed(client, late, capture)
    assert Match.objects.filter(league=world["league"]).exclude(status=Match.Status.PROCESSED).count() == 0
    h2.refresh_from_db()
    assert h2.spp == 0 and not h2.miss_next_game  # he missed the late match, then his mark was cleared


def test_a_late_first_run_is_held_in_french_too(world, commissioner, client, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    enter(world, KILLS_H3, commissioner, capture)
    late = enter_late(world, commissioner, capture, 2, reaver(world, journeyman=True, status=Player.Status.ACTIVE))
    client.force_login(commissioner)
    client.cookies["django_language"] = "fr"
    page = client.get(late.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "a rejoint l'équipe après" in page
