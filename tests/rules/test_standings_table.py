"""Standings tables computed by hand: columns, points schemes, bonus points, concessions, forfeits, byes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.rules import BonusRule, Bye, Result, compute_standings, load_ruleset
from league.rules.standings import PRESETS

from .standings_helpers import game, teams

W531 = PRESETS["w5d3l1"]
W310 = PRESETS["w3d1l0"]


def _five_team_round_robin() -> list[Result | Bye]:
    """A single round robin of 5 teams in 5 rounds: two matches and a bye each round."""
    return [
        game("A-B 1-0", (2, 1), order=1),
        game("C-D 1-1", (0, 3), order=2),
        Bye("bye-E", 3, "E"),
        game("A-C 0-2", order=4),
        game("B-E 2-1", (1, 1), order=5),
        Bye("bye-D", 6, "D"),
        game("A-D 2-0", order=7),
        game("C-E 0-0", order=8),
        Bye("bye-B", 9, "B"),
        game("A-E 1-2", order=10),
        game("B-D 3-0", order=11),
        Bye("bye-C", 12, "C"),
        game("B-C 1-0", order=13),
        game("D-E 1-1", order=14),
        Bye("bye-A", 15, "A"),
    ]


def test_five_teams_531_head_to_head_then_td_diff() -> None:
    """By hand: B 1+5+5+5 = 16; A 5+1+5+1, C 3+5+3+1, E 1+3+5+3 all 12; D 3+1+1+3 = 8.

    Among A, C, E: C beat A, C drew E, E beat A: C 5+3 = 8, E 3+5 = 8, A 1+1 = 2, so A is third
    of the three. C and E start again at head-to-head with their own game: a draw, 3 each, so
    touchdown difference decides: C +1, E 0. Without head-to-head, A (0) and E (0) would be level.
    """
    table = compute_standings(teams("ABCDE"), _five_team_round_robin(), W531, ["points", "head_to_head", "td_diff"])
    assert [(r.team, r.position, r.points, r.above_next_on) for r in table.rows] == [
        ("B", 1, 16, "points"),
        ("C", 2, 12, "td_diff"),
        ("E", 3, 12, "head_to_head"),
        ("A", 4, 12, "points"),
        ("D", 5, 8, None),
    ]
    a = table.row("A")
    assert (a.played, a.won, a.drawn, a.lost, a.byes) == (4, 2, 0, 2, 1)
    assert (a.td_for, a.td_against, a.td_diff) == (4, 4, 0)
    assert (a.cas_for, a.cas_against, a.cas_diff) == (2, 1, 1)
    assert a.form == ("W", "L", "W", "L")
    assert not a.tied and a.position_label == "4"
    d = table.row("D")
    assert (d.won, d.drawn, d.lost, d.td_for, d.td_against, d.cas_for, d.cas_against) == (0, 2, 2, 2, 7, 3, 0)
    assert all(row.points == row.points_without_bonus for row in table.rows)


def test_without_head_to_head_the_same_results_leave_a_tie() -> None:
    table = compute_standings(teams("ABCDE"), _five_team_round_robin(), W531, ["points", "td_diff"])
    assert [(r.team, r.position_label) for r in table.rows] == [
        ("B", "1"),
        ("C", "2"),
        ("A", "3="),
        ("E", "3="),
        ("D", "5"),
    ]
    assert table.row("C").above_next_on == "td_diff"
    assert table.row("A").above_next_on is None  # tied with E
    assert table.row("E").above_next_on == "points"


def test_form_is_the_last_five_most_recent_last() -> None:
    results = [game(f"A-B {score}", order=n) for n, score in enumerate(["1-0", "0-1", "1-1", "2-0", "0-3", "1-0"])]
    table = compute_standings(teams("AB"), list(reversed(results)), W310, ["points"])
    assert table.row("A").form == ("L", "D", "W", "L", "W")
    assert table.row("B").form == ("W", "D", "L", "W", "L")


def test_bonus_points_for_three_touchdowns_and_three_casualties() -> None:
    custom = PRESETS["custom"]  # 3/1/0, +1 for 3+ TDs, +1 for 3+ casualties, whatever the result
    results = [game("A-B 3-1", (3, 4)), game("B-C 0-4", (1, 0)), game("C-A 3-3", (2, 3))]
    table = compute_standings(teams("ABC"), results, custom, ["points"])
    a, b, c = (table.row(t) for t in "ABC")
    assert (a.points_without_bonus, a.points) == (3 + 1, 3 + 1 + 1 + 1 + 1 + 1)  # 3+ TDs and 3+ CAS in both games
    assert (b.points_without_bonus, b.points) == (0, 1)  # 4 CAS in a loss still earns the bonus
    assert (c.points_without_bonus, c.points) == (3 + 1, 3 + 1 + 1 + 1)
    ledger_a = [(e.key.split(" ")[0], [(line.label, line.points) for line in e.lines]) for e in table.ledger_of("A")]
    assert ledger_a == [
        ("A-B", [("win", 3), ("bonus.td_3_plus", 1), ("bonus.cas_3_plus", 1)]),
        ("C-A", [("draw", 1), ("bonus.td_3_plus", 1), ("bonus.cas_3_plus", 1)]),
    ]


def test_a_defensive_bonus_applies_only_to_a_narrow_loss() -> None:
    scheme = replace(W310, bonuses=(BonusRule("narrow_loss", "td_margin", ">=", -1, 1, "loss"),))
    table = compute_standings(teams("ABC"), [game("A-B 1-0"), game("A-C 2-0"), game("B-C 1-0")], scheme, ["points"])
    assert [(r.team, r.points) for r in table.rows] == [
        ("A", 6),
        ("B", 4),
        ("C", 1),
    ]  # C lost 0-1 to B: +1; 0-2 to A: nothing


def test_a_concession_is_a_loss_for_the_conceder_whatever_the_score() -> None:
    results = [game("A-B 2-1", conceded_by="home"), game("C-A 0-0")]
    table = compute_standings(teams("ABC"), results, W531, ["points"])
    a, b = table.row("A"), table.row("B")
    assert (a.won, a.drawn, a.lost, a.conceded, a.points) == (0, 1, 1, 1, 1 + 3)
    assert (b.won, b.lost, b.points) == (1, 0, 5)
    assert (a.td_for, a.td_against) == (2, 1)  # the recorded score stays in the TD columns
    assert [line.label for line in table.ledger_of("A")[0].lines] == ["conceded"]


def test_a_concession_scheme_can_cost_points_and_stay_out_of_the_losses() -> None:
    scheme = replace(W310, concede=-1, concession_counts_as_loss=False)
    table = compute_standings(teams("AB"), [game("A-B 0-1", conceded_by="home")], scheme, ["points"])
    a = table.row("A")
    assert (a.played, a.lost, a.conceded, a.points) == (1, 0, 1, -1)


def test_a_refused_challenge_counts_as_a_two_nil_win_without_bonus() -> None:
    scheme = replace(PRESETS["custom"], forfeit_win=2, forfeit_loss=-1)
    refused = Result("challenge-7", 1, "A", "B", 2, 0, awarded_to="home")
    table = compute_standings(teams("AB"), [refused], scheme, ["points"])
    a, b = table.row("A"), table.row("B")
    assert (a.played, a.won, a.td_for, a.td_against, a.points, a.form) == (1, 1, 2, 0, 2, ("W",))
    assert (b.played, b.lost, b.points) == (1, 1, -1)
    assert [line.label for line in table.ledger_of("A")[0].lines] == ["forfeit_win"]


def test_a_bye_earns_the_schemes_bye_points_and_is_not_a_game() -> None:
    scheme = replace(W310, bye=3)
    table = compute_standings(teams("ABC"), [game("A-B 1-0"), Bye("r1-bye", 1, "C")], scheme, ["points"])
    c = table.row("C")
    assert (c.played, c.byes, c.points, c.form) == (0, 1, 3, ())
    assert [(r.team, r.position_label) for r in table.rows] == [("A", "1="), ("C", "1="), ("B", "3")]


def test_lrb6_ships_its_schemes_and_defaults() -> None:
    ruleset = load_ruleset("lrb6")
    scheme = ruleset.standings_schemes[ruleset.default_standings_scheme]
    assert (scheme.win, scheme.draw, scheme.loss) == (3, 1, 0)
    five = ruleset.standings_schemes["w5d3l1"]
    assert (five.win, five.draw, five.loss, five.forfeit_win, five.concede) == (5, 3, 1, 5, 1)
    assert ruleset.default_tie_breakers[0] == "points"


def test_unknown_team_or_tie_breaker_is_refused() -> None:
    with pytest.raises(ValueError, match="not in the competition"):
        compute_standings(teams("AB"), [game("A-Z 1-0")], W310, ["points"])
    with pytest.raises(ValueError, match="unknown tie-breaker"):
        compute_standings(teams("AB"), [], W310, ["points", "alphabetical"])
