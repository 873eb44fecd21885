"""Pre-match sequence: weather, petty cash, inducement money and orders, journeymen (spec §6, seed 000 p.28)."""

from __future__ import annotations

import pytest

from league.rules import Ruleset, ScriptedDice
from league.rules.prematch import (
    InducementOrder,
    Mercenary,
    check_inducements,
    inducement_budgets,
    inducement_cost,
    journeyman_positions,
    journeymen_needed,
    petty_cash_order,
    petty_cash_spent,
    roll_weather,
)


def codes(found) -> list[str]:  # type: ignore[no-untyped-def]
    return [v.code for v in found]


# --- weather, petty cash, budgets ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "key"),
    [
        ((1, 1), "sweltering_heat"),
        ((1, 2), "very_sunny"),
        ((3, 4), "nice"),
        ((5, 6), "pouring_rain"),
        ((6, 6), "blizzard"),
    ],
)
def test_roll_weather_keeps_both_dice(rs: Ruleset, dice: tuple[int, int], key: str) -> None:
    roll = roll_weather(rs, ScriptedDice(dice))
    assert roll.dice == dice and roll.result.key == key


@pytest.mark.parametrize(
    ("home", "away", "order"),
    [
        (1_200_000, 1_000_000, ("home", "away")),
        (1_000_000, 1_200_000, ("away", "home")),
        (1_000_000, 1_000_000, ("home", "away")),
    ],
)
def test_higher_roster_tv_declares_petty_cash_first(home: int, away: int, order: tuple[str, str]) -> None:
    assert petty_cash_order(home, away) == order


def test_underdog_gets_the_match_tv_gap(rs: Ruleset) -> None:
    # p.28: 1,000,000 against 1,250,000 gives the weaker side 250,000.
    b = inducement_budgets(rs, home_tv=1_000_000, away_tv=1_250_000)
    assert (b.underdog, b.inducement_money, b.buys_first) == ("home", 250_000, "away")
    assert (b.home_budget, b.away_budget) == (250_000, 0)


def test_petty_cash_counts_in_match_tv_and_budget(rs: Ruleset) -> None:
    b = inducement_budgets(rs, home_tv=1_000_000, away_tv=1_250_000, home_petty_cash=100_000, away_petty_cash=40_000)
    assert (b.home_match_tv, b.away_match_tv) == (1_100_000, 1_290_000)
    assert b.inducement_money == 190_000
    assert (b.home_budget, b.away_budget) == (290_000, 40_000)  # the stronger side spends petty cash only
    assert b.money("home") == 190_000 and b.money("away") == 0


def test_petty_cash_can_change_who_is_stronger(rs: Ruleset) -> None:
    # Spec A2: declaring order by roster TV, buying order and underdog by match TV.
    assert petty_cash_order(1_200_000, 1_250_000) == ("away", "home")
    b = inducement_budgets(rs, home_tv=1_200_000, away_tv=1_250_000, home_petty_cash=100_000)
    assert (b.underdog, b.inducement_money, b.buys_first) == ("away", 50_000, "home")


def test_equal_match_tv_no_money_home_buys_first(rs: Ruleset) -> None:
    b = inducement_budgets(rs, home_tv=1_000_000, away_tv=1_000_000)
    assert (b.underdog, b.inducement_money, b.buys_first, b.home_budget) == (None, 0, "home", 0)


def test_final_has_no_inducement_money(rs: Ruleset) -> None:
    b = inducement_budgets(rs, home_tv=1_000_000, away_tv=1_250_000, home_petty_cash=50_000, final=True)
    assert (b.inducement_money, b.home_budget, b.away_budget) == (0, 0, 0)  # final_inducements = "none"
    relaxed = rs.with_overrides({"final_inducements": "petty_cash_no_stars"})
    b = inducement_budgets(relaxed, home_tv=1_000_000, away_tv=1_250_000, home_petty_cash=50_000, final=True)
    assert (b.inducement_money, b.home_budget, b.away_budget) == (0, 50_000, 0)


