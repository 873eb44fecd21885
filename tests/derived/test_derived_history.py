"""The derived tables equal the from-scratch computation after every operation of a random history:
results in their place and late, edits of processed matches (score, lines, casualties, the day
played), voids and restores (the history machine of tests/history, its operations as the pages
call them; on-commit callbacks run as a commit runs them, so each build runs once per operation)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import invariant, run_state_machine_as_test

from tests.derived.compare import differences
from tests.history.oracle import TALLY
from tests.history.test_history_oracle import HistoryMachine

pytestmark = pytest.mark.django_db

DERIVED_SETTINGS = settings(
    max_examples=int(os.environ.get("DERIVED_EXAMPLES", "6")),
    stateful_step_count=int(os.environ.get("DERIVED_STEPS", "8")),
    derandomize=os.environ.get("HISTORY_RANDOM", "") != "1",
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
    print_blob=True,
    phases=[p for p in Phase if p != Phase.shrink or os.environ.get("HISTORY_SHRINK", "1") != "0"],
)


class DerivedMachine(HistoryMachine):
    """The history machine, checking the derived tables after each operation instead of entering
    the history right at its end (tests/history checks that)."""

    @invariant()
    def derived_tables_equal_a_computation_from_scratch(self) -> None:
        if self.built is None or not self.ok:
            return
        found = differences(self.built.league)
        if found:
            self.fail("the derived tables differ from a computation from scratch:\n  " + "\n  ".join(found[:20]))

    def check(self) -> None:
        TALLY["histories"] += 1
        TALLY["operations"] += len(self.log) - 1


def test_derived_tables_equal_a_computation_from_scratch_after_a_random_history(
    commissioner, user_factory, django_capture_on_commit_callbacks, monkeypatch
):
    DerivedMachine.people = (commissioner, *(user_factory(f"coach{i}") for i in range(6)))
    DerivedMachine.capture = staticmethod(django_capture_on_commit_callbacks)
    DerivedMachine.monkeypatch = monkeypatch
    before = TALLY["histories"]
    run_state_machine_as_test(DerivedMachine, settings=DERIVED_SETTINGS)
    assert TALLY["histories"] > before
