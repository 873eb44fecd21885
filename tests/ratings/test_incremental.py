"""Ratings kept incrementally equal ratings computed from scratch, whatever order the results come
in: Hypothesis draws histories of results entered in play order or late, scores corrected, matches
moved to another day, voided, restored, and several matches changed in one transaction (a replay),
each told to the ratings as the post-match sequence tells them (matches.hooks.history_changed in
the transaction; the ratings' task once it commits).

After every change the stored entries are the computation from scratch, and the task wrote exactly
the rows that differ (an unchanged entry is never rewritten, a surviving entry is updated in place);
at the end of each history what the ratings pages and the API show is the same before and after the
league's ratings are recomputed from nothing. RATINGS_EXAMPLES sets the number of histories."""

from __future__ import annotations

import os
from dataclasses import asdict
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client, TestCase
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.ratings import services
from league.ratings.models import RatingEntry
from league.ratings.selectors import Kind, coach_table, history, team_table
from league.ratings.services import differences, recompute_league
from matches.models import Match
from matches.services.corrections import correction_confirm, correction_draft, inputs_of
from tests.matches.history_helpers import Result, SteadyDice, enter, inputs_for, three_teams
from tests.ratings.helpers import NOW, TEAMS, names, new_league, place, told

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("RATINGS_EXAMPLES", "40"))

scores = st.tuples(st.integers(0, 3), st.integers(0, 3))
conceded = st.sampled_from(["", "", "", "home", "away"])
pick = st.integers(0, 1000)  # a match, modulo how many there are
day = st.integers(1, 20)
add = st.tuples(st.just("add"), st.integers(0, TEAMS - 1), st.integers(1, TEAMS - 1), day, scores, conceded)
operation = st.one_of(
    add,
    add,
    st.tuples(st.just("score"), pick, scores, conceded),
    st.tuples(st.just("day"), pick, day),
    st.tuples(st.just("void"), pick),
    st.tuples(st.just("restore"), pick),
    st.tuples(st.just("replay"), st.lists(st.tuples(pick, scores, day), min_size=2, max_size=4)),
)


class Tasks:
    """What each rating of a league wrote (league.ratings.services.rate_league's return value, as
    the outbox's ratings batch or the league's task calls it), gathered while the history is played."""

    def __init__(self) -> None:
        self.written: list[dict[str, int]] = []
        self.original = services.rate_league

    def __call__(self, league_id: int, match_ids: Any, **kwargs: Any) -> Any:
        written = self.original(league_id, match_ids, **kwargs)
        self.written.append(asdict(written))
        return written

    def connect(self) -> None:
        services.rate_league = self  # type: ignore[assignment]

    def disconnect(self) -> None:
        services.rate_league = self.original  # type: ignore[assignment]

    def take(self) -> dict[str, int]:
        total = {key: sum(w[key] for w in self.written) for key in ("inserted", "updated", "deleted")}
        self.written = []
        return total


def snapshot(league: Any) -> dict[int, tuple[Any, ...]]:
    fields = ("kind", "subject", "match_id", "sequence", "before", "after", "delta")
    return {pk: tuple(row) for pk, *row in RatingEntry.objects.filter(league=league).values_list("pk", *fields)}


def shown(league: Any, teams: list[Any]) -> dict[str, Any]:
    """What the ratings pages and the API read: both tables, every team's and coach's history."""
    api = Client().get(f"/api/leagues/{league.slug}/ratings/")
    assert api.status_code == 200
    return {
        "teams": team_table(league),
        "coaches": coach_table(league),
        "team histories": {t.pk: history(league, Kind.TEAM, t.pk) for t in teams},
        "coach histories": {t.coach_id: history(league, Kind.COACH, t.coach_id) for t in teams},
        "api": api.json(),
    }