@pytest.mark.parametrize(("cost", "spent"), [(0, 0), (100_000, 0), (150_000, 0), (200_000, 50_000)])
def test_inducement_money_is_spent_before_petty_cash(rs: Ruleset, cost: int, spent: int) -> None:
    b = inducement_budgets(rs, home_tv=1_000_000, away_tv=1_250_000, home_petty_cash=100_000)  # money 150,000
    assert petty_cash_spent(b, "home", cost) == spent
    assert petty_cash_spent(b, "away", 0) == 0


# --- journeymen -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("available", "needed"), [(0, 11), (8, 3), (10, 1), (11, 0), (14, 0)])
def test_journeymen_fill_up_to_eleven(rs: Ruleset, available: int, needed: int) -> None:
    assert journeymen_needed(rs, available) == needed


def test_journeyman_positions_cheapest_first(rs: Ruleset) -> None:
    assert [p.key for p in journeyman_positions(rs, "human")] == ["lineman"]
    assert [p.key for p in journeyman_positions(rs, "undead")] == ["skeleton", "zombie"]  # equal cost: data order


# --- inducement orders ----------------------------------------------------------------------------


def check(
    rs: Ruleset,
    team: str,
    order: InducementOrder,
    *,
    roster: int = 12,  # type: ignore[no-untyped-def]
    budget: int = 10_000_000,
    **kw,
):
    return check_inducements(rs, team_key=team, roster_size=roster, order=order, budget=budget, **kw)


@pytest.mark.parametrize(
    ("team", "key", "price"),
    [
        ("goblin", "bribes", 50_000),
        ("human", "bribes", 100_000),
        ("halfling", "halfling_master_chef", 100_000),
        ("human", "halfling_master_chef", 300_000),
    ],
)
def test_special_team_prices(rs: Ruleset, team: str, key: str, price: int) -> None:
    assert inducement_cost(rs, team, InducementOrder({key: 1})) == price


@pytest.mark.parametrize(
    ("team", "key", "allowed"),
    [
        ("khemri", "igor", True),
        ("human", "igor", False),
        ("human", "wandering_apothecaries", True),
        ("undead", "wandering_apothecaries", False),
    ],
)
def test_igor_and_wandering_apothecaries(rs: Ruleset, team: str, key: str, allowed: bool) -> None:
    found = check(rs, team, InducementOrder({key: 1}))
    assert codes(found) == ([] if allowed else ["inducement_not_allowed"])


@pytest.mark.parametrize(
    ("items", "code"),
    [
        ({"bribes": 4}, "inducement_max"),
        ({"bloodweiser_babes": 3}, "inducement_max"),
        ({"cheese": 1}, "unknown_inducement"),
        ({"bribes": -1}, "negative_count"),
        ({"star_players": 1}, "inducement_needs_details"),
    ],
)
def test_item_refusals(rs: Ruleset, items: dict[str, int], code: str) -> None:
    assert codes(check(rs, "human", InducementOrder(items))) == [code]


def test_max_count_is_allowed(rs: Ruleset) -> None:
    order = InducementOrder({"bribes": 3, "extra_training": 4, "bloodweiser_babes": 2, "wizard": 1})
    assert check(rs, "human", order) == ()
    assert inducement_cost(rs, "human", order) == 300_000 + 400_000 + 100_000 + 150_000


def test_star_must_play_for_the_team(rs: Ruleset) -> None:
    found = check(rs, "khemri", InducementOrder(stars=("morg_n_thorg",)))
    assert codes(found) == ["star_not_for_team"] and found[0].params["star"] == "morg_n_thorg"
    assert codes(check(rs, "human", InducementOrder(stars=("nobody",)))) == ["unknown_star"]


def test_at_most_two_stars(rs: Ruleset) -> None:
    assert check(rs, "human", InducementOrder(stars=("morg_n_thorg", "mighty_zug"))) == ()
    found = check(rs, "human", InducementOrder(stars=("morg_n_thorg", "mighty_zug", "zara_the_slayer")))
    assert codes(found) == ["inducement_max"] and found[0].params["count"] == 3
    assert codes(check(rs, "human", InducementOrder(stars=("mighty_zug", "mighty_zug")))) == ["star_twice"]


