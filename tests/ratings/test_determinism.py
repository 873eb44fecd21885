"""A league's ratings recomputed from scratch equal the stored ones: after results entered in play
order, a late result, a correction of the score and a void, each through the services a coach and
the commissioner use (the post-match sequence and its replays write the ratings)."""

from __future__ import annotations

import pytest

from league.ratings import elo
from league.ratings.models import RatingEntry
from league.ratings.services import differences, recompute_league, stored_rows
from matches.models import Match
from matches.services.corrections import correction_confirm, correction_draft, inputs_of
from tests.matches.history_helpers import Result, SteadyDice, enter, inputs_for, three_teams

pytestmark = pytest.mark.django_db

R, G, F = "Reavers", "Gouged Eye", "Grey Fangs"


@pytest.fixture(autouse=True)
def steady_dice(monkeypatch):
    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)


@pytest.fixture
def teams(user_factory, commissioner):
    return three_teams("Rated", commissioner, user_factory("ra"), user_factory("rb"), user_factory("rc"))


def res(home: str, away: str, day: int, score: tuple[int, int]) -> Result:
    """A result whose touchdowns are scored by each side's player 2 (nobody reaches a level)."""
    lines = {(side, 2): {"touchdowns": n} for side, n in zip(("home", "away"), score, strict=True) if n}
    return Result(home, away, day, score, lines)


def assert_as_from_scratch(league) -> list[tuple]:
    """The stored entries are the ones a computation from scratch gives, row for row."""
    assert differences(league) == []
    stored = stored_rows(league.pk)
    recompute_league(league)
    assert stored_rows(league.pk) == stored
    return stored


def rating(league, kind, subject) -> int:
    return RatingEntry.objects.filter(league=league, kind=kind, subject=subject).order_by("-sequence").first().after


def test_results_in_play_order_add_their_entries_one_match_at_a_time(
    teams, commissioner, django_capture_on_commit_callbacks
):
    league, capture = teams["league"], django_capture_on_commit_callbacks
    m1 = enter(teams, res(R, G, 1, (2, 0)), commissioner, capture)
    # Both 1500: the winner gains K/2 = 10 points, the loser loses them; their coaches too.
    assert rating(league, "team", teams[R].pk) == 15100 and rating(league, "team", teams[G].pk) == 14900
    assert rating(league, "coach", teams[R].coach_id) == 15100
    assert RatingEntry.objects.filter(match=m1).count() == 4
    enter(teams, res(G, F, 2, (1, 1)), commissioner, capture)
    # 1490 v 1500 drawn: the lower-rated side gains 20 x (0.5 - 0.4856) = 0.3.
    assert rating(league, "team", teams[G].pk) == 14903
    enter(teams, res(F, R, 3, (0, 1)), commissioner, capture)
    assert len(assert_as_from_scratch(league)) == 12


def test_a_late_result_a_correction_and_a_void_leave_the_ratings_as_from_scratch(
    teams, commissioner, django_capture_on_commit_callbacks
):
    league, capture, boss = teams["league"], django_capture_on_commit_callbacks, commissioner
    enter(teams, res(R, G, 1, (2, 0)), boss, capture)
    m3 = enter(teams, res(G, F, 3, (2, 1)), boss, capture)
    enter(teams, res(F, R, 4, (1, 0)), boss, capture)
    late = enter(teams, res(R, F, 2, (0, 2)), boss, capture)  # played on day 2, entered last
    assert late.status == Match.Status.PROCESSED, late.failure_reason
    before = assert_as_from_scratch(league)
    assert [row[2] for row in before][4:8] == [late.pk] * 4  # in its place in play order

    m3.refresh_from_db()
    inputs = inputs_for(m3, res(G, F, 3, (1, 1)), inputs_of(m3))
    # A draw now: the fan factor rolls of the win are not the draw's (the server rolls them again).
    inputs["dice"] = {key: v for key, v in inputs["dice"].items() if not key.startswith("ff:")}
    correction = correction_draft(match=m3, by=boss, reason="score", inputs=inputs)
    from matches.services.corrections import correction_preview

    assert "refused" not in correction_preview(correction), correction.preview
    with capture(execute=True):
        correction_confirm(correction=correction, by=boss)
    after_fix = assert_as_from_scratch(league)
    assert after_fix != before

    last = enter(teams, res(G, R, 5, (3, 0)), boss, capture)
    void = correction_draft(match=last, by=boss, reason="never played", void=True)
    with capture(execute=True):
        correction_confirm(correction=void, by=boss)
    last.refresh_from_db()
    assert last.status == Match.Status.VOID
    assert not RatingEntry.objects.filter(match=last).exists()
    assert assert_as_from_scratch(league) == after_fix


def test_a_new_k_factor_recomputes_the_league(teams, commissioner, django_capture_on_commit_callbacks):
    from league.core.services import league_settings_update

    league, capture = teams["league"], django_capture_on_commit_callbacks
    enter(teams, res(R, G, 1, (2, 0)), commissioner, capture)
    with capture(execute=True):
        league_settings_update(league=league, by=commissioner, values={"rating_k": 40, "rating_start": 1000})
    league.refresh_from_db()
    assert rating(league, "team", teams[R].pk) == 1000 * elo.TENTHS + 200
    assert_as_from_scratch(league)


def test_a_k_factor_below_one_is_refused_and_nothing_changes(teams, commissioner):
    from django.core.exceptions import ValidationError

    from league.core.services import league_settings_update

    league = teams["league"]
    for bad in (0, 40000):
        with pytest.raises(ValidationError) as refusal:
            league_settings_update(league=league, by=commissioner, values={"rating_k": bad, "rating_start": 1200})
        assert "the least allowed is 1" in str(refusal.value) or "the most allowed is 32767" in str(refusal.value)
    league.refresh_from_db()
    assert (league.rating_k, league.rating_start) == (20, 1500)
