"""Dice a correction newly needs, asked of the team's coach where the league says so
(League.replay_dice_asked, matches.services.dice_wait), through the pages: the league's settings
page, the correction's preview, the coach's to-do, the match's dice page and the match page.

Day 1: Reavers 2-1 Gouged Eye (the server rolled every die: 4s, SteadyDice): the winner's fan
factor roll is 3 D6 (4, 4, 4), the loser's 2 D6 (4, 4). Day 2: Gouged Eye 1-0 Grey Fangs. Day 1
corrected to 1-2: Gouged Eye now win and need 3 D6 of fan factor where 2 are stored. With the
setting on, the third die is asked of Gouged Eye's coach: day 1 waits for it, day 2 behind it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.notices.models import Notification
from matches.dice_wait_models import DiceAsked
from matches.models import DiceRoll, Match, MatchCorrection
from tests.matches.history_helpers import Result, SteadyDice, enter, three_teams
from tests.web.test_correction_pages import confirm, correct_url, sheet, text
from tests.web.test_league_admin import settings_form

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


@pytest.fixture
def history(commissioner, user_factory, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    alice, bob, carol = user_factory("alice6"), user_factory("bob6"), user_factory("carol6")
    teams = three_teams("Asked", commissioner, alice, bob, carol)
    day1 = enter(
        teams,
        Result(R, G, 1, (2, 1), {("home", 1): {"touchdowns": 2}, ("away", 1): {"touchdowns": 1}}),
        commissioner,
        capture,
    )
    day2 = enter(teams, Result(G, F, 2, (1, 0), {("home", 1): {"touchdowns": 1}}), commissioner, capture)
    assert dice(day1)["ff:away"] == [4, 4] and day2.status == Match.Status.PROCESSED
    return {"teams": teams, "day1": day1, "day2": day2, "alice": alice, "bob": bob, "carol": carol}


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def dice(match: Match) -> dict[str, list[int]]:
    return dict(DiceRoll.objects.filter(match=match).values_list("purpose", "values"))


def ask_coaches(client, league) -> None:
    """The commissioner ticks the setting on the league's settings page."""
    url = reverse("league:settings", args=[league.slug])
    page = text(client.get(url))
    assert "are asked of the team's coach (the match waits in his to-do); otherwise the server rolls them." in page
    response = client.post(url, settings_form(league, replay_dice_asked=True), follow=True)
    assert "Settings saved" in response.text
    league.refresh_from_db()
    assert league.replay_dice_asked is True


def correct_to_a_loss(client, match: Match) -> MatchCorrection:
    scorer = {side: f"p{match.team(side).players.get(number=1).pk}_td" for side in ("home", "away")}
    changes = {"home_score": "1", scorer["home"]: "1", "away_score": "2", scorer["away"]: "2"}
    response = client.post(correct_url(match), sheet(client, match) | changes | {"reason": "the score was misread"})
    assert response.status_code == 302, text(response)
    return MatchCorrection.objects.filter(match=match).latest("pk")


