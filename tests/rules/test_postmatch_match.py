"""A worked match (Humans 2-1 Orcs) through the whole post-match sequence, then money and fan factor."""

from __future__ import annotations

import pytest

from league.rules import Ruleset
from league.rules.postmatch import CasualtyReport, Decisions, MatchDice, PlayerReport, plan_post_match

from .postmatch_helpers import base_dice, match, side, with_side

HUMANS = side(
    "human",
    "h",
    PlayerReport("h1", "thrower", spp_before=5, improvement_rolls_taken=0, completions=1),  # 5 -> 6
    PlayerReport("h2", "catcher", touchdowns=1),
    PlayerReport("h3", "blitzer", touchdowns=1, casualties=1),
    PlayerReport("h4", "lineman"),
    PlayerReport("h5", "lineman", miss_next_game_before=True),  # missed this match
    fill_to=12,
    roster_tv=900_000,
    fan_factor=5,
    treasury_before=100_000,
    fame=1,
    score=2,
    rerolls=3,
    assistant_coaches=1,
    cheerleaders=1,
    apothecary=True,
)
ORCS = side(
    "orc",
    "a",
    PlayerReport("a1", "blitzer", spp_before=10, improvement_rolls_taken=1, touchdowns=1),  # +3 +MVP 5 = 18
    PlayerReport("a2", "black_orc_blocker", casualties_suffered=(CasualtyReport(rolls=((5, 3),)),)),  # smashed hip
    PlayerReport(
        "a3",
        "lineman",
        casualties_suffered=(  # killed, saved by the apothecary: broken ribs
            CasualtyReport(rolls=((6, 2),), apothecary_reroll=(4, 1)),
        ),
    ),
    PlayerReport("a4", "lineman", casualties_suffered=(CasualtyReport(rolls=((6, 5),)),)),  # dead
    PlayerReport("a5", "lineman", casualties_suffered=(CasualtyReport(rolls=((5, 1),)),)),  # damaged back
    PlayerReport("a6", "troll", casualties_suffered=(CasualtyReport(rolls=((6, 1),), regeneration=4),)),
    roster_tv=1_000_000,
    fan_factor=4,
    treasury_before=20_000,
    fame=0,
    score=1,
    rerolls=2,
)
DICE = MatchDice(
    {
        "mvp:home:1": (11,),
        "mvp:away:1": (6,),
        "improvement:h1:1": (3, 3),
        "improvement:a1:2": (2, 5),
        "winnings:home": (2,),
        "winnings_reroll:home": (5,),
        "winnings:away": (3,),
        "ff:home": (4, 1, 2),
        "ff:away": (1, 2),
    }
)
DECISIONS = Decisions({"winnings_reroll:home": True, "improvement:h1:1": "dodge"})


@pytest.fixture(scope="module")
def plan(rs: Ruleset):  # type: ignore[no-untyped-def]
    return plan_post_match(rs, match(HUMANS, ORCS), DICE, DECISIONS)


def test_effect_keys_in_step_order(plan) -> None:  # type: ignore[no-untyped-def]
    assert [e.key for e in plan.effects] == [
        "mvp:home:1",
        "mvp:away:1",
        "spp:home:h1:comp",
        "spp:home:h2:td",
        "spp:home:h3:td",
        "spp:home:h3:cas",
        "spp:away:a1:td",
        "improvement:h1:1",
        "improvement:a1:2",
        "injury:a2:1",
        "mng:a2:set",
        "mng:a3:set",
        "dead:a4",
        "injury:a5:1",
        "mng:a5:set",
        "winnings:home",
        "winnings:away",
        "se:home",
        "se:away",
        "ff:home",
        "ff:away",
        "purchases:home",
        "purchases:away",
        "mng:h5:clear",
        "journeymen:home",
        "journeymen:away",
        "tv:home",
        "tv:away",
    ]
    assert plan.outcomes == {"home": "win", "away": "loss"}


def test_mvp_draw_among_numbered_candidates(plan) -> None:  # type: ignore[no-untyped-def]
    home, away = plan.effect("mvp:home:1"), plan.effect("mvp:away:1")
    # Seven fillers hL1..hL7, then h1 h2 h3 h4 (h5 missed the match): die 11 of 11 is h4.
    assert (home.player_ref, home.spp, home.dice, home.total) == ("h4", 5, (11,), 5)
    assert (away.player_ref, away.spp, away.total) == ("a1", 5, 15)