def apply(op: tuple[Any, ...], league: Any, teams: list[Any], matches: list[Match]) -> list[Match]:
    """Play one operation; the matches it changed."""
    kind = op[0]
    if kind == "add":
        _, home, shift, when, (home_score, away_score), gave_up = op
        confirmed = NOW + timedelta(minutes=len(matches))
        match = Match.objects.create(
            league=league, home=teams[home], away=teams[(home + shift) % TEAMS], ruleset="lrb6",
            ruleset_version="test", scheduled_by=league.commissioner, status=Match.Status.PROCESSED,
            home_score=home_score, away_score=away_score, conceded_by=gave_up, confirmed_at=confirmed,
            processed_at=confirmed,
        )  # fmt: skip
        place(match, when)
        match.save(update_fields=["played_on", "sequence"])
        matches.append(match)
        return [match]
    if not matches:
        return []
    if kind == "replay":
        changed = []
        for index, (home_score, away_score), when in op[1]:
            match = matches[index % len(matches)]
            match.home_score, match.away_score = home_score, away_score
            place(match, when)
            match.save(update_fields=["home_score", "away_score", "played_on", "sequence"])
            changed.append(match)
        return changed
    match = matches[op[1] % len(matches)]
    if kind == "score":
        match.home_score, match.away_score = op[2]
        match.conceded_by = op[3]
    elif kind == "day":
        place(match, op[2])
    else:
        match.status = Match.Status.VOID if kind == "void" else Match.Status.PROCESSED
    match.save()
    return [match]


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(operation, min_size=1, max_size=14))
def test_incremental_ratings_equal_ratings_from_scratch(operations):
    league, teams = new_league()
    matches: list[Match] = []
    tasks = Tasks()
    tasks.connect()
    try:
        for op in operations:
            before = snapshot(league)
            last = max(((m.sequence, m.pk) for m in matches if m.status == Match.Status.PROCESSED), default=None)
            changed = apply(op, league, teams, matches)
            if not changed:
                continue
            told(*changed)
            assert differences(league) == [], op
            after = snapshot(league)
            # Exactly the rows that differ were written, each surviving entry in place.
            keys_before = {row[:3]: pk for pk, row in before.items()}
            keys_after = {row[:3]: pk for pk, row in after.items()}
            assert all(keys_after[key] == pk for key, pk in keys_before.items() if key in keys_after)
            assert tasks.take() == {
                "inserted": len(after.keys() - before.keys()),
                "updated": sum(1 for pk in after.keys() & before.keys() if after[pk] != before[pk]),
                "deleted": len(before.keys() - after.keys()),
            }, op
            new = changed[0]
            if op[0] == "add" and (last is None or (new.sequence, new.pk) > last):
                # In play order: its own entries, nothing else touched.
                assert after.keys() >= before.keys() and all(after[pk] == before[pk] for pk in before)
                assert {row[2] for pk, row in after.items() if pk not in before} == {new.pk}
    finally:
        tasks.disconnect()
    kept = shown(league, teams)
    RatingEntry.objects.filter(league=league).delete()
    recompute_league(league)
    assert shown(league, teams) == kept


# The same through the services a coach and the commissioner use: results submitted and confirmed
# (the post-match sequence runs, then the ratings' task), some entered after later days were
# played, scores corrected and matches voided by confirmed corrections (their replays).
SERVICE_EXAMPLES = int(os.environ.get("RATINGS_SERVICE_EXAMPLES", "5"))
NAMES = ("Reavers", "Gouged Eye", "Grey Fangs")


def played(home: int, away: int, when: int, score: tuple[int, int]) -> Result:
    lines = {(side, 2): {"touchdowns": n} for side, n in zip(("home", "away"), score, strict=True) if n}
    return Result(NAMES[home], NAMES[(home + away) % 3], when, score, lines)


def corrected(match: Match, boss: Any, score: tuple[int, int] | None) -> None:
    """A confirmed correction of the score (None: the match voided), applied by its task."""
    match.refresh_from_db()
    if score is None:
        correction = correction_draft(match=match, by=boss, reason="never played", void=True)
    else:
        home = NAMES.index(match.home.name)
        result = played(home, (NAMES.index(match.away.name) - home) % 3, match.played_on.day, score)
        inputs = inputs_for(match, result, inputs_of(match))
        # Another result: the fan factor rolls of the old one are not the new one's (rolled again).
        inputs["dice"] = {key: v for key, v in inputs["dice"].items() if not key.startswith("ff:")}
        correction = correction_draft(match=match, by=boss, reason="score", inputs=inputs)
    with TestCase.captureOnCommitCallbacks(execute=True):
        correction_confirm(correction=correction, by=boss)


@settings(
    max_examples=SERVICE_EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(st.tuples(st.integers(0, 2), st.integers(1, 2), st.integers(1, 20), scores), min_size=2, max_size=4),
    st.randoms(use_true_random=False),
    st.lists(st.tuples(pick, st.one_of(st.none(), scores)), max_size=2),
)
def test_results_late_results_corrections_and_voids_through_the_services(monkeypatch, results, rng, fixes):
    from django.contrib.auth.models import User

    monkeypatch.setattr("matches.services.postgame.server_dice", SteadyDice)
    n = next(names)
    boss, *coaches = (User.objects.create_user(f"svc-{n}-{k}") for k in range(4))
    teams = three_teams(f"Served {n}", boss, *coaches)
    league = teams["league"]
    order = list(range(len(results)))
    rng.shuffle(order)  # results entered in any order: a day before one already processed is late
    matches = []
    for index in order:
        match = enter(teams, played(*results[index]), boss, TestCase.captureOnCommitCallbacks)
        assert match.status == Match.Status.PROCESSED, match.failure_reason
        matches.append(match)
        assert differences(league) == []
    for index, score in fixes:
        corrected(matches[index % len(matches)], boss, score)
        assert differences(league) == []
    listed = [teams[name] for name in NAMES]
    kept = shown(league, listed)
    RatingEntry.objects.filter(league=league).delete()
    recompute_league(league)
    assert shown(league, listed) == kept
