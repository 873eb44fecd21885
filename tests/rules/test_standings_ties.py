"""Tie-breakers: head-to-head (mini-league with recursion), cycles, unmet pairs, lots, ties that stay."""

from __future__ import annotations

from fractions import Fraction

from league.rules import Standings, compute_standings
from league.rules.standings import PRESETS, head_to_head

from .standings_helpers import game, teams

W310 = PRESETS["w3d1l0"]
H2H = ["points", "head_to_head", "td_diff", "td_for"]


def _order(table: Standings) -> list[tuple[object, str, str | None]]:
    return [(r.team, r.position_label, r.above_next_on) for r in table.rows]


def test_two_way_head_to_head_beats_a_better_td_diff() -> None:
    # X and Y both 6 points; Y has the better TD difference (+5 against +1) but X beat Y.
    results = [game("X-Y 1-0"), game("Y-Z 5-0"), game("Z-X 1-0"), game("Y-W 1-0"), game("X-W 1-0")]
    table = compute_standings(teams("XYZW"), results, W310, H2H)
    assert _order(table)[:2] == [("X", "1", "head_to_head"), ("Y", "2", "points")]
    plain = compute_standings(teams("XYZW"), results, W310, ["points", "td_diff"])
    assert [r.team for r in plain.rows][:2] == ["Y", "X"]


def test_three_way_cycle_falls_through_to_the_next_key() -> None:
    """A beat B, B beat C, C beat A: 3 points each among them, so TD difference, then TDs scored.

    B and C are level on TD difference (+1): head-to-head is not run again for them (it only
    restarts inside the groups it split itself), so TDs scored decide: C 3, B 2.
    """
    results = [game("A-B 1-0"), game("B-C 2-0"), game("C-A 3-0")]
    table = compute_standings(teams("ABC"), results, W310, H2H)
    assert _order(table) == [("C", "1", "td_for"), ("B", "2", "td_diff"), ("A", "3", None)]


def test_three_way_tie_where_one_pair_never_met_skips_head_to_head() -> None:
    """A, B, C on 3 points; A beat B, B beat C, A and C never met: head-to-head does not apply.

    Had it applied on points per game, A (3) would lead B (1.5) and C (0); TD difference gives
    C +2, A +1, B -1 instead.
    """
    results = [game("A-B 2-0"), game("B-C 1-0"), game("D-A 1-0"), game("C-D 3-0"), game("D-E 1-0")]
    table = compute_standings(teams("ABCDE"), results, W310, H2H)
    assert _order(table) == [
        ("D", "1", "points"),
        ("C", "2", "td_diff"),
        ("A", "3", "td_diff"),
        ("B", "4", "points"),
        ("E", "5", None),
    ]
    assert head_to_head(["A", "B", "C"], table.ledger) is None


def test_unequal_meetings_use_points_per_game() -> None:
    # A: beat B, drew B, lost to C = 4 in 3 games; B: 0 + 1 + 3 (beat C) = 4 in 3; C: 3 in 2.
    # C leads on 3/2; A and B (4/3 each) start again with only their own two games: A 4, B 1.
    results = [game("A-B 1-0"), game("B-A 0-0"), game("C-A 1-0"), game("B-C 1-0")]
    table = compute_standings(teams("ABC"), results, W310, ["head_to_head"])
    per_game = head_to_head(["A", "B", "C"], table.ledger)
    assert per_game is not None
    assert (per_game["A"], per_game["B"], per_game["C"]) == (Fraction(4, 3), Fraction(4, 3), Fraction(3, 2))
    assert _order(table) == [("C", "1", "head_to_head"), ("A", "2", "head_to_head"), ("B", "3", None)]


def test_double_round_robin_split_one_one_goes_to_td_diff() -> None:
    results = [game("X-Y 3-0"), game("Y-X 1-0")]
    table = compute_standings(teams("XY"), results, W310, H2H)
    assert _order(table) == [("X", "1", "td_diff"), ("Y", "2", None)]


def test_head_to_head_recursion_inside_a_subgroup() -> None:
    """Four teams on 6 points; among them P, Q have 6 and R, S 3. Inside {P, Q} only their own game counts."""
    results = [
        game("P-Q 1-0"),
        game("Q-R 1-0"),
        game("Q-S 1-0"),
        game("R-P 1-0"),
        game("S-P 0-0"),
        game("R-S 0-0"),
    ]
    # P: W Q, L R, D S = 4; Q: L P, W R, W S = 6; R: L Q, W P, D S = 4; S: L Q, D P, D R = 2.
    table = compute_standings(teams("PQRS"), results, W310, ["points", "head_to_head", "td_diff"])
    # P and R on 4: R beat P, so R above P on head-to-head.
    assert _order(table) == [
        ("Q", "1", "points"),
        ("R", "2", "head_to_head"),
        ("P", "3", "points"),
        ("S", "4", None),
    ]


def test_lots_are_asked_for_then_decide() -> None:
    results = [game("A-B 1-1"), game("C-A 0-0"), game("B-C 0-0")]
    keys = ["points", "td_diff", "lots"]
    table = compute_standings(teams("ABC"), results, W310, keys)
    assert [(r.key, r.teams, r.sides) for r in table.lots_needed] == [("lots:A,B,C", ("A", "B", "C"), 6)]
    assert {r.position_label for r in table.rows} == {"1="}
    drawn = compute_standings(teams("ABC"), results, W310, keys, lots={"A": 2, "B": 6, "C": 4})
    assert drawn.lots_needed == ()
    assert _order(drawn) == [("B", "1", "lots"), ("C", "2", "lots"), ("A", "3", None)]


def test_equal_lots_leave_the_tie() -> None:
    table = compute_standings(teams("AB"), [game("A-B 0-0")], W310, ["points", "lots"], lots={"A": 3, "B": 3})
    assert _order(table) == [("A", "1=", None), ("B", "1=", None)]


def test_ties_stay_ties_with_no_hidden_rule() -> None:
    """Equal on every key: same position, listed in the order the caller registered the teams."""
    results = [game("A-B 1-0"), game("B-A 1-0")]
    for order in ("AB", "BA"):
        table = compute_standings(teams(order), results, W310, ["points", "td_diff", "head_to_head", "td_for"])
        assert [(r.team, r.position, r.tied) for r in table.rows] == [(order[0], 1, True), (order[1], 1, True)]


def test_team_value_key_ranks_higher_value_first_and_skips_when_unknown() -> None:
    results = [game("A-B 0-0")]
    valued = compute_standings(teams("AB", {"A": 1_000_000, "B": 1_100_000}), results, W310, ["points", "team_value"])
    assert _order(valued) == [("B", "1", "team_value"), ("A", "2", None)]
    partial = compute_standings(teams("AB", {"A": 1_000_000}), results, W310, ["points", "team_value"])
    assert _order(partial) == [("A", "1=", None), ("B", "1=", None)]


def test_fewest_conceded_and_cas_keys() -> None:
    results = [game("A-C 2-1", (1, 0)), game("B-C 1-0", (2, 0))]
    by_conceded = compute_standings(teams("ABC"), results, W310, ["points", "fewest_conceded"])
    assert _order(by_conceded)[:2] == [("B", "1", "fewest_conceded"), ("A", "2", "points")]
    by_cas = compute_standings(teams("ABC"), results, W310, ["points", "cas_diff"])
    assert _order(by_cas)[:2] == [("B", "1", "cas_diff"), ("A", "2", "points")]
