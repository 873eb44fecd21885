"""Imported matches are history: the post-match sequence never ran on them and never runs, a new
match of the same teams (even one dated before them) is processed without replaying them, and a
correction is refused."""

from __future__ import annotations

from datetime import date

import pytest

from league.interchange.runs import run_check, run_start
from matches.models import Match, MatchEffect, MatchStep
from matches.services import MatchError, match_schedule
from matches.services.corrections import correction_draft
from teams.models import Team
from tests.builders import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(target, commissioner, decoded, django_capture_on_commit_callbacks):
    run = run_check(league=target, by=commissioner, file_name="old.sql", data=b"--")
    with django_capture_on_commit_callbacks(execute=True):
        run_start(run=run, by=commissioner)
    return Match.objects.filter(league=target, history=True)


def effects_of(matches) -> list[tuple]:
    return sorted(MatchEffect.objects.filter(match__in=matches).values_list("match_id", "key", "amount"))


def test_no_sequence_ran_on_the_imported_matches(history):
    assert history.count() == 4
    assert not MatchStep.objects.filter(match__in=history).exists()
    assert all(m.postgame_input is None and m.processed_at is not None for m in history)


def test_a_new_match_is_processed_without_replaying_the_history(
    target, commissioner, history, django_capture_on_commit_callbacks
):
    before = effects_of(history)
    reavers = Team.objects.get(league=target, name="Reavers & <Co>")
    orcs = Team.objects.get(league=target, name="Gouged Eye")
    early = match_schedule(league=target, home=reavers, away=orcs, by=commissioner)
    # Dated before every imported match: with history in the way, a late match would replay it.
    play(early, 1, 0, django_capture_on_commit_callbacks, played_on=date(2013, 6, 1))
    assert effects_of(history) == before
    assert MatchStep.objects.filter(match=early).exists()


def test_an_imported_match_cannot_be_corrected(commissioner, history):
    with pytest.raises(MatchError) as refused:
        correction_draft(match=history.first(), by=commissioner, reason="Wrong score")
    assert "imported from another league manager" in str(refused.value)
