"""Which touchdowns of a score count: credited to a player, or declared where the ruleset allows it."""

from __future__ import annotations

import pytest

from league.rules import Ruleset
from league.rules.postmatch.scoring import SideScore, score_violations


def codes(rs: Ruleset, home: SideScore, away: SideScore, conceded_by: str = "") -> list[tuple[str, str]]:
    return [(v.code, v.params["side"]) for v in score_violations(rs, home, away, conceded_by)]


def test_every_touchdown_credited_is_fine(rs: Ruleset) -> None:
    assert codes(rs, SideScore(2, 2), SideScore(0, 0)) == []


def test_a_touchdown_nobody_scored_is_refused(rs: Ruleset) -> None:
    (found,) = score_violations(rs, SideScore(2, 1), SideScore(1, 1))
    assert found.code == "touchdowns_not_credited"
    assert dict(found.params) == {"side": "home", "score": 2, "credited": 1, "declared": 0, "missing": 1}


def test_more_touchdowns_than_the_score_is_refused(rs: Ruleset) -> None:
    assert codes(rs, SideScore(1, 1), SideScore(1, 1, declared=1, induced_players=1)) == [
        ("touchdowns_exceed_score", "away")
    ]


def test_a_star_players_touchdown_is_declared(rs: Ruleset) -> None:
    no_awards = rs.with_overrides({"awarded_touchdowns_without_scorer": False})
    assert codes(no_awards, SideScore(2, 1, declared=1, induced_players=1), SideScore(0, 0)) == []
    # Without an induced player, only the ruleset's awarded touchdowns can go undeclared.
    assert codes(no_awards, SideScore(2, 1, declared=1), SideScore(0, 0)) == [
        ("uncredited_touchdowns_not_allowed", "home")
    ]
    assert codes(rs, SideScore(2, 1, declared=1), SideScore(0, 0)) == []  # LRB6 p.15: awarded (A21)


def test_a_conceded_matchs_awarded_score_needs_no_scorer_for_the_side_that_did_not_concede(rs: Ruleset) -> None:
    assert codes(rs, SideScore(2, 0), SideScore(0, 0), conceded_by="away") == []
    # The side that conceded still credits its own touchdowns.
    assert codes(rs, SideScore(0, 0), SideScore(1, 0), conceded_by="away") == [("touchdowns_not_credited", "away")]
    strict = rs.with_overrides({"conceded_match_score_needs_no_scorer": False})
    assert codes(strict, SideScore(2, 0), SideScore(0, 0), conceded_by="away") == [("touchdowns_not_credited", "home")]


@pytest.mark.parametrize(
    ("home", "away", "conceded", "shootout", "winner"),
    [
        (2, 1, None, None, "home"),
        (0, 3, None, None, "away"),
        (1, 1, None, None, None),  # a draw
        (1, 1, None, "away", "away"),  # a play-off level after overtime: the shoot-out decides
        (3, 0, "home", None, "away"),  # the side that concedes loses whatever the score
        (2, 0, None, "away", "home"),  # a shoot-out winner named for a decided score changes nothing
    ],
)
def test_who_won_a_match(home, away, conceded, shootout, winner):
    from league.rules.postmatch.scoring import winning_side

    assert winning_side(home, away, conceded, shootout) == winner
