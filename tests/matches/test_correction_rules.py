"""Who corrects a processed match: the commissioner; or, where the league lets them, both coaches
of the match together (one proposes, the other accepts). A correction needs a reason; a void is
not voided twice; a preview changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied

from matches.models import Match, MatchCorrection
from matches.services.common import MatchError
from matches.services.corrections import (
    correction_confirm,
    correction_draft,
    correction_preview,
    inputs_of,
)
from teams.states import team_states

pytestmark = pytest.mark.django_db


def _one_more_touchdown_for_h2(match):
    inputs = inputs_of(match)
    for line in inputs["lines"]:
        if line["touchdowns"] == 2:  # H1 scored twice: one of them was H2's
            line["touchdowns"] = 1
    h2 = match.home.players.get(number=2).pk
    next(line for line in inputs["lines"] if line["player_id"] == h2)["touchdowns"] = 1
    return inputs


def test_only_the_commissioner_unless_the_league_lets_both_coaches(
    processed_match, commissioner, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    match = processed_match
    with pytest.raises(PermissionDenied):
        correction_draft(match=match, by=coach_alice, reason="mine", inputs=_one_more_touchdown_for_h2(match))
    with pytest.raises(MatchError, match="Say why"):
        correction_draft(match=match, by=commissioner, reason="  ", inputs=_one_more_touchdown_for_h2(match))

    match.league.coaches_correct = True
    match.league.save(update_fields=["coaches_correct"])
    match = Match.objects.select_related("league", "home", "away").get(pk=match.pk)
    spp_before = {n: match.home.players.get(number=n).spp for n in (1, 2)}
    proposal = correction_draft(
        match=match, by=coach_alice, reason="H2 scored one", inputs=_one_more_touchdown_for_h2(match)
    )
    with pytest.raises(PermissionDenied, match="other coach"):
        correction_confirm(correction=proposal, by=coach_alice)
    with django_capture_on_commit_callbacks(execute=True):
        correction_confirm(correction=proposal, by=coach_bob)
    proposal.refresh_from_db()
    assert proposal.status == MatchCorrection.Status.APPLIED and proposal.confirmed_by == coach_bob
    spp_after = {n: match.home.players.get(number=n).spp for n in (1, 2)}
    assert (spp_after[1] - spp_before[1], spp_after[2] - spp_before[2]) == (-3, 3)  # a touchdown's SPP moved


def test_a_preview_changes_nothing_and_a_void_is_not_voided_twice(
    processed_match, commissioner, django_capture_on_commit_callbacks
):
    match = processed_match
    teams = [match.home_id, match.away_id]
    before = team_states(teams)
    void = correction_draft(match=match, by=commissioner, reason="never played", void=True)
    moved = correction_preview(void)
    assert team_states(teams) == before and moved["teams"]
    with django_capture_on_commit_callbacks(execute=True):
        correction_confirm(correction=void, by=commissioner)
    match.refresh_from_db()
    assert match.status == Match.Status.VOID
    with pytest.raises(MatchError, match="already void"):
        correction_draft(match=match, by=commissioner, reason="again", void=True)


def test_a_correction_the_broker_lost_is_applied_by_the_sweep_once(
    processed_match, commissioner, monkeypatch, django_capture_on_commit_callbacks
):
    from celery import current_app

    from matches.services.corrections import APPLY_CORRECTION, correction_apply, corrections_sweep

    task = current_app.tasks[APPLY_CORRECTION]
    void = correction_draft(match=processed_match, by=commissioner, reason="never played", void=True)

    def down(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(task, "delay", down)
    with django_capture_on_commit_callbacks(execute=True):
        correction_confirm(correction=void, by=commissioner)
    void.refresh_from_db()
    assert void.status == MatchCorrection.Status.QUEUED  # kept, not lost
    monkeypatch.undo()
    assert corrections_sweep() == []  # too recent: its first delivery may still be on its way
    assert corrections_sweep(older_than=timedelta(0)) == [void.pk]
    void.refresh_from_db()
    assert void.status == MatchCorrection.Status.APPLIED
    assert correction_apply(void.pk) is False  # a second delivery finds it applied
    assert Match.objects.get(pk=processed_match.pk).status == Match.Status.VOID


def test_a_new_draft_replaces_the_authors_draft_before(processed_match, commissioner):
    first = correction_draft(match=processed_match, by=commissioner, reason="first go", void=True)
    second = correction_draft(
        match=processed_match, by=commissioner, reason="second go", inputs=_one_more_touchdown_for_h2(processed_match)
    )
    first.refresh_from_db()
    assert first.status == MatchCorrection.Status.DISCARDED and second.status == MatchCorrection.Status.DRAFT
