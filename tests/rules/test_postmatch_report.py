"""check_report: every inconsistency a match report can show by itself, as a code with parameters."""

from __future__ import annotations

import pytest

from league.rules import Ruleset
from league.rules.postmatch import CasualtyReport, InvalidReport, MatchDice, PlayerReport, check_report, plan_post_match

from .postmatch_helpers import base_dice, match, side, with_side


def one(rs: Ruleset, report) -> tuple[str, dict[str, object]]:  # type: ignore[no-untyped-def]
    found = check_report(rs, report)
    assert len(found) == 1, found
    return found[0].code, dict(found[0].params)


def home_with(*players: PlayerReport, **fields: object):  # type: ignore[no-untyped-def]
    return match(side("human", "h", *players, **fields))


def hurt(cas: CasualtyReport):  # type: ignore[no-untyped-def]
    return home_with(PlayerReport("v", "lineman", casualties_suffered=(cas,)))


def test_a_clean_report_has_no_violation(rs: Ruleset) -> None:
    assert check_report(rs, match()) == ()


@pytest.mark.parametrize(
    ("report", "code", "params"),
    [
        (with_side(with_side(match(), "home", conceded=True), "away", conceded=True), "both_conceded", {}),
        (with_side(match(), "home", score=-1), "negative_value", {"side": "home", "field": "score"}),
        (with_side(match(), "away", fan_factor=-1), "negative_value", {"side": "away", "field": "fan_factor"}),
        (with_side(match(), "home", concession_justified=True), "justified_without_concession", {"side": "home"}),
        (
            with_side(match(), "home", petty_cash=150_000),
            "petty_cash_over_treasury",
            {"side": "home", "petty_cash": 150_000, "treasury": 100_000},
        ),
        (with_side(match(), "away", team_key="elves"), "unknown_team", {"side": "away", "team": "elves"}),
        (
            home_with(PlayerReport("x", "lineman", touchdowns=2), score=1),
            "touchdowns_exceed_score",
            {"side": "home", "touchdowns": 2, "score": 1},
        ),
        (home_with(PlayerReport("hL1", "lineman")), "duplicate_player", {"player": "hL1"}),
        (home_with(PlayerReport("x", "troll")), "unknown_position", {"player": "x", "position": "troll"}),
        (
            home_with(PlayerReport("x", "lineman", completions=-1)),
            "negative_value",
            {"player": "x", "field": "completions"},
        ),
        (
            home_with(PlayerReport("x", "lineman", stat_injuries={"wp": 1})),
            "unknown_stat",
            {"player": "x", "stat": "wp"},
        ),
        (
            home_with(PlayerReport("x", "lineman", improvements=("injury",))),
            "unknown_improvement",
            {"player": "x", "improvement": "injury"},
        ),
        (
            home_with(PlayerReport("x", "lineman", skills=("flying",))),
            "unknown_skill",
            {"player": "x", "skill": "flying"},
        ),
        (
            home_with(PlayerReport("x", "lineman", spp_before=10, improvement_rolls_taken=2)),
            "improvement_rolls_exceed_level",
            {"player": "x", "taken": 2},
        ),
        (
            home_with(PlayerReport("x", "lineman", miss_next_game_before=True, completions=1)),
            "missed_game_but_credited",
            {"player": "x"},
        ),
        (hurt(CasualtyReport(rolls=((1, 1), (1, 2), (1, 3)))), "too_many_casualty_rolls", {"player": "v", "count": 3}),
        (hurt(CasualtyReport(rolls=((7, 1),))), "die_out_of_range", {"player": "v"}),
        (hurt(CasualtyReport(rolls=((1, 9),))), "die_out_of_range", {"player": "v"}),  # D68 units are 1-8 (A20)
        (hurt(CasualtyReport(rolls=((6, 1),), regeneration=7)), "die_out_of_range", {"player": "v"}),
        (
            hurt(CasualtyReport(rolls=((6, 1),), apothecary_reroll=(1, 1), apothecary_roll_index=1)),
            "apothecary_roll_unknown",
            {"player": "v", "index": 1},
        ),
        (
            hurt(CasualtyReport(rolls=((6, 1),), final=("beheaded",))),
            "unknown_casualty",
            {"player": "v", "casualty": "beheaded"},
        ),
        (hurt(CasualtyReport(rolls=((6, 1),), override="miracle_worker")), "override_without_result", {"player": "v"}),
        (hurt(CasualtyReport()), "casualty_without_roll", {"player": "v"}),
        (hurt(CasualtyReport(final=("dead",))), "casualty_without_roll", {"player": "v"}),
        (
            hurt(CasualtyReport(rolls=((6, 1),), regeneration=5, regeneration_reroll=2)),
            "regeneration_reroll_unneeded",
            {"player": "v"},
        ),
        (
            hurt(CasualtyReport(rolls=((6, 1),), apothecary_reroll=(1, 1), final=("dead",))),
            "casualty_result_mismatch",
            {"player": "v", "expected": ("badly_hurt",), "recorded": ("dead",)},
        ),
        (
            with_side(match(), "home", inducements_cost=10_000),
            "inducements_over_budget",
            {"side": "home", "budget": 0, "cost": 10_000},
        ),
        (
            home_with(PlayerReport("x", "blitzer", casualties=1)),
            "casualties_exceed_suffered",
            {"side": "home", "inflicted": 1, "suffered": 0},
        ),
    ],
)
def test_violations(rs: Ruleset, report, code: str, params: dict[str, object]) -> None:  # type: ignore[no-untyped-def]
    assert one(rs, report) == (code, params)