@pytest.mark.parametrize(
    ("key", "count", "spp", "total"),
    [
        ("spp:home:h1:comp", 1, 1, 6),
        ("spp:home:h2:td", 1, 3, 3),
        ("spp:home:h3:td", 1, 3, 3),
        ("spp:home:h3:cas", 1, 2, 5),
        ("spp:away:a1:td", 1, 3, 18),
    ],
)
def test_spp_per_event(plan, key: str, count: int, spp: int, total: int) -> None:  # type: ignore[no-untyped-def]
    effect = plan.effect(key)
    assert (effect.count, effect.spp, effect.total) == (count, spp, total)


def test_level_crossing_double_opens_double_categories(plan) -> None:  # type: ignore[no-untyped-def]
    roll = plan.effect("improvement:h1:1")
    assert roll.dice == (3, 3) and roll.options.is_double
    assert roll.options.double_categories == frozenset("AS")  # thrower: Normal GP, Double AS
    assert (roll.skill, roll.value_key, roll.pending) == ("dodge", "new_skill_double", False)


def test_choice_unknown_leaves_the_roll_pending(plan) -> None:  # type: ignore[no-untyped-def]
    roll = plan.effect("improvement:a1:2")  # a1 had taken his first roll: this is his second (16+ SPP)
    assert roll.pending and roll.skill is None and not roll.options.is_double
    assert plan.pending == ("improvement:a1:2",)
    assert plan.effect("tv:away").pending and not plan.effect("tv:home").pending


def test_casualties_applied(plan) -> None:  # type: ignore[no-untyped-def]
    assert (plan.effect("injury:a2:1").kind, plan.effect("injury:a2:1").stat) == ("stat_injury", "ma")
    assert plan.effect("dead:a4").casualty == "dead"
    assert (plan.effect("injury:a5:1").kind, plan.effect("injury:a5:1").casualty) == ("niggling_injury", "damaged_back")
    assert not [e for e in plan.effects if e.player_ref == "a6"]  # regenerated: nothing happened


def test_winnings_with_winner_reroll(plan) -> None:  # type: ignore[no-untyped-def]
    home, away = plan.effect("winnings:home"), plan.effect("winnings:away")
    assert home.dice == (2, 5) and home.amount == (5 + 1) * 10_000 + 10_000  # keeps the second die
    assert home.treasury == 170_000
    assert (away.dice, away.amount, away.treasury) == ((3,), 30_000, 50_000)
    assert plan.effect("se:home").amount == 0 and plan.treasury == {"home": 170_000, "away": 50_000}


def test_fan_factor_after_the_match(plan) -> None:  # type: ignore[no-untyped-def]
    assert (plan.effect("ff:home").delta, plan.effect("ff:home").total) == (1, 6)  # 3D6 = 7 > 5
    assert (plan.effect("ff:away").delta, plan.effect("ff:away").total) == (-1, 3)  # 2D6 = 3 < 4


def test_journeymen_and_team_value(plan) -> None:  # type: ignore[no-untyped-def]
    assert (plan.effect("journeymen:home").count, plan.effect("journeymen:home").total) == (0, 12)
    # a2, a3, a5 miss the next match and a4 is dead: 7 of 11 available.
    assert (plan.effect("journeymen:away").count, plan.effect("journeymen:away").total) == (4, 7)
    # 710,000 players (h1 100,000 with his double skill; h5 back) + 3 x 50,000 + FF 6 + staff 70,000.
    assert plan.effect("tv:home").total == 710_000 + 150_000 + 60_000 + 70_000
    # a1 80,000 (pending roll adds nothing yet), troll 110,000, five linemen; 2 x 60,000; FF 3.
    assert plan.effect("tv:away").total == 440_000 + 120_000 + 30_000


def test_replanning_gives_the_same_plan(rs: Ruleset, plan) -> None:  # type: ignore[no-untyped-def]
    assert plan_post_match(rs, match(HUMANS, ORCS), DICE, DECISIONS) == plan
    keys = [e.key for e in plan.effects]
    assert len(keys) == len(set(keys))


# --- winnings, spiralling expenses, fan factor -----------------------------------------------------


@pytest.mark.parametrize(("first", "second", "kept"), [(2, 5, 5), (5, 2, 2), (4, 4, 4)])
def test_winner_rerolls_once_and_keeps_the_second_die(rs: Ruleset, first: int, second: int, kept: int) -> None:
    report = with_side(match(), "home", score=1)
    dice = base_dice({"winnings:home": (first,), "winnings_reroll:home": (second,), "ff:home": (1, 1, 1)})
    plan = plan_post_match(rs, report, MatchDice(dice), Decisions({"winnings_reroll:home": True}))
    assert plan.effect("winnings:home").amount == kept * 10_000 + 10_000


def test_draw_bonus_and_playoff_doubling(rs: Ruleset) -> None:
    report = with_side(with_side(match(playoff=True), "home", fame=2, winnings_bonus=20_000), "away", fame=0)
    plan = plan_post_match(rs, report, MatchDice(base_dice()))
    assert plan.effect("winnings:home").amount == ((3 + 2) * 10_000 + 10_000) * 2 + 20_000  # bonus after doubling
    assert plan.effect("winnings:away").amount == ((3 + 0) * 10_000 + 10_000) * 2