def test_a_die_a_correction_newly_needs_is_asked_of_the_coach_and_the_match_runs_with_it(
    boss, history, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    day1, day2 = history["day1"], history["day2"]
    ask_coaches(boss, history["teams"]["league"])

    correction = correct_to_a_loss(boss, day1)
    preview = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert f"Fan factor dice, Gouged Eye (match {day1.pk}): kept 4, 4; asked of the coach of Gouged Eye: D6" in preview
    assert f"Fan factor dice, Reavers (match {day1.pk}): kept 4, 4; set aside 4" in preview
    # Gouged Eye's #1 now scored twice: his first level comes in this match, its roll asked too.
    o1 = history["teams"][G].players.get(number=1)
    assert (
        f"Improvement roll 1 of #1 O1 (Gouged Eye) (match {day1.pk}): asked of the coach of Gouged Eye: 2D6" in preview
    )
    assert "rolled by the server 4" not in preview
    assert not DiceAsked.objects.exists() and dice(day1)["ff:away"] == [4, 4]  # a preview changes nothing

    confirm(boss, correction.pk, capture)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    day1.refresh_from_db()
    day2.refresh_from_db()
    assert day1.status == Match.Status.HELD and day2.status == Match.Status.CONFIRMED  # day 2 waits behind it
    asked = {row.key: (row.count, row.sides, row.kept) for row in DiceAsked.objects.filter(match=day1)}
    assert asked == {"ff:away": (1, 6, [4, 4]), f"improvement:p{o1.pk}:1": (2, 6, [])}
    assert dice(day1)["ff:away"] == [4, 4]  # the server rolled nothing
    # Gouged Eye's coach is told, once, that dice wait for him; the other coach is not.
    told = Notification.objects.filter(kind="decision.waiting", params__decision="dice")
    assert [(n.user, n.params["team"], n.params["count"]) for n in told] == [(history["bob"], G, 3)]
    page = boss.get(day1.get_absolute_url()).content.decode()
    assert 'data-status="held">Waiting for dice</span>' in page and "Waiting for dice: a change of the history" in page
    later = text(boss.get(day2.get_absolute_url()))
    assert "That match waits for dice asked of a coach: once they are entered and it is processed" in later

    # Gouged Eye's coach finds it in his to-do, naming the match and the step, linking to the dice page.
    bob = logged_in(history["bob"])
    todo = text(bob.get(reverse("home")))
    assert "Roll D6: Fan factor dice, Gouged Eye, in Reavers – Gouged Eye" in todo
    assert "Roll 2D6: Improvement roll 1 of #1 O1 (Gouged Eye), in Reavers – Gouged Eye" in todo
    assert reverse("matches:dice", args=[day1.pk]) in bob.get(reverse("home")).content.decode()
    alice = logged_in(history["alice"])
    assert "Roll D6" not in text(alice.get(reverse("home")))  # not asked of the other coach

    # Only he may enter it: the other coach and a stranger get 403.
    url = reverse("matches:dice", args=[day1.pk])
    page = bob.get(url)
    fields = list(page.context["form"].fields)
    field = next(name for name in fields if "ff__away" in name)
    entered = {field: "2"} | {name: "3" for name in fields if "improvement" in name}
    assert len(entered) == 3
    assert "Kept from the dice entered before: 4, 4" in text(page)
    assert alice.post(url, {field: "2"}).status_code == 403
    assert logged_in(history["carol"]).post(url, {field: "2"}).status_code == 403
    assert bob.post(url, {field: "9"}).status_code == 200  # a face no D6 shows: the page says so
    assert DiceAsked.objects.filter(match=day1).exists()

    with capture(execute=True):
        response = bob.post(url, entered)
    assert response.status_code == 302
    day1.refresh_from_db()
    day2.refresh_from_db()
    assert day1.status == Match.Status.PROCESSED and day2.status == Match.Status.PROCESSED
    stored = DiceRoll.objects.get(match=day1, purpose="ff:away")
    assert stored.values == [4, 4, 2] and stored.source == DiceRoll.Source.ENTERED
    assert dice(day1)["ff:home"] == [4, 4] and dice(day1)[f"improvement:p{o1.pk}:1"] == [3, 3]
    assert (day1.home_score, day1.away_score) == (1, 2)
    assert not DiceAsked.objects.exists()
    assert "Roll D6" not in text(bob.get(reverse("home")))


def test_the_commissioner_may_let_the_server_roll_what_was_asked(boss, history, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    day1, day2 = history["day1"], history["day2"]
    ask_coaches(boss, history["teams"]["league"])
    confirm(boss, correct_to_a_loss(boss, day1).pk, capture)
    url = reverse("matches:dice", args=[day1.pk])
    # The commissioner's to-do names the die and whose it is, linking to the dice page.
    todo = text(boss.get(reverse("home")))
    assert "The coach of Gouged Eye is asked to roll D6: Fan factor dice, Gouged Eye, in Reavers – Gouged Eye" in todo
    assert "Wait, or let the server roll" in todo and url in boss.get(reverse("home")).content.decode()
    bob = logged_in(history["bob"])
    assert "The coach of Gouged Eye is asked" not in text(bob.get(reverse("home")))  # his own: "Roll D6"
    assert bob.post(url, {"action": "server"}).status_code == 403  # the commissioner's word only
    with capture(execute=True):
        assert boss.post(url, {"action": "server"}).status_code == 302
    day1.refresh_from_db()
    day2.refresh_from_db()
    assert day1.status == Match.Status.PROCESSED and day2.status == Match.Status.PROCESSED
    assert dice(day1)["ff:away"] == [4, 4, 4] and DiceRoll.objects.get(match=day1, purpose="ff:away").source == "server"


def test_with_the_setting_off_the_server_rolls_as_before(boss, history, django_capture_on_commit_callbacks):
    day1 = history["day1"]
    correction = correct_to_a_loss(boss, day1)
    preview = text(boss.get(reverse("matches:correction", args=[correction.pk])))
    assert f"Fan factor dice, Gouged Eye (match {day1.pk}): kept 4, 4; rolled by the server 4" in preview
    confirm(boss, correction.pk, django_capture_on_commit_callbacks)
    day1.refresh_from_db()
    assert day1.status == Match.Status.PROCESSED and dice(day1)["ff:away"] == [4, 4, 4]
    assert not DiceAsked.objects.exists()


def test_a_match_left_waiting_that_runs_in_its_turn_is_held_for_the_dice_it_newly_needs(boss, history):
    """The run of a match a replay undid (generation > 0) asks too: its transaction rolled back, the
    match is held (postgame.postgame_run -> held.hold_after_run -> DiceWanted.hold). A first run
    (generation 0) rolls what nobody entered, as always."""
    from matches.services.postgame import postgame_run

    day2 = history["day2"]
    ask_coaches(boss, history["teams"]["league"])
    # As a replay leaves it: undone, confirmed again under a new generation; its fan factor dice gone.
    Match.objects.filter(pk=day2.pk).update(status=Match.Status.CONFIRMED, processed_at=None, generation=1)
    DiceRoll.objects.filter(match=day2, purpose="ff:home").delete()
    assert postgame_run(day2.pk) is False
    day2.refresh_from_db()
    assert day2.status == Match.Status.HELD
    asked = DiceAsked.objects.get(match=day2, key="ff:home")
    assert (asked.side, asked.count, asked.sides, asked.kept) == ("home", 3, 6, [])
    assert "ff:home" not in dice(day2)  # the server rolled nothing


def test_a_void_asks_the_improvement_roll_it_moves_to_a_later_match(
    boss, commissioner, user_factory, django_capture_on_commit_callbacks
):
    """H1 scores on days 1, 2 and 3: his first level comes on day 2. Voiding day 1 moves it to day
    3: the day-2 roll is set aside and the day-3 one asked of Reavers' coach; day 3 waits for it."""
    capture = django_capture_on_commit_callbacks
    alice = user_factory("a7")
    teams = three_teams("Void asked", commissioner, alice, user_factory("b7"), user_factory("c7"))
    ask_coaches(boss, teams["league"])
    scored = {("home", 1): {"touchdowns": 1}}
    day1 = enter(teams, Result(R, G, 1, (1, 0), scored), commissioner, capture)
    day2 = enter(teams, Result(R, F, 2, (1, 0), scored), commissioner, capture)
    day3 = enter(teams, Result(R, G, 3, (1, 0), scored), commissioner, capture)
    key = f"improvement:p{teams[R].players.get(number=1).pk}:1"

    response = boss.post(correct_url(day1), {"action": "void", "void-reason": "Never played"})
    assert response.status_code == 302
    preview = text(boss.get(response["Location"]))
    line = f"Improvement roll 1 of #1 H1 (Reavers) (match {day3.pk}): asked of the coach of Reavers: 2D6"
    assert line in preview
    confirm(boss, MatchCorrection.objects.get(match=day1).pk, capture)
    day2.refresh_from_db()
    day3.refresh_from_db()
    assert day2.status == Match.Status.PROCESSED and key not in dice(day2)
    assert day3.status == Match.Status.HELD and key in set(
        DiceAsked.objects.filter(match=day3).values_list("key", flat=True)
    )
    assert set(DiceAsked.objects.values_list("match_id", flat=True)) == {day3.pk}

    coach = logged_in(alice)
    assert "Roll 2D6: Improvement roll 1 of #1 H1 (Reavers), in Reavers – Gouged Eye" in text(
        coach.get(reverse("home"))
    )
    url = reverse("matches:dice", args=[day3.pk])
    fields = list(coach.get(url).context["form"].fields)
    with capture(execute=True):
        assert coach.post(url, dict.fromkeys(fields, "5")).status_code == 302
    day3.refresh_from_db()
    assert day3.status == Match.Status.PROCESSED and dice(day3)[key] == [5, 5]
