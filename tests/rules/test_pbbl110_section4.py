"""PBBL Living Rulebook 1.10 against the seed: one test per line of the PBBL column of the
comparison table (shared/rules/pbbl-house-dungeonbowl.md §4), with the seed's own numbers and
examples (seed 001; P<page>/L<line>). Lines the app does not build (special play cards, trades
between coaches) are listed in docs/decisions/rules.md, "PBBL lines not built", not tested here.
"""

from __future__ import annotations

import pytest

from league.rules import (
    BankParameters,
    Ruleset,
    TeamFacts,
    inducement_price,
    load_ruleset,
    mercenary_price,
    reroll_purchase_price,
    spiralling_expenses,
    star_price,
    team_value,
    winnings,
)
from league.rules.postmatch import (
    CasualtyReport,
    Decisions,
    MatchDice,
    PlayerReport,
    plan_post_match,
    resolve_casualty,
)
from league.rules.prematch import InducementOrder, Mercenary, check_inducements, inducement_budgets

from .postmatch_helpers import base_dice, match, side


@pytest.fixture(scope="module")
def pb() -> Ruleset:
    return load_ruleset("pbbl110")


def test_starting_gold_and_roster_size(pb: Ruleset) -> None:  # P17/L42, P31/L70
    p = pb.params
    assert (p.starting_treasury, p.roster_min_players, p.roster_max_players) == (1_000_000, 11, 16)


def test_fan_factor_at_creation(pb: Ruleset) -> None:  # P17/L42: 0 + up to 9 at 10,000
    p = pb.params
    assert (p.fan_factor_min_at_creation, p.fan_factor_max_at_creation, p.fan_factor_cost) == (0, 9, 10_000)


def test_a_reroll_bought_later_costs_double_and_adds_the_list_price(pb: Ruleset) -> None:  # P38/L84 step 6
    assert reroll_purchase_price(pb, "human", at_creation=True) == 50_000
    assert reroll_purchase_price(pb, "human", at_creation=False) == 100_000
    one = TeamFacts("human", 1, 0, 0, 0, False, ())
    assert team_value(pb, one) == 50_000


def test_team_value_holds_the_treasury_not_the_bank(pb: Ruleset) -> None:  # P32/L72
    facts = TeamFacts("human", 2, 3, 1, 0, True, (), treasury=120_000)
    # 2 re-rolls at 50,000 + FF 3 x 10,000 + an assistant 10,000 + apothecary 50,000 + the treasury.
    assert team_value(pb, facts) == 100_000 + 30_000 + 10_000 + 50_000 + 120_000
    lrb6 = load_ruleset("lrb6")
    assert team_value(lrb6, TeamFacts("human", 2, 3, 1, 0, True, (), treasury=120_000)) == 190_000


def test_a_bank_of_at_most_100000_and_no_petty_cash(pb: Ruleset) -> None:  # P31-32/L70-72, P35/L78
    bank = pb.group(BankParameters)
    assert bank is not None and bank.max_balance == 100_000 and bank.pays_spiralling_expenses
    assert "bank" in pb.post_match_steps and "petty_cash_return" not in pb.post_match_steps
    assert "petty_cash" not in pb.pre_match_steps
    assert pb.post_match_steps.index("fan_factor") < pb.post_match_steps.index("bank")  # step 5
    assert pb.post_match_steps.index("bank") < pb.post_match_steps.index("purchases")  # before step 6


def test_inducement_gold_is_the_difference_and_treasury_gold_adds(pb: Ruleset) -> None:  # P35/L78
    budgets = inducement_budgets(pb, home_tv=1_350_000, away_tv=1_200_000, away_treasury=40_000)
    assert budgets.underdog == "away" and budgets.inducement_money == 150_000
    assert budgets.buys_first == "home"  # the stronger team spends its treasury gold first
    assert budgets.budget("away") == 190_000 and budgets.away_match_tv == 1_200_000  # TV unchanged


def test_semi_finals_and_final_no_inducement_gold_but_any_inducement_from_the_treasury(pb: Ruleset) -> None:
    # P40/L88: no inducement gold; both coaches may buy inducements with treasury (not bank) gold.
    budgets = inducement_budgets(pb, home_tv=1_500_000, away_tv=1_200_000, final=True, away_treasury=300_000)
    assert budgets.inducement_money == 0 and budgets.budget("away") == 300_000
    order = InducementOrder(stars=("mighty_zug",), mercenaries=(Mercenary("lineman"),))
    found = check_inducements(pb, team_key="human", roster_size=12, order=order, budget=300_000, final=True)
    assert [v.code for v in found] == []


