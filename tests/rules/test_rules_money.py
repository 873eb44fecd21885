"""Team value, spiralling expenses, winnings and inducements against seed 000's numbers."""

from __future__ import annotations

import pytest

from league.rules import (
    DiceError,
    PlayerFacts,
    Ruleset,
    TeamFacts,
    inducement_allowed,
    inducement_money,
    inducement_price,
    match_team_value,
    match_winnings,
    mercenary_price,
    player_value,
    reroll_purchase_price,
    spiralling_expenses,
    spiralling_expenses_basis,
    spiralling_expenses_paid,
    star_allowed,
    star_price,
    team_value,
    winnings,
)

# --- player value (p.27) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("improvements", "value"),
    [
        ((), 90000),
        (("new_skill",), 110000),
        (("new_skill_double",), 120000),
        (("ma_increase",), 120000),
        (("av_increase",), 120000),
        (("ag_increase",), 130000),
        (("st_increase",), 140000),
        (("new_skill", "new_skill", "st_increase"), 180000),
    ],
)
def test_player_value(rs: Ruleset, improvements: tuple[str, ...], value: int) -> None:
    assert player_value(rs, position_cost=90000, improvements=improvements) == value


def test_value_increases_table(rs: Ruleset) -> None:
    assert dict(rs.value_increases) == {
        "new_skill": 20000,
        "new_skill_double": 30000,
        "ma_increase": 30000,
        "av_increase": 30000,
        "ag_increase": 40000,
        "st_increase": 50000,
    }


def test_player_value_unknown_improvement(rs: Ruleset) -> None:
    with pytest.raises(ValueError, match="unknown improvement 'injury'"):
        player_value(rs, position_cost=50000, improvements=["injury"])


# --- team value (§2) -------------------------------------------------------------------------------


def _human_roster(rs: Ruleset) -> tuple[PlayerFacts, ...]:
    human = rs.team("human")
    counts = {"lineman": 6, "blitzer": 4, "thrower": 1, "catcher": 2}  # 13 players, 870,000
    return tuple(PlayerFacts(human.position(k).cost, True) for k, n in counts.items() for _ in range(n))


def test_team_value_of_a_new_human_team(rs: Ruleset) -> None:
    players = _human_roster(rs)
    assert sum(p.value for p in players) == 870000
    facts = TeamFacts(
        "human", rerolls=2, fan_factor=3, assistant_coaches=0, cheerleaders=0, apothecary=False, players=players
    )
    assert team_value(rs, facts) == 870000 + 2 * 50000 + 3 * 10000 == 1000000


def test_team_value_skips_unavailable_players_and_counts_staff(rs: Ruleset) -> None:
    players = _human_roster(rs) + (PlayerFacts(140000, False),)  # injured (MNG) ogre does not count
    improved = (PlayerFacts(player_value(rs, position_cost=90000, improvements=["new_skill"]), True),)
    facts = TeamFacts(
        "human",
        rerolls=3,
        fan_factor=5,
        assistant_coaches=2,
        cheerleaders=3,
        apothecary=True,
        players=players + improved,
    )
    assert team_value(rs, facts) == 870000 + 110000 + 150000 + 50000 + 20000 + 30000 + 50000


def test_free_fan_factor_house_rule(rs: Ruleset) -> None:
    facts = TeamFacts("orc", rerolls=1, fan_factor=4, assistant_coaches=0, cheerleaders=0, apothecary=False, players=())
    assert team_value(rs, facts) == 60000 + 40000
    assert team_value(rs.with_overrides({"free_fan_factor": True}), facts) == 60000


def test_match_team_value_and_reroll_prices(rs: Ruleset) -> None:
    assert match_team_value(1000000, 50000) == 1050000
    with pytest.raises(ValueError):
        match_team_value(1000000, -1)
    assert reroll_purchase_price(rs, "orc", at_creation=True) == 60000
    assert reroll_purchase_price(rs, "orc", at_creation=False) == 120000  # p.29: double, TV +60,000 only


# --- spiralling expenses (p.29) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tv", "expense"),
    [
        (0, 0),
        (1000000, 0),
        (1740000, 0),
        (1750000, 10000),
        (1890000, 10000),
        (1900000, 20000),
        (2040000, 20000),
        (2050000, 30000),
        (2190000, 30000),
        (2200000, 40000),
        (2340000, 40000),
        (2350000, 50000),
        (2490000, 50000),
        (2500000, 60000),
        (2640000, 60000),
        (2650000, 70000),
        (2790000, 70000),
        (2800000, 80000),
    ],
)
def test_spiralling_expense_band_edges(rs: Ruleset, tv: int, expense: int) -> None:
    assert spiralling_expenses(rs, tv) == expense
    assert spiralling_expenses(rs.params, tv) == expense


@pytest.mark.parametrize(("treasury", "paid"), [(100000, 20000), (20000, 20000), (15000, 15000), (0, 0), (-5, 0)])
def test_spiralling_expenses_never_below_zero_treasury(rs: Ruleset, treasury: int, paid: int) -> None:
    assert spiralling_expenses_paid(rs, 1900000, treasury) == paid


def test_spiralling_expenses_are_parameters(rs: Ruleset) -> None:
    house = rs.with_overrides(
        {
            "spiralling_expenses_threshold": 2000000,
            "spiralling_expenses_band": 100000,
            "spiralling_expenses_step": 20000,
        }
    )
    assert spiralling_expenses(house, 1990000) == 0
    assert spiralling_expenses(house, 2000000) == 20000
    assert spiralling_expenses(house, 2100000) == 40000