def test_stars_never_take_the_squad_past_sixteen(rs: Ruleset) -> None:
    assert check(rs, "human", InducementOrder(stars=("morg_n_thorg",)), roster=15) == ()
    found = check(rs, "human", InducementOrder(stars=("morg_n_thorg", "mighty_zug")), roster=15)
    assert codes(found) == ["squad_max"] and dict(found[0].params) == {"max": 16, "count": 17}


def test_brick_and_grotty_one_inducement_two_slots(rs: Ruleset) -> None:
    pair = InducementOrder(stars=("brick_farth",))
    assert inducement_cost(rs, "chaos", pair) == 290_000
    assert check(rs, "chaos", pair, roster=14) == ()
    assert codes(check(rs, "chaos", pair, roster=15)) == ["squad_max"]
    # the pair counts once against the two-star maximum
    assert check(rs, "chaos", InducementOrder(stars=("grotty", "lord_borak_the_despoiler")), roster=11) == ()
    assert codes(check(rs, "chaos", InducementOrder(stars=("brick_farth", "grotty")))) == ["star_twice"]


def test_mercenary_price(rs: Ruleset) -> None:
    assert inducement_cost(rs, "human", InducementOrder(mercenaries=(Mercenary("lineman"),))) == 80_000
    with_skill = InducementOrder(mercenaries=(Mercenary("lineman", "block"),))
    assert inducement_cost(rs, "human", with_skill) == 130_000
    assert check(rs, "human", with_skill) == ()


@pytest.mark.parametrize(
    ("merc", "code"),
    [
        (Mercenary("lineman", "dodge"), "mercenary_skill_not_allowed"),
        (Mercenary("blitzer", "block"), "mercenary_skill_not_allowed"),
        (Mercenary("lineman", "flying"), "unknown_skill"),
        (Mercenary("wizard"), "unknown_position"),
    ],
)
def test_mercenary_refusals(rs: Ruleset, merc: Mercenary, code: str) -> None:
    assert codes(check(rs, "human", InducementOrder(mercenaries=(merc,)))) == [code]


def test_mercenaries_respect_squad_and_position_limits(rs: Ruleset) -> None:
    order = InducementOrder(mercenaries=(Mercenary("blitzer"),))
    assert codes(check(rs, "human", order, roster=16)) == ["squad_max"]
    assert codes(check(rs, "human", order, position_counts={"blitzer": 4})) == ["position_max"]
    assert check(rs, "human", order, position_counts={"blitzer": 3}) == ()


def test_over_budget(rs: Ruleset) -> None:
    order = InducementOrder({"bribes": 1}, stars=("mighty_zug",))
    assert check(rs, "human", order, budget=360_000) == ()
    found = check(rs, "human", order, budget=350_000)
    assert codes(found) == ["over_budget"] and dict(found[0].params) == {"budget": 350_000, "cost": 360_000}


def test_final_inducements(rs: Ruleset) -> None:
    bribe, star = InducementOrder({"bribes": 1}), InducementOrder(stars=("mighty_zug",))
    merc = InducementOrder(mercenaries=(Mercenary("lineman"),))
    assert codes(check(rs, "human", bribe, final=True)) == ["not_in_final"]
    relaxed = rs.with_overrides({"final_inducements": "petty_cash_no_stars"})
    assert check(relaxed, "human", bribe, final=True) == ()
    assert codes(check(relaxed, "human", star, final=True)) == ["not_in_final"]
    assert codes(check(relaxed, "human", merc, final=True)) == ["not_in_final"]


def test_unknown_team(rs: Ruleset) -> None:
    assert codes(check(rs, "elves", InducementOrder())) == ["unknown_team"]


def test_petty_cash_is_declared_in_turn() -> None:
    from league.rules.prematch import petty_cash_turn

    order = petty_cash_order(1_200_000, 1_250_000)  # the away side has the higher TV
    assert petty_cash_turn(order, {}) == "away"
    assert petty_cash_turn(order, {"home": True}) == "away"  # declaring out of turn does not pass it on
    assert petty_cash_turn(order, {"away": True}) == "home"
    assert petty_cash_turn(order, {"away": True, "home": True}) is None
