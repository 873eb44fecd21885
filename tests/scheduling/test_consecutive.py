"""The consecutive-meeting check: seed 000 p.24, no third match in a row between two teams."""

from __future__ import annotations

import itertools

import pytest

from league.rules.loading.loader import load_ruleset
from league.scheduling.consecutive import (
    TOO_MANY_CONSECUTIVE_MEETINGS,
    check_arranged_match,
    consecutive_run,
    overlong_runs,
)

LIMIT = 2


def test_the_limit_is_ruleset_data() -> None:
    assert load_ruleset("lrb6").params.max_consecutive_meetings == LIMIT


def test_third_match_in_a_row_is_refused_and_names_the_run() -> None:
    fixtures = [(1, "orcs"), (2, "elves"), (3, "elves")]
    assert consecutive_run(fixtures, "elves", LIMIT) == [2, 3]
    assert consecutive_run(fixtures, "orcs", LIMIT) == []


def test_second_match_in_a_row_is_allowed() -> None:
    assert consecutive_run([(1, "orcs"), (2, "elves")], "elves", LIMIT) == []


def test_back_dated_insertion_inside_the_list() -> None:
    # Not the tail: the new match goes between two games already played against the same team.
    assert consecutive_run([(1, "elves"), (3, "elves"), (4, "orcs")], "elves", LIMIT, position=1) == [1, 3]
    # A game against someone else in between breaks the run.
    fixtures = [(1, "elves"), (2, "orcs"), (3, "elves"), (4, "dwarfs")]
    assert consecutive_run(fixtures, "elves", LIMIT, position=2) == []
    assert consecutive_run(fixtures, "elves", LIMIT, position=1) == []


def test_pending_and_played_count_alike_whatever_the_window() -> None:
    # Brute force over every list of 0-5 fixtures among 3 opponents and every position.
    for length in range(6):
        for opponents in itertools.product("abc", repeat=length):
            fixtures = list(enumerate(opponents))
            for position in range(length + 1):
                new = [*opponents[:position], "a", *opponents[position:]]
                windows = [new[i : i + LIMIT + 1] for i in range(len(new) - LIMIT)]
                expected = any(set(w) == {"a"} and i <= position <= i + LIMIT for i, w in enumerate(windows))
                run = consecutive_run(fixtures, "a", LIMIT, position)
                assert bool(run) == expected
                assert all(opponents[key] == "a" for key in run)


def test_both_teams_are_checked() -> None:
    # The orcs played the dwarfs between their two games against the elves; the elves did not.
    elves = [(10, "orcs"), (11, "orcs")]
    orcs = [(10, "elves"), (12, "dwarfs"), (11, "elves")]
    refusals = check_arranged_match("elves", "orcs", elves, orcs, LIMIT)
    assert [(r.team, r.opponent, r.fixtures, r.code) for r in refusals] == [
        ("elves", "orcs", (10, 11), TOO_MANY_CONSECUTIVE_MEETINGS)
    ]
    refusals = check_arranged_match("orcs", "elves", orcs, elves, LIMIT)
    assert [r.team for r in refusals] == ["elves"]
    assert check_arranged_match("elves", "dwarfs", elves, [], LIMIT) == []


def test_overlong_runs_after_a_cancellation_joins_two_runs() -> None:
    before = [(1, "a"), (2, "a"), (3, "b"), (4, "a")]
    assert overlong_runs(before, LIMIT) == []
    after = [f for f in before if f[0] != 3]
    assert overlong_runs(after, LIMIT) == [[1, 2, 4]]


@pytest.mark.parametrize("limit,position", [(0, None), (2, 5)])
def test_bad_arguments(limit: int, position: int | None) -> None:
    with pytest.raises(ValueError):
        consecutive_run([(1, "a")], "a", limit, position)