def test_spiralling_expenses_basis(rs: Ruleset) -> None:
    # §14 A1: by default the pre-match roster TV without petty cash; the literal reading adds it.
    assert spiralling_expenses_basis(rs, roster_tv=1740000, petty_cash=20000) == 1740000
    literal = rs.with_overrides({"se_tv_includes_petty_cash": True})
    assert spiralling_expenses_basis(literal, roster_tv=1740000, petty_cash=20000) == 1760000


# --- winnings (p.29 step 2, concession p.29) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "fame", "outcome", "expected"),
    [
        (1, 0, "loss", 10000),
        (6, 2, "loss", 80000),
        (3, 1, "win", 50000),
        (3, 1, "draw", 50000),
        (6, 2, "win", 90000),
        (1, 0, "draw", 20000),
    ],
)
def test_winnings(rs: Ruleset, roll: int, fame: int, outcome: str, expected: int) -> None:
    assert winnings(rs, roll=roll, fame=fame, outcome=outcome) == expected


def test_winnings_modifiers_and_concession(rs: Ruleset) -> None:
    assert winnings(rs, roll=4, fame=1, outcome="loss", conceded=True) == 0
    assert winnings(rs, roll=4, fame=1, outcome="win", multiplier=2) == 120000  # semi-final / final
    assert winnings(rs, roll=4, fame=1, outcome="win", multiplier=2, bonus=20000) == 140000
    with pytest.raises(DiceError):
        winnings(rs, roll=7, fame=0, outcome="win")
    with pytest.raises(ValueError, match="outcome"):
        winnings(rs, roll=3, fame=0, outcome="tie")


def test_match_winnings_without_concession(rs: Ruleset) -> None:
    result = match_winnings(rs, home_roll=4, home_fame=1, away_roll=2, away_fame=0, home_score=1, away_score=1)
    assert (result.home.received, result.away.received, result.transferred) == (60000, 30000, 0)
    assert result.home.outcome == result.away.outcome == "draw"


def test_match_winnings_conceder_hands_over_its_winnings(rs: Ruleset) -> None:
    # The away team concedes while leading: the home team wins and takes the away team's winnings.
    result = match_winnings(
        rs, home_roll=3, home_fame=0, away_roll=5, away_fame=1, home_score=0, away_score=1, conceded_by="away"
    )
    assert result.home.outcome == "win" and result.away.outcome == "loss"
    assert result.away.earned == 60000 and result.away.received == 0
    assert result.transferred == 60000
    assert result.home.received == 40000 + 60000
    assert result.concession_penalised and result.side("away").conceded


def test_justified_concession_transfers_nothing_by_default(rs: Ruleset) -> None:
    kwargs = dict(
        home_roll=3,
        home_fame=0,
        away_roll=5,
        away_fame=1,
        home_score=0,
        away_score=0,
        conceded_by="home",
        justified=True,
    )
    result = match_winnings(rs, **kwargs)  # type: ignore[arg-type]
    assert (result.home.received, result.away.received, result.transferred) == (0, 70000, 0)
    strict_rules = rs.with_overrides({"justified_concession_penalties": True})
    strict = match_winnings(strict_rules, **kwargs)  # type: ignore[arg-type]
    assert (strict.home.received, strict.away.received, strict.transferred) == (0, 70000 + 30000, 30000)


# --- inducements (p.28) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "money"),
    [(1000000, 1250000, (250000, 0)), (1250000, 1000000, (0, 250000)), (1100000, 1100000, (0, 0))],
)
def test_inducement_money(a: int, b: int, money: tuple[int, int]) -> None:
    assert inducement_money(a, b) == money


def test_inducement_money_uses_match_tv_with_petty_cash() -> None:
    assert inducement_money(match_team_value(1000000, 100000), match_team_value(1250000, 0)) == (150000, 0)


@pytest.mark.parametrize(
    ("key", "team", "price"),
    [
        ("bribes", "goblin", 50000),
        ("bribes", "orc", 100000),
        ("halfling_master_chef", "halfling", 100000),
        ("halfling_master_chef", "human", 300000),
        ("bloodweiser_babes", "elf", 50000),
        ("wizard", "dwarf", 150000),
        ("extra_training", "skaven", 100000),
        ("igor", "undead", 100000),
        ("wandering_apothecaries", "human", 100000),
    ],
)
def test_inducement_prices(rs: Ruleset, key: str, team: str, price: int) -> None:
    assert inducement_price(rs, key, team) == price


def test_variable_prices(rs: Ruleset) -> None:
    with pytest.raises(ValueError, match="variable price"):
        inducement_price(rs, "star_players", "human")
    assert star_price(rs, "brick_farth") == 290000  # Grotty comes with him
    assert star_allowed(rs, "griff_oberwald", "human") and not star_allowed(rs, "griff_oberwald", "orc")
    blitzer = rs.team("human").position("blitzer")
    assert mercenary_price(rs, blitzer, extra_skill=False) == 120000
    assert mercenary_price(rs, blitzer, extra_skill=True) == 170000


def test_igor_and_wandering_apothecaries(rs: Ruleset) -> None:
    igor = {team for team in rs.teams if inducement_allowed(rs, "igor", team)}
    assert igor == {"khemri", "necromantic", "nurgle", "undead"}
    apothecaries = {team for team in rs.teams if inducement_allowed(rs, "wandering_apothecaries", team)}
    assert apothecaries == set(rs.teams) - igor
    assert all(inducement_allowed(rs, "star_players", team) for team in rs.teams)
    assert inducement_allowed(rs, "mercenaries", "ogre")
