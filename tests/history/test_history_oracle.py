"""A randomised history over four to six LRB6 teams ends, field by field, where the same history
entered right, in play order from the start, ends.

Hypothesis' stateful testing drives a commissioner and the coaches through the services the pages
call: results with random dice (some entered at the table, the rest rolled by the server), deaths,
level crossings and the coaches' improvement choices, late results (played on a day before
matches of their teams already processed), edits (score, lines, casualties, the day played),
voids, restores and edits of matches already corrected, in random order. After each operation
every match is processed or void (a line the change made impossible, held for the commissioner,
is removed or moved to a team-mate: "confirmed as entered" is a history no league entered right
can hold) and every team's ledger sums to its treasury; at the end the oracle
(tests/history/oracle.py) enters the final matches right into a fresh league and compares.

CI runs a fixed budget with a fixed seed (HISTORY_EXAMPLES, default 8; HISTORY_STEPS operations
at most, default 8). `make soak` runs many more with a new seed and prints how many histories
were checked. A failure prints the history, one line per operation, and the fields that differ;
HISTORY_SHRINK=0 prints the first one found without shrinking it (shrinking takes minutes).
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from django.core.cache import caches
from django.db import transaction
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule, run_state_machine_as_test

from league.core.models import League as LeagueModel
from matches.models import Match, MatchCorrection
from matches.services.common import MatchError
from matches.services.corrections import (
    correction_confirm,
    correction_draft,
    correction_preview,
    inputs_of,
    restore_draft,
)
from matches.services.dice import requested_dice
from teams.models import Player
from tests.history.league import (
    NAMES,
    League,
    TeamSpec,
    build_league,
    choose_improvements,
    day,
    enter_dice,
    listed,
    prepared,
    save_sheet,
    seeded,
    server_dice,
    submit_and_confirm,
)
from tests.history.oracle import TALLY, enter_right
from tests.history.settling import Settling
from tests.history.sheets import corrected_inputs, describe, draw_entered_dice, draw_sheet
from tests.history.state import differences, league_state, ledger_problems

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("HISTORY_EXAMPLES", "8"))
STEPS = int(os.environ.get("HISTORY_STEPS", "8"))
# `make soak` sets it: a new seed each run (pytest --hypothesis-seed=N repeats one); CI keeps its own.
RANDOM = os.environ.get("HISTORY_RANDOM", "") == "1"
HISTORY_SETTINGS = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    derandomize=not RANDOM,
    deadline=None,
    database=None,  # nothing written to .hypothesis/ in the working tree
    suppress_health_check=list(HealthCheck),
    print_blob=True,
    # HISTORY_SHRINK=0: report the first failing history as found (shrinking one takes minutes).
    phases=[p for p in Phase if p != Phase.shrink or os.environ.get("HISTORY_SHRINK", "1") != "0"],
)
SETTLED = (Match.Status.PROCESSED, Match.Status.VOID)


def operation(method: Callable[..., None]) -> Callable[..., None]:
    """A rule that marks the history broken until it has run whole (teardown then skips the
    oracle) and words any error with the history that led to it."""

    @functools.wraps(method)
    def run(self: HistoryMachine, **kwargs: Any) -> None:
        self.ok = False
        try:
            method(self, **kwargs)
        except AssertionError:
            raise
        except Exception as exc:
            self.fail(f"{type(exc).__name__}: {exc}")
        self.ok = True

    return run


class HistoryMachine(Settling, RuleBasedStateMachine):
    """One history per example, in a savepoint rolled back at its end. The test sets the class's
    `people` (commissioner, coaches), `capture` (on-commit callbacks) and `monkeypatch`."""

    people: tuple = ()
    capture = None
    monkeypatch = None

    def __init__(self) -> None:
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        for cache in caches.all():  # a rolled-back revision number would find the last example's pages
            cache.clear()
        self.log: list[str] = []
        self.ok = True
        self.built: League | None = None
        self.specs: list[TeamSpec] = []
        self.last_day = 1
        self.rng = random.Random(0)

    # --- helpers ---

    @property
    def commissioner(self):
        return self.people[0]

    def fail(self, message: str) -> None:
        raise AssertionError(f"{message}\n\nThe history ({len(self.log)} operations):\n" + "\n".join(self.log))

    def names(self) -> dict[int, str]:
        assert self.built is not None
        return {
            pk: f"{team} {name or f'journeyman #{number}'}"
            for pk, team, name, number in Player.objects.filter(team__league=self.built.league).values_list(
                "pk", "team__name", "name", "number"
            )
        }

    def matches(self, *statuses: str) -> list[Match]:
        assert self.built is not None
        return list(
            Match.objects.filter(league=self.built.league, status__in=statuses)
            .select_related("home", "away")
            .order_by("pk")
        )

    def corrections(self):
        return MatchCorrection.objects.filter(match__league=self.built.league, status=MatchCorrection.Status.APPLIED)

    def label(self, match: Match) -> str:
        return f"#{match.pk} ({match.home.name} v {match.away.name}, day {(match.played_on - day(0)).days})"

    def settle(self, data: st.DataObject) -> None:
        """After an operation: the lines it made impossible settled by the commissioner, then every
        match processed or void, every ledger summing to its treasury, and the coaches' improvement
        choices made (as a coach does once his player levels)."""
        assert self.built is not None
        self.settle_held(data)
        stuck = Match.objects.filter(league=self.built.league, confirmed_at__isnull=False).exclude(status__in=SETTLED)
        for match in stuck.select_related("home", "away"):
            self.fail(f"{self.label(match)} ends {match.status}: {match.failure_reason}")
        problems = ledger_problems(self.built.league)
        if problems:
            self.fail("; ".join(problems))
        with server_dice(self.monkeypatch, seeded(self.rng)):
            choose_improvements(
                self.built, lambda roll, options: options[(roll.index + roll.player.number) % len(options)]
            )

    def step(self, text: str) -> None:
        self.log.append(f"{len(self.log) + 1}. {text}")

    # --- the league ---

    @initialize(data=st.data())
    @operation
    def build(self, data: st.DataObject) -> None:
        count = data.draw(st.integers(4, 6), label="teams")
        self.specs = [
            TeamSpec(
                NAMES[i],
                data.draw(st.sampled_from(["human", "orc"]), label="race"),
                data.draw(st.sampled_from([11, 12]), label="size"),
            )
            for i in range(count)
        ]
        self.rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="server dice seed"))
        self.built = build_league("History", self.commissioner, list(self.people[1:]), self.specs)
        asked = data.draw(st.booleans(), label="dice a replay newly needs asked of the coach")
        # The league's setting (its settings page): the oracle's league rolls nothing, so keeps the default.
        LeagueModel.objects.filter(pk=self.built.league.pk).update(replay_dice_asked=asked)
        self.step(
            "teams: "
            + ", ".join(f"{s.name} ({s.race}, {s.size})" for s in self.specs)
            + ("; dice a replay needs asked of the coach" if asked else "")
        )
        for _n in range(data.draw(st.integers(1, 3), label="first results")):  # a season under way
            self.play(data=data)

    def _teams(self, data: st.DataObject) -> tuple[str, str]:
        names = [s.name for s in self.specs]
        home = data.draw(st.sampled_from(names), label="home")
        away = data.draw(st.sampled_from([n for n in names if n != home]), label="away")
        return home, away

    def _enter(self, data: st.DataObject, home: str, away: str, played: int, what: str) -> None:
        assert self.built is not None
        with server_dice(self.monkeypatch, seeded(self.rng)):
            match = prepared(self.built, home, away, self.commissioner)
            sheet = draw_sheet(data, listed(match), day(played))
            self.step(f"{what} #{match.pk} day {played}: {home} v {away} {describe(sheet, self.names())}")
            match = save_sheet(match, sheet)
            dice = draw_entered_dice(data, requested_dice(match))
            enter_dice(match, dice)
            self.log[-1] += f" dice entered {dice}"
            match = submit_and_confirm(match, self.capture)
        self.settle(data)

    # --- the operations ---

    @rule(data=st.data())
    @operation
    def play(self, data: st.DataObject) -> None:
        """A result in its place: the day of the last one or the next."""
        self.last_day += data.draw(st.integers(0, 1), label="days later")
        self._enter(data, *self._teams(data), self.last_day, "play")

    @precondition(lambda self: bool(self.built and self.matches(Match.Status.PROCESSED)))
    @rule(data=st.data())
    @operation
    def late(self, data: st.DataObject) -> None:
        """A result played before matches of its teams already processed."""
        home, away = self._teams(data)
        days = [
            (m.played_on - day(0)).days
            for m in self.matches(Match.Status.PROCESSED)
            if {m.home.name, m.away.name} & {home, away}
        ]
        if not days or max(days) < 1:
            return
        # Any day before: the roster the pre-match lists (today's) may not be the one of that day,
        # which the run reads in play order (docs/decisions/matches.md, 2026-12-07).
        self._enter(data, home, away, data.draw(st.integers(0, max(days) - 1), label="late day"), "late")

    def _correct(self, data: st.DataObject, correction: MatchCorrection, what: str) -> None:
        preview = correction_preview(correction)
        if "refused" in preview:
            self.fail(f"{what}: the preview refuses it: {preview['refused']}")
        with self.capture(execute=True), server_dice(self.monkeypatch, seeded(self.rng)):
            correction_confirm(correction=correction, by=self.commissioner)
        correction.refresh_from_db()
        if correction.status != MatchCorrection.Status.APPLIED:
            self.fail(f"{what}: the correction ends {correction.status}: {correction.failure_reason}")
        self.settle(data)

    def _edit(self, data: st.DataObject, statuses: tuple[str, ...], what: str, only_corrected: bool) -> None:
        candidates = self.matches(*statuses)
        if only_corrected:
            corrected = set(self.corrections().values_list("match_id", flat=True))
            candidates = [m for m in candidates if m.pk in corrected]
        if not candidates:
            return
        match = data.draw(st.sampled_from(candidates), label="match")
        stored = inputs_of(match)
        played = stored["played_on"]
        if data.draw(st.integers(0, 3), label="move day") == 0:
            moved = data.draw(st.integers(0, self.last_day), label="new day")
            played = day(moved).isoformat()
        sheet = draw_sheet(data, listed(match), None)
        inputs = {**corrected_inputs(stored, sheet), "played_on": played}
        self.step(
            f"{what} {self.label(match)} to day {(date.fromisoformat(played) - day(0)).days}: {describe(sheet, self.names())}"
        )
        try:
            correction = correction_draft(match=match, by=self.commissioner, reason=what, inputs=inputs)
        except MatchError as refused:  # a worded refusal (the history is unchanged): the page shows it
            self.log[-1] += f"  -> refused: {refused}"
            return
        self._correct(data, correction, what)

    @precondition(lambda self: bool(self.built and self.matches(Match.Status.PROCESSED)))
    @rule(data=st.data())
    @operation
    def edit(self, data: st.DataObject) -> None:
        self._edit(data, (Match.Status.PROCESSED,), "edit", only_corrected=False)

    @precondition(lambda self: bool(self.built and self.corrections().exists()))
    @rule(data=st.data())
    @operation
    def reedit(self, data: st.DataObject) -> None:
        """An edit of a match already edited, voided or restored (a void one is played again)."""
        self._edit(data, SETTLED, "re-edit", only_corrected=True)

    @precondition(lambda self: bool(self.built and self.matches(Match.Status.PROCESSED)))
    @rule(data=st.data())
    @operation
    def void(self, data: st.DataObject) -> None:
        match = data.draw(st.sampled_from(self.matches(Match.Status.PROCESSED)), label="match")
        self.step(f"void {self.label(match)}")
        correction = correction_draft(match=match, by=self.commissioner, reason="void", void=True)
        self._correct(data, correction, "void")

    @precondition(lambda self: bool(self.built and self.corrections().exists()))
    @rule(data=st.data())
    @operation
    def restore(self, data: st.DataObject) -> None:
        """What an applied correction replaced, given back (a void's match played again)."""
        applied = list(self.corrections().select_related("match__home", "match__away").order_by("pk"))
        correction = data.draw(st.sampled_from(applied), label="correction")
        self.step(
            f"restore what correction {correction.pk} ({correction.kind}) of {self.label(correction.match)} replaced"
        )
        try:
            draft = restore_draft(correction=correction, by=self.commissioner, reason="restore")
        except MatchError as refused:
            self.log[-1] += f"  -> refused: {refused}"
            return
        self._correct(data, draft, "restore")

    def teardown(self) -> None:
        try:
            if self.built is not None and self.ok:
                self.check()
        finally:
            self.atomic.__exit__(RuntimeError, RuntimeError("rolled back"), None)

    def check(self) -> None:
        assert self.built is not None
        right = build_league("Entered right", self.commissioner, list(self.people[1:]), self.specs)
        try:
            refused = enter_right(self.built, right, self.commissioner, self.capture, self.monkeypatch)
        except Exception as exc:  # a line the history kept that the history entered right refuses
            self.fail(f"the history entered right refuses it: {type(exc).__name__}: {exc}")
        if refused:
            self.fail(f"the history entered right refuses a match: {refused}")
        found = differences(league_state(self.built.league), league_state(right.league))
        if found:
            self.fail("the history differs from the same history entered right:\n  " + "\n  ".join(found[:40]))
        TALLY["histories"] += 1
        TALLY["operations"] += len(self.log) - 1


def test_a_random_history_equals_the_same_history_entered_right(
    commissioner, user_factory, django_capture_on_commit_callbacks, monkeypatch
):
    HistoryMachine.people = (commissioner, *(user_factory(f"coach{i}") for i in range(6)))
    HistoryMachine.capture = staticmethod(django_capture_on_commit_callbacks)
    HistoryMachine.monkeypatch = monkeypatch
    run_state_machine_as_test(HistoryMachine, settings=HISTORY_SETTINGS)
    assert TALLY["histories"] > 0
