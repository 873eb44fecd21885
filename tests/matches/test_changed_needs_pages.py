"""A correction that changes which dice a step needs is met, never refused, through the pages a
commissioner takes (/matches/<id>/correct/, then the correction's page): the stored dice that
still fit are kept in play order, the rest set aside, the missing ones rolled by the server, and
the preview says so step by step, in English and in French (league.rules.decisions.inputs_fit,
matches.services.postgame._set_aside).

The worked match (tests/builders.py): Reavers 2-1 Gouged Eye, #1 Lineman 1 scored both Reavers
touchdowns, every post-match die entered at the table: the winner's fan factor roll is 3 D6
(6, 6, 6), the loser's 2 D6 (1, 1), and the winner re-rolled its winnings die (5)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import DiceRoll, Match, MatchCorrection
from teams.models import ImprovementRoll
from tests.matches.history_helpers import Result, SteadyDice, enter, three_teams
from tests.web.test_correction_pages import confirm, correct_url, sheet, text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    """The server's dice: always 4 (or the die's top face)."""
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


def scorer(match: Match, side: str, number: int) -> str:
    return f"p{match.team(side).players.get(number=number).pk}_td"


def draft(client, match: Match, changes: dict[str, str]) -> MatchCorrection:
    data = sheet(client, match) | changes | {"reason": "the score was misread"}
    response = client.post(correct_url(match), data)
    assert response.status_code == 302, text(response)
    return MatchCorrection.objects.filter(match=match).latest("pk")


def dice(match: Match) -> dict[str, list[int]]:
    return dict(DiceRoll.objects.filter(match=match).values_list("purpose", "values"))


def test_a_win_turned_into_a_draw_keeps_two_of_the_three_fan_factor_dice_in_french(
    boss, processed_match, django_capture_on_commit_callbacks
):
    match = processed_match
    boss.cookies["django_language"] = "fr"
    # 2-1 becomes 2-2: Gouged Eye's #1 scored twice. Reavers no longer win: 2 D6 of fan factor, not 3.
    correction = draft(boss, match, {"away_score": "2", scorer(match, "away", 1): "2"})

    preview = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert "Les règles la refusent" not in preview and "D6 expected" not in preview
    assert "Dés dont le besoin a changé : gardés, mis de côté ou lancés par le serveur" in preview
    assert f"Dés de popularité, Reavers (match {match.pk}) : gardés : 6, 6; mis de côté : 6" in preview
    assert f"Dé de gains relancé, Reavers (match {match.pk}) : mis de côté : 5" in preview
    assert dice(match)["ff:home"] == [6, 6, 6]  # a preview changes nothing

    confirm(boss, correction.pk, django_capture_on_commit_callbacks)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    stored = dice(match)
    assert stored["ff:home"] == [6, 6] and stored["ff:away"] == [1, 1]
    assert "winnings_reroll:home" not in stored  # a draw has no winner to re-roll
    match.refresh_from_db()
    assert (match.home_score, match.away_score) == (2, 2)
    # The match page shows what it moved, the dice step by step, in French.
    shown = text(boss.get(match.get_absolute_url()))
    assert f"Dés de popularité, Reavers (match {match.pk}) : gardés : 6, 6; mis de côté : 6" in shown


def test_a_loss_turned_into_a_win_keeps_both_stored_dice_and_rolls_the_third(
    boss, processed_match, django_capture_on_commit_callbacks
):
    match = processed_match
    # 2-1 becomes 1-2: Gouged Eye now win and roll 3 D6 of fan factor where (1, 1) are stored.
    changes = {"home_score": "1", scorer(match, "home", 1): "1", "away_score": "2", scorer(match, "away", 1): "2"}
    correction = draft(boss, match, changes)
    preview = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert f"Fan factor dice, Gouged Eye (match {match.pk}): kept 1, 1; rolled by the server 4" in preview
    assert f"Fan factor dice, Reavers (match {match.pk}): kept 6, 6; set aside 6" in preview

    confirm(boss, correction.pk, django_capture_on_commit_callbacks)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    stored = dice(match)
    assert stored["ff:away"] == [1, 1, 4] and stored["ff:home"] == [6, 6]
    # Kept and rolled dice are one roll in play order: the coach's two first, the server's after.
    assert DiceRoll.objects.get(match=match, purpose="ff:away").source == DiceRoll.Source.ENTERED


# --- A correction that makes a later match's player cross a level ---

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"


def test_a_correction_that_makes_a_later_match_cross_a_level_rolls_its_improvement(
    boss, commissioner, user_factory, django_capture_on_commit_callbacks
):
    """Day 1: Reavers 1-0 Gouged Eye, the touchdown entered for #2 H2 when #1 H1 scored it. Day 2:
    Reavers 1-0 Grey Fangs, H1 scores. Corrected, H1 has 3 SPP after day 1 and 6 after day 2: he
    reaches his first level in the day-2 match, whose improvement roll nobody entered. The server
    rolls it, the preview says so, and his coach is asked for his choice."""
    capture = django_capture_on_commit_callbacks
    teams = three_teams("Levels", commissioner, user_factory("a3"), user_factory("b3"), user_factory("c3"))
    day1 = enter(teams, Result(R, G, 1, (1, 0), {("home", 2): {"touchdowns": 1}}), commissioner, capture)
    day2 = enter(teams, Result(R, F, 2, (1, 0), {("home", 1): {"touchdowns": 1}}), commissioner, capture)
    h1, h2 = (teams[R].players.get(number=n) for n in (1, 2))
    assert not DiceRoll.objects.filter(purpose=f"improvement:p{h1.pk}:1").exists()

    correction = draft(boss, day1, {"away_score": "0", f"p{h2.pk}_td": "0", f"p{h1.pk}_td": "1"})
    preview = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert "The rules refuse it" not in preview
    line = f"Improvement roll 1 of #1 H1 (Reavers) (match {day2.pk}): rolled by the server 4, 4"
    assert line in preview

    confirm(boss, correction.pk, capture)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    assert dice(day2)[f"improvement:p{h1.pk}:1"] == [4, 4]
    roll = ImprovementRoll.objects.get(player=h1, index=1)
    assert roll.match_id == day2.pk and (roll.d6a, roll.d6b) == (4, 4) and not roll.choice
    assert line in text(boss.get(day1.get_absolute_url()))  # the match page keeps what it moved


# --- What the rules still refuse is a sentence in the reader's language, never the planner's code ---


def test_a_refused_preview_names_the_step_in_the_readers_language(boss, processed_match):
    """A 9 typed for a D6 is a typo, not a changed need: refused, worded with the die's name."""
    boss.cookies["django_language"] = "fr"
    correction = draft(boss, processed_match, {"die__winnings__home": "9"})
    preview = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert "Les règles la refusent" in preview
    assert "Dé de gains, Reavers : 9 n'est pas un résultat possible d'un D6 (1 à 6)." in preview
    assert "winnings:home" not in preview and "D6 result" not in preview
    boss.cookies["django_language"] = "en"
    english = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert "Winnings die, Reavers: 9 is not a possible result of a D6 (1 to 6)." in english


