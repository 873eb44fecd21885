"""Play-off qualifiers by the LRB6 methods; ties at the cut are returned."""

from __future__ import annotations

from league.scheduling.qualification import (
    Qualification,
    by_standings,
    by_team_value,
    by_team_value_times_win_rate,
    by_win_rate,
)


def test_standings_top_four_with_a_tie_inside_the_cut() -> None:
    assert by_standings([["a"], ["b", "c"], ["d"], ["e"]], 4) == Qualification(("a", "b", "c", "d"))


def test_standings_tie_across_the_cut_is_returned() -> None:
    result = by_standings([["a"], ["b", "c"], ["d", "e"], ["f"]], 4)
    assert result == Qualification(("a", "b", "c"), ("d", "e"), 1)
    assert not result.decided


def test_highest_team_value() -> None:
    tv = {"a": 1_000_000, "b": 1_500_000, "c": 1_200_000, "d": 900_000, "e": 1_100_000}
    assert by_team_value(tv, 4).qualified == ("b", "c", "e", "a")


def test_win_rate_compares_fractions_exactly() -> None:
    records = {"a": (5, 10), "b": (1, 3), "c": (2, 6), "d": (0, 0), "e": (3, 4)}
    # 1/3 and 2/6 are equal: tied for the last place.
    assert by_win_rate(records, 3) == Qualification(("e", "a"), ("b", "c"), 1)
    assert by_win_rate(records, 4).qualified == ("e", "a", "b", "c")


def test_team_value_times_win_rate_example_of_the_book() -> None:
    tv = {"a": 1_800_000, "b": 1_000_000, "c": 2_000_000}
    records = {"a": (5, 10), "b": (8, 10), "c": (4, 10)}
    # a: 900,000; b: 800,000; c: 800,000.
    assert by_team_value_times_win_rate(tv, records, 1) == Qualification(("a",))
    assert by_team_value_times_win_rate(tv, records, 2) == Qualification(("a",), ("b", "c"), 1)
