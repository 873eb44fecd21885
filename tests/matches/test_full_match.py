"""A full LRB6 match through the services, every number checked against the rulebook."""

from __future__ import annotations

import pytest

from matches.models import Match, MatchEffect
from matches.services import report_confirm, report_save, report_submit
from teams.models import ImprovementRoll, Player
from teams.selectors import compute_team_value, ledger_balance

pytestmark = pytest.mark.django_db


def play(match, report, alice, bob, capture):
    report_save(match=match, report=report, by=alice)
    report_submit(match=match, by=alice)
    with capture(execute=True):
        report_confirm(match=match, by=bob)
    match.refresh_from_db()
    return match


def test_full_match(
    ready_match, worked_report, humans, orcs, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    match = play(ready_match, worked_report, coach_alice, coach_bob, django_capture_on_commit_callbacks)
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    humans.refresh_from_db()
    orcs.refresh_from_db()
    spp = {(p.team_id, p.number): p.spp for p in Player.objects.all()}
    # TD 3 each, completion 1, casualty (block) 2, MVP 5 (dice: home candidate 4, away candidate 1).
    assert spp[(humans.pk, 1)] == 6 and spp[(humans.pk, 2)] == 1 and spp[(humans.pk, 4)] == 5
    assert spp[(orcs.pk, 1)] == 3 + 5 and spp[(orcs.pk, 2)] == 2
    # 6 SPP reaches Experienced: one improvement roll each for H1 and O1, pending the coach's choice.
    rolls = {r.player.team_id: r for r in ImprovementRoll.objects.select_related("player")}
    assert len(rolls) == 2 and rolls[humans.pk].player.number == rolls[orcs.pk].player.number == 1
    assert (rolls[humans.pk].d6a, rolls[humans.pk].d6b, rolls[humans.pk].pending) == (3, 3, True)
    assert (rolls[orcs.pk].d6a, rolls[orcs.pk].d6b, rolls[orcs.pk].pending) == (2, 5, True)
    assert rolls[humans.pk].options["double"] is True and rolls[orcs.pk].options["double"] is False
    # Casualties: 41 Broken Ribs -> misses the next game; 61 -> dead, off the roster.
    assert humans.players.get(number=3).miss_next_game is True
    assert orcs.players.get(number=3, journeyman=False).status == Player.Status.DEAD
    # Winnings: the winner re-rolled 2 -> 5: (5 + FAME 1) x 10k + 10k = 70k; loser (3 + 0) x 10k = 30k.
    assert humans.treasury == 1_000_000 - 11 * 50_000 + 70_000 == 520_000
    assert orcs.treasury == 1_000_000 - 11 * 50_000 - 30_000 + 30_000 == 450_000
    # Fan factor: winner 3D6 = 18 > 0 -> +1; loser 2D6 = 2 < 3 -> -1. No spiralling expenses below 1.75M.
    assert (humans.fan_factor, orcs.fan_factor) == (1, 2)
    assert not MatchEffect.objects.filter(kind="spiralling_expenses").exclude(amount=0).exists()
    # Each side can field only 10 for the next match: one free journeyman (Loner, rookie cost in TV).
    assert humans.players.filter(journeyman=True, status="active").count() == 1
    assert orcs.players.filter(journeyman=True, status="active").count() == 1
    assert humans.team_value == 10 * 50_000 + 50_000 + 10_000 == 560_000  # #3 misses the game
    assert orcs.team_value == 10 * 50_000 + 50_000 + 20_000 == 570_000
    for team in (humans, orcs):
        assert ledger_balance(team) == team.treasury
        assert compute_team_value(team) == team.team_value


def test_running_the_sequence_again_changes_nothing(
    ready_match, worked_report, coach_alice, coach_bob, humans, django_capture_on_commit_callbacks
):
    from matches.services import postgame_run
    from matches.tasks import run_postgame

    match = play(ready_match, worked_report, coach_alice, coach_bob, django_capture_on_commit_callbacks)
    effects, entries = MatchEffect.objects.count(), humans.ledger.count()
    assert postgame_run(match.pk) is False  # already processed: nothing to claim
    run_postgame.delay(match.pk)  # a redelivered task
    assert (MatchEffect.objects.count(), humans.ledger.count()) == (effects, entries)


def test_the_coach_picks_an_improvement_and_the_value_follows(
    ready_match, worked_report, humans, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    from teams.errors import TeamRuleError
    from teams.services import improvement_choose, roll_choices

    play(ready_match, worked_report, coach_alice, coach_bob, django_capture_on_commit_callbacks)
    roll = ImprovementRoll.objects.get(player__team=humans)
    choices = roll_choices(roll)
    # 3+3 is a double: a lineman (normal G, double ASP) may take a skill from A, S or P too.
    assert {"G", "A", "S", "P"} <= set(choices) and choices["stats"] == ()
    with pytest.raises(TeamRuleError):
        improvement_choose(roll=roll, choice="st", by=coach_alice)
    humans.refresh_from_db()
    before = humans.team_value
    improvement_choose(roll=roll, choice="guard", by=coach_alice)  # Strength: a double-only category
    humans.refresh_from_db()
    assert humans.team_value == before + 30_000
    with pytest.raises(TeamRuleError, match="already been used"):
        improvement_choose(roll=roll, choice="block", by=coach_alice)


def test_pending_improvements_show_on_the_team_page_and_the_team_list(
    client, league, ready_match, worked_report, humans, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    play(ready_match, worked_report, coach_alice, coach_bob, django_capture_on_commit_callbacks)
    listing = client.get(league.get_absolute_url()).text
    assert listing.count("1 improvement to choose") == 2  # one roll on each side
    client.force_login(coach_alice)
    page = client.get(humans.get_absolute_url()).text
    roll = ImprovementRoll.objects.get(player__team=humans)
    assert "Improvements to choose" in page and f"/matches/improvements/{roll.pk}/" in page


def test_how_each_skill_was_gained_shows_on_the_sheet_and_in_the_api(
    client, ready_match, worked_report, humans, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    from teams.services import improvement_choose

    play(ready_match, worked_report, coach_alice, coach_bob, django_capture_on_commit_callbacks)
    roll = ImprovementRoll.objects.get(player__team=humans)
    improvement_choose(roll=roll, choice="guard", by=coach_alice)  # a double-only category for a lineman
    page = client.get(humans.get_absolute_url()).text
    assert 'title="Gained on a double">Guard<sup>D</sup>' in page
    player = client.get(f"/api/players/{roll.player_id}/").json()
    assert player["advancements"] == [{"kind": "new_skill_double", "skill": "guard"}]