def test_a_correction_that_fails_when_applied_says_why_in_each_readers_language(
    boss, processed_match, django_capture_on_commit_callbacks
):
    match = processed_match
    correction = draft(boss, match, {"away_score": "2", scorer(match, "away", 1): "2"})
    boss.get(reverse("matches:correction", args=[correction.pk]))  # its preview: nothing refused
    # Between the preview and the worker, its inputs gain a die no D6 shows (as a stale draft could).
    inputs = MatchCorrection.objects.get(pk=correction.pk).inputs
    MatchCorrection.objects.filter(pk=correction.pk).update(
        inputs={**inputs, "dice": {**inputs["dice"], "winnings:away": [9]}}
    )
    confirm(boss, correction.pk, django_capture_on_commit_callbacks)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.FAILED
    boss.cookies["django_language"] = "fr"
    page = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert f"Elle n'a pas pu être appliquée : #{match.pk}: Dé de gains, Gouged Eye : 9 n'est pas" in page
    assert "winnings:away" not in page
    assert "Dé de gains, Gouged Eye : 9 n'est pas" in text(boss.get(match.get_absolute_url()))
    boss.cookies["django_language"] = "en"
    page = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert f"It could not be applied: #{match.pk}: Winnings die, Gouged Eye: 9 is not a possible result of a D6" in page


def test_a_void_moves_an_improvement_roll_to_a_later_match(
    boss, commissioner, user_factory, django_capture_on_commit_callbacks
):
    """H1 scores on days 1, 2 and 3: his first level comes on day 2, its roll stored there. Voiding
    day 1 leaves him 3 SPP after day 2 and 6 after day 3: the day-2 roll is set aside (its step no
    longer happens) and the server rolls the day-3 one (its step now happens)."""
    capture = django_capture_on_commit_callbacks
    teams = three_teams("Void", commissioner, user_factory("a4"), user_factory("b4"), user_factory("c4"))
    scored = {("home", 1): {"touchdowns": 1}}
    day1 = enter(teams, Result(R, G, 1, (1, 0), scored), commissioner, capture)
    day2 = enter(teams, Result(R, F, 2, (1, 0), scored), commissioner, capture)
    day3 = enter(teams, Result(R, G, 3, (1, 0), scored), commissioner, capture)
    h1 = teams[R].players.get(number=1)
    key = f"improvement:p{h1.pk}:1"
    assert key in dice(day2) and key not in dice(day3)

    response = boss.post(correct_url(day1), {"action": "void", "void-reason": "Never played"})
    assert response.status_code == 302
    preview = text(boss.get(response["Location"]))
    rolled = dice(day2)[key]
    assert f"Improvement roll 1 of #1 H1 (Reavers) (match {day2.pk}): set aside {rolled[0]}, {rolled[1]}" in preview
    assert f"Improvement roll 1 of #1 H1 (Reavers) (match {day3.pk}): rolled by the server 4, 4" in preview

    confirm(boss, MatchCorrection.objects.get(match=day1).pk, capture)
    day1.refresh_from_db()
    assert day1.status == Match.Status.VOID
    assert key not in dice(day2) and dice(day3)[key] == [4, 4]
    assert ImprovementRoll.objects.get(player=h1, index=1).match_id == day3.pk