def test_mercenaries_take_one_or_two_extra_skills_at_50000_each(pb: Ruleset) -> None:  # P36/L80
    lineman = pb.team("human").position("lineman")
    assert mercenary_price(pb, lineman, 0) == 80_000  # the seed's example: Human lineman = 80,000
    assert mercenary_price(pb, lineman, 1) == 130_000  # "with Tackle = 130,000"
    assert mercenary_price(pb, lineman, 2) == 180_000
    two = InducementOrder(mercenaries=(Mercenary("lineman", "tackle", ("block",)),))
    assert check_inducements(pb, team_key="human", roster_size=12, order=two, budget=180_000) == ()
    three = InducementOrder(mercenaries=(Mercenary("lineman", "tackle", ("block", "dodge")),))
    codes = [v.code for v in check_inducements(pb, team_key="human", roster_size=12, order=three, budget=900_000)]
    assert "mercenary_too_many_skills" in codes


def test_star_players_zero_to_two(pb: Ruleset) -> None:  # P36/L80, P59-60/L126-128
    assert pb.inducements["star_players"].max_count == 2
    assert star_price(pb, "brick_farth") == 290_000 and star_price(pb, "thrud_the_barbarian") == 100_000
    assert star_price(pb, "scrappa_sorehead") == 50_000  # A4: really 50,000 in this text


def test_wizard_costs_180000(pb: Ruleset) -> None:  # P36/L80
    wizard = pb.inducements["wizard"]
    assert (wizard.max_count, inducement_price(pb, "wizard", "human")) == (1, 180_000)


def test_healer_and_chirurgeon_replace_igor_and_wandering_apothecaries(pb: Ruleset) -> None:  # P36/L80
    assert inducement_price(pb, "healer", "human") == inducement_price(pb, "chirurgeon", "undead") == 50_000
    assert pb.inducements["healer"].max_count == pb.inducements["chirurgeon"].max_count == 1
    assert "igor" not in pb.inducements and "wandering_apothecaries" not in pb.inducements
    healer_for_undead = InducementOrder(items={"healer": 1})
    codes = [
        v.code for v in check_inducements(pb, team_key="undead", roster_size=12, order=healer_for_undead, budget=10**6)
    ]
    assert codes  # only teams allowed an apothecary may hire a Healer
    chirurgeon = InducementOrder(items={"chirurgeon": 1})
    assert check_inducements(pb, team_key="undead", roster_size=12, order=chirurgeon, budget=50_000) == ()


def test_other_inducements(pb: Ruleset) -> None:  # P36-37/L80-82
    assert (pb.inducements["bloodweiser_babes"].max_count, inducement_price(pb, "bloodweiser_babes", "orc")) == (
        2,
        50_000,
    )
    assert inducement_price(pb, "bribes", "goblin") == inducement_price(pb, "bribes", "human") == 100_000
    assert pb.inducements["bribes"].max_count == 3
    assert (pb.inducements["extra_training"].max_count, inducement_price(pb, "extra_training", "elf")) == (4, 100_000)
    assert inducement_price(pb, "halfling_master_chef", "halfling") == 100_000
    assert inducement_price(pb, "halfling_master_chef", "human") == 300_000


def test_spp_awards(pb: Ruleset) -> None:  # P33/L74
    assert dict(pb.spp_awards) == {"completion": 1, "touchdown": 3, "interception": 2, "casualty": 2, "mvp": 5}


def test_levels(pb: Ruleset) -> None:  # P34/L76 (middle bounds rebuilt from LRB6, A3)
    assert [(lv.spp_min, lv.improvement_rolls) for lv in pb.spp_levels] == [
        (0, 0),
        (6, 1),
        (16, 2),
        (31, 3),
        (51, 4),
        (76, 5),
        (176, 6),
    ]


def test_improvement_table_costs_and_limits(pb: Ruleset) -> None:  # P34/L76
    by_roll = {roll: r.key for r in pb.improvement_table for roll in range(r.roll_from, r.roll_to + 1)}
    assert {by_roll[n] for n in range(2, 10)} == {"new_skill"}
    assert [r.stat_options for r in pb.improvement_table if r.roll_from >= 10] == [("ma", "av"), ("ag",), ("st",)]
    assert dict(pb.value_increases) == {
        "new_skill": 20_000,
        "new_skill_double": 30_000,
        "ma_increase": 30_000,
        "av_increase": 30_000,
        "ag_increase": 40_000,
        "st_increase": 50_000,
    }
    p = pb.params
    assert (p.stat_max_increase, p.stat_max_value, p.stat_max_decrease, p.stat_min_value) == (2, 10, 2, 1)


def test_no_ageing(pb: Ruleset) -> None:
    assert "ageing" not in pb.post_match_steps


def test_casualty_table(pb: Ruleset) -> None:  # P32/L72, ranges 11-38 and 61-68 rebuilt (A3)
    t = pb.casualty_table
    assert t[38].key == "badly_hurt" and not t[38].misses_next_game
    assert t[43].key == "gouged_eye" and t[43].misses_next_game
    assert t[51].niggling and t[51].misses_next_game
    assert (t[53].stat, t[55].stat, t[57].stat, t[58].stat) == ("ma", "av", "ag", "st")
    assert t[61].dead and t[68].dead