@pytest.mark.parametrize(
    ("roster_tv", "treasury", "owed", "paid"),
    [
        (1_740_000, 100_000, 0, 0),
        (1_750_000, 100_000, 10_000, 10_000),
        (1_900_000, 100_000, 20_000, 20_000),
        (1_900_000, 0, 20_000, 20_000),
        (2_500_000, 0, 60_000, 20_000),
        (2_650_000, 0, 70_000, 20_000),
    ],
)
def test_spiralling_expenses_never_below_zero(rs: Ruleset, roster_tv: int, treasury: int, owed: int, paid: int) -> None:
    report = with_side(match(), "home", roster_tv=roster_tv, treasury_before=treasury)
    dice = base_dice({"winnings:home": (1,)})  # draw: (1 + 0) x 10k + 10k = 20,000 in the bank first
    plan = plan_post_match(rs, report, MatchDice(dice))
    se = plan.effect("se:home")
    assert (se.total, -se.amount, se.treasury) == (owed, paid, treasury + 20_000 - paid)


def test_spiralling_expenses_capped_by_the_treasury_at_that_step(rs: Ruleset) -> None:
    report = with_side(match(), "home", roster_tv=1_900_000, treasury_before=0, score=0)
    report = with_side(report, "away", score=1)
    dice = base_dice({"winnings:home": (1,), "winnings:away": (1,), "ff:home": (3, 3), "ff:away": (1, 1, 1)})
    plan = plan_post_match(rs, report, MatchDice(dice), Decisions({"winnings_reroll:away": False}))
    assert plan.effect("winnings:home").amount == 10_000  # loss: (1 + 0) x 10k
    assert (plan.effect("se:home").total, plan.effect("se:home").amount, plan.effect("se:home").treasury) == (
        20_000,
        -10_000,
        0,
    )


def test_petty_cash_returns_before_expenses(rs: Ruleset) -> None:
    # Home 1.0M + 100k petty cash against 1.25M: 150k inducement money; 200k spent -> 50k petty cash used.
    report = with_side(match(), "home", petty_cash=100_000, inducements_cost=200_000, treasury_before=100_000)
    report = with_side(report, "away", roster_tv=1_250_000)
    plan = plan_post_match(rs, report, MatchDice(base_dice()))
    assert plan.effect("winnings:home").treasury == 0 + 40_000  # petty cash was out of the treasury
    back = plan.effect("petty_cash:home")
    assert (back.step, back.amount, back.treasury) == ("petty_cash_return", 50_000, 90_000)


def test_expenses_use_the_pre_match_tv_without_petty_cash(rs: Ruleset) -> None:
    report = with_side(match(), "home", roster_tv=1_740_000, petty_cash=20_000)
    assert plan_post_match(rs, report, MatchDice(base_dice())).effect("se:home").total == 0
    literal = rs.with_overrides({"se_tv_includes_petty_cash": True})
    assert plan_post_match(literal, report, MatchDice(base_dice())).effect("se:home").total == 10_000


@pytest.mark.parametrize(
    ("home_score", "away_score", "dice", "ff", "delta"),
    [
        (1, 0, (2, 2, 2), 5, 1),
        (1, 0, (1, 2, 2), 5, 0),
        (1, 0, (1, 1, 1), 5, 0),  # winner: 3D6 > FF up, never down
        (0, 1, (1, 2), 5, -1),
        (0, 1, (3, 2), 5, 0),
        (0, 1, (6, 6), 5, 0),  # loser: 2D6 < FF down, never up
        (0, 0, (6, 1), 5, 1),
        (0, 0, (2, 2), 5, -1),
        (0, 0, (3, 2), 5, 0),  # draw: both ways
        (0, 1, (1, 1), 0, 0),
    ],
)  # never below 0
def test_fan_factor_roll(
    rs: Ruleset, home_score: int, away_score: int, dice: tuple[int, ...], ff: int, delta: int
) -> None:
    report = with_side(with_side(match(), "home", score=home_score, fan_factor=ff), "away", score=away_score)
    extra = {"ff:home": dice, "ff:away": (1, 1, 1) if away_score > home_score else (3, 3)}
    choices = {}
    if home_score != away_score:
        choices[f"winnings_reroll:{'home' if home_score > away_score else 'away'}"] = False
    plan = plan_post_match(rs, report, MatchDice(base_dice(extra)), Decisions(choices))
    assert (plan.effect("ff:home").delta, plan.effect("ff:home").total) == (delta, ff + delta)