def test_fewer_touchdowns_than_the_score_is_fine(rs: Ruleset) -> None:
    # A touchdown awarded because the opponent cannot field anyone has no scorer (A21).
    assert check_report(rs, home_with(PlayerReport("x", "lineman", touchdowns=1), score=2)) == ()


def test_matching_casualty_record_and_stars(rs: Ruleset) -> None:
    report = home_with(
        PlayerReport("v", "lineman", casualties_suffered=(CasualtyReport(rolls=((5, 3),), final=("smashed_hip",)),)),
        PlayerReport("zug", "mighty_zug", is_star_or_mercenary=True),
    )
    assert check_report(rs, report) == ()


def test_plan_refuses_an_invalid_report(rs: Ruleset) -> None:
    with pytest.raises(InvalidReport, match="negative_value"):
        plan_post_match(rs, with_side(match(), "home", score=-1), MatchDice(base_dice()))


def test_a_justified_concession_may_be_flagged_on_both_sides(rs: Ruleset) -> None:
    # The web layer records one flag per match: the side that did not concede carries it too.
    report = with_side(
        with_side(match(), "home", conceded=True, concession_justified=True), "away", concession_justified=True
    )
    assert check_report(rs, report) == ()


def test_apothecary_uses_are_limited_to_the_apothecaries_fielded(rs: Ruleset) -> None:
    from league.rules.postmatch.check import apothecary_uses_allowed

    assert apothecary_uses_allowed(rs, own_apothecary=True, inducements={}) == 1
    assert apothecary_uses_allowed(rs, own_apothecary=True, inducements={"wandering_apothecaries": 2}) == 3
    assert apothecary_uses_allowed(rs, own_apothecary=False, inducements={"igor": 1, "wizard": 1}) == 0
    saved = CasualtyReport(rolls=((4, 1),), apothecary_reroll=(1, 1))
    twice = (
        PlayerReport("v1", "lineman", casualties_suffered=(saved,)),
        PlayerReport("v2", "lineman", casualties_suffered=(saved,)),
    )
    assert one(rs, home_with(*twice, apothecaries_fielded=1)) == (
        "apothecary_uses_exceeded",
        {"side": "home", "used": 2, "fielded": 1},
    )
    assert check_report(rs, home_with(*twice, apothecaries_fielded=2)) == ()
    assert check_report(rs, home_with(*twice)) == ()  # not known: not checked