def test_the_apothecary_re_roll_stands_only_when_lower(pb: Ruleset) -> None:  # P18/L44
    worse = CasualtyReport(rolls=((5, 7),), apothecary_reroll=(6, 1), apothecary_kept_reroll=True)
    assert [r.key for r in resolve_casualty(pb, worse).results] == [pb.casualty_table[57].key]
    better = CasualtyReport(rolls=((5, 7),), apothecary_reroll=(4, 1), apothecary_kept_reroll=False)
    assert [r.key for r in resolve_casualty(pb, better).results] == [pb.casualty_table[41].key]


def test_mvp(pb: Ruleset) -> None:  # P33/L74: one random eligible player per team
    assert (pb.params.mvps_per_team, pb.params.mvp_mode) == (1, "random")


def test_winnings_bonus_for_a_win_only(pb: Ruleset) -> None:  # P38/L84 step 2
    assert winnings(pb, roll=3, fame=1, outcome="win") == 50_000
    assert winnings(pb, roll=3, fame=1, outcome="draw") == winnings(pb, roll=3, fame=1, outcome="loss") == 40_000
    # A9: a semi-final or final doubles the whole winnings, the Blood Bowl holder's 20,000 after.
    assert winnings(pb, roll=3, fame=1, outcome="win", multiplier=2, bonus=20_000) == 120_000
    assert winnings(load_ruleset("lrb6"), roll=3, fame=1, outcome="draw") == 50_000


@pytest.mark.parametrize(
    ("tv", "owed"),
    [
        (1_500_000, 0),
        (1_510_000, 10_000),
        (1_700_000, 10_000),
        (1_720_000, 20_000),
        (1_900_000, 20_000),
        (1_910_000, 30_000),
    ],
)
def test_spiralling_expenses_strictly_above_per_200000_or_part(pb: Ruleset, tv: int, owed: int) -> None:
    assert spiralling_expenses(pb, tv) == owed  # P38/L84 step 3; 1,720,000 pays 20,000 (the book's example)


def test_no_fan_factor_roll_after_a_draw_and_2d6_for_both_otherwise(pb: Ruleset) -> None:  # P38/L84 step 4
    report = match(side("human", "h"), side("orc", "a"))  # 0-0
    plan = plan_post_match(pb, report, MatchDice(base_dice(drop=("ff:home", "ff:away"))), Decisions())
    assert not plan.by_step("fan_factor")
    scorer = PlayerReport("hT1", "lineman", touchdowns=1)
    won = match(side("human", "h", scorer, score=1, fan_factor=5), side("orc", "a", fan_factor=5))
    dice = base_dice({"ff:home": (3, 4), "ff:away": (1, 2)})  # 7 > 5: +1; 3 < 5: -1
    plan = plan_post_match(pb, won, MatchDice(dice), Decisions({"winnings_reroll:home": False}))
    assert plan.effect("ff:home").delta == 1 and plan.effect("ff:away").delta == -1


def test_conceding_as_lrb6(pb: Ruleset) -> None:  # P16/L40, P38/L84: the same text as LRB6
    lrb6 = load_ruleset("lrb6").params
    p = pb.params
    assert (p.concession_spp_leave_threshold, p.concession_leave_on_d6_max, p.justified_concession_max_players) == (
        lrb6.concession_spp_leave_threshold,
        lrb6.concession_leave_on_d6_max,
        lrb6.justified_concession_max_players,
    )


def test_spike_trophy_gives_a_fan_factor_point_not_a_gate_bonus(pb: Ruleset) -> None:  # P40/L88
    spike = pb.trophies["spike"]
    assert spike.fan_factor_bonus == 1 and spike.gate_roll_bonus == 0


def test_dungeonbowl_wizard_costs_50000(pb: Ruleset) -> None:  # P36/L80
    assert inducement_price(pb, "wizard", "human", pb.trophies["dungeonbowl"].inducement_prices) == 50_000


def test_league_points_schemes(pb: Ruleset) -> None:  # P41/L90; A7: "3/1/1" offered, 3/1/0 by default
    schemes = {key: (s.win, s.draw, s.loss) for key, s in pb.standings_schemes.items()}
    assert schemes["w3d1l1"] == (3, 1, 1) and schemes["w5d3l1"] == (5, 3, 1) and schemes["w3d1l0"] == (3, 1, 0)
    assert pb.default_standings_scheme == "w3d1l0"


def test_weather(pb: Ruleset) -> None:  # P21/L50; Nice 4-10 rebuilt (A3)
    keys = {roll: e.key for e in pb.weather_table for roll in range(e.roll_from, e.roll_to + 1)}
    assert (keys[2], keys[3], keys[11], keys[12]) == ("sweltering_heat", "very_sunny", "pouring_rain", "blizzard")
    assert {keys[n] for n in range(4, 11)} == {"nice"}
