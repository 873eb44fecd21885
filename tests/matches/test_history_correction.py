"""A history corrected (a late result, an edit, a void, an edit then its restore) ends, field by
field, where the same history entered right from the start ends: treasuries, bank, fan factor,
re-rolls, team values, every player's SPP, status, marks, niggling injuries, advancements and
injuries. Money is reversed by new ledger rows, never by deleting or rewriting one."""

from __future__ import annotations

import pytest
from django.db.models import Sum

from matches.models import Match, MatchCorrection
from matches.services.corrections import (
    correction_confirm,
    correction_draft,
    correction_preview,
    inputs_of,
    restore_draft,
)
from teams.models import ImprovementRoll, TreasuryEntry
from tests.matches.history_helpers import Result, SteadyDice, by_names, enter, inputs_for, three_teams

pytestmark = pytest.mark.django_db

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"
M1 = Result(
    R,
    G,
    1,
    (2, 1),
    {("home", 1): {"touchdowns": 2}, ("away", 2): {"casualties": 1}, ("away", 1): {"touchdowns": 1}},
    (("home", 3, 6, 1),),
)
M1_WRONG = Result(R, G, 1, (2, 1), {("home", 2): {"touchdowns": 2}, ("away", 1): {"touchdowns": 1}})
M2 = Result(R, F, 2, (1, 1), {("home", 1): {"touchdowns": 1}, ("away", 1): {"touchdowns": 1}})
M3 = Result(G, F, 3, (1, 0), {("home", 1): {"touchdowns": 1}})
M3_WRONG = Result(
    G, F, 3, (2, 0), {("home", 1): {"touchdowns": 2}, ("home", 4): {"casualties": 1}}, (("away", 5, 5, 1),)
)
M4 = Result(R, G, 4, (0, 0))
M5 = Result(R, F, 5, (3, 0), {("home", 2): {"touchdowns": 3}})


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


@pytest.fixture
def people(user_factory, commissioner):
    return commissioner, user_factory("alice2"), user_factory("bob2"), user_factory("carol2")


def _correct(match, inputs, boss, capture, reason="fix"):
    correction = correction_draft(match=match, by=boss, reason=reason, inputs=inputs)
    preview = correction_preview(correction)
    assert "refused" not in preview, preview
    with capture(execute=True):
        correction_confirm(correction=correction, by=boss)
    correction.refresh_from_db()
    assert correction.status == MatchCorrection.Status.APPLIED, correction.failure_reason
    return correction


def _ledger_matches_treasury(teams):
    for name in (R, G, F):
        team = teams[name]
        team.refresh_from_db()
        total = TreasuryEntry.objects.filter(team=team, account=TreasuryEntry.TREASURY).aggregate(s=Sum("amount"))["s"]
        assert total == team.treasury, name


def test_a_corrected_history_equals_the_history_entered_right(people, django_capture_on_commit_callbacks):
    boss, alice, bob, carol = people
    capture = django_capture_on_commit_callbacks

    right = three_teams("Right", boss, alice, bob, carol)
    for result in (M1, M2, M3, M4):
        assert enter(right, result, boss, capture).status == Match.Status.PROCESSED

    fixed = three_teams("Fixed", boss, alice, bob, carol)
    m1 = enter(fixed, M1_WRONG, boss, capture)  # a touchdown credited to the wrong player, a casualty forgotten
    m3 = enter(fixed, M3, boss, capture)
    enter(fixed, M4, boss, capture)
    late = enter(fixed, M2, boss, capture)  # played on day 2, entered after days 3 and 4
    assert late.status == Match.Status.PROCESSED, late.failure_reason
    rows_before = set(TreasuryEntry.objects.filter(team__league=fixed["league"]).values_list("pk", "amount", "key"))

    first = _correct(m1, inputs_for(m1, M1, inputs_of(m1)), boss, capture)
    # The preview named the die no longer used (H2 no longer reaches a level there) and the one
    # rolled for the step that now happens (H1 does), and the SPP moving between them.
    h1, h2 = (fixed[R].players.get(number=n).pk for n in (1, 2))
    assert any(entry["key"] == f"improvement:p{h2}:1" for entry in first.preview["set_aside"])
    assert any(d["key"] == f"improvement:p{h1}:1" for d in first.preview["rolled"])
    reavers = next(t for t in first.preview["teams"] if t["name"] == R)
    moved = {p["number"]: {c["field"] for c in p["changes"]} for p in reavers["players"]}
    assert "spp" in moved[1] and "spp" in moved[2] and "injuries" in moved[3]
    # The league's record of touchdowns in one match changes hands, H2's to H1's.
    record = first.preview["derived"]["records"]
    assert record["before"]["touchdowns:match"] == ["H2 (Reavers): 2"]
    assert record["after"]["touchdowns:match"] == ["H1 (Reavers): 2"]
    m5 = enter(fixed, M5, boss, capture)
    void = correction_draft(match=m5, by=boss, reason="never played", void=True)
    correction_preview(void)
    with capture(execute=True):
        correction_confirm(correction=void, by=boss)
    m5.refresh_from_db()
    assert m5.status == Match.Status.VOID
    m3.refresh_from_db()
    edit = _correct(m3, inputs_for(m3, M3_WRONG, inputs_of(m3)), boss, capture)
    assert by_names(fixed) != by_names(right)
    restore = restore_draft(correction=edit, by=boss, reason="back")
    restore.refresh_from_db()
    with capture(execute=True):
        correction_confirm(correction=restore, by=boss)
    restore.refresh_from_db()
    assert restore.status == MatchCorrection.Status.APPLIED, restore.failure_reason

    assert by_names(fixed) == by_names(right)
    _ledger_matches_treasury(fixed)
    # Every ledger row written before the corrections is still there, unchanged.
    rows_after = set(TreasuryEntry.objects.filter(team__league=fixed["league"]).values_list("pk", "amount", "key"))
    assert rows_before <= rows_after


def test_a_correction_moving_the_day_played_earlier_replays_from_there(people, django_capture_on_commit_callbacks):
    """A result dated day 5 that was played on day 1: corrected, it runs before the day-3 match of
    its team, as if entered right."""
    boss, alice, bob, carol = people
    capture = django_capture_on_commit_callbacks
    early = Result(R, G, 1, (2, 1), {("home", 1): {"touchdowns": 2}, ("away", 1): {"touchdowns": 1}})
    middle = Result(R, F, 3, (2, 0), {("home", 1): {"touchdowns": 2}})

    right = three_teams("Right", boss, alice, bob, carol)
    for result in (early, middle):
        enter(right, result, boss, capture)

    fixed = three_teams("Fixed", boss, alice, bob, carol)
    wrong_day = enter(fixed, Result(R, G, 5, early.score, early.lines), boss, capture)
    enter(fixed, middle, boss, capture)
    inputs = {**inputs_of(wrong_day), "played_on": "2026-09-01"}
    _correct(wrong_day, inputs, boss, capture, reason="played on the first")

    assert by_names(fixed) == by_names(right)
    h1 = fixed[R].players.get(number=1).pk
    # H1 reaches 6 SPP in the day-1 match now, not in the day-3 one: his first roll moved there.
    roll = ImprovementRoll.objects.get(player_id=h1, index=1)
    assert roll.match_id == wrong_day.pk
