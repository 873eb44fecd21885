"""Every rule number is a ruleset parameter; house rules are validated overrides."""

from __future__ import annotations

import csv
import tomllib
from dataclasses import fields

import pytest

from league.rules import Parameters, Ruleset, RulesetParameterError
from league.rules.loading.loader import DATA_DIR

SHARED_LEAGUE_RULES = {  # tables/league_rules.csv of the facts dataset (seed 000 p.16-29)
    "starting_treasury": 1000000,
    "roster_min_players": 11,
    "roster_max_players": 16,
    "fan_factor_cost": 10000,
    "fan_factor_max_at_creation": 9,
    "assistant_coach_cost": 10000,
    "cheerleader_cost": 10000,
    "apothecary_cost": 50000,
    "apothecary_max": 1,
    "reroll_cost_multiplier_after_creation": 2,
    "winnings_per_point": 10000,
    "winnings_bonus_win_or_draw": 10000,
    "spiralling_expenses_threshold": 1750000,
    "spiralling_expenses_band": 150000,
    "spiralling_expenses_step": 10000,
    "stat_max_increase": 2,
    "stat_max_value": 10,
    "stat_max_decrease": 2,
    "stat_min_value": 1,
    "mercenary_extra_cost": 30000,
    "mercenary_extra_skill_cost": 50000,
    "max_rerolls": 8,
    "concession_spp_leave_threshold": 51,
    "journeyman_fill_to": 11,
}


@pytest.mark.parametrize(("name", "value"), sorted(SHARED_LEAGUE_RULES.items()))
def test_league_rules_are_parameters(rs: Ruleset, name: str, value: int) -> None:
    assert getattr(rs.params, name) == value


def test_toml_holds_exactly_the_parameters() -> None:
    document = tomllib.loads((DATA_DIR / "lrb6" / "ruleset.toml").read_text(encoding="utf-8"))
    values = document["parameters"]
    # Its sub-tables are optional groups (the special play cards' options, the dead raised...), not core parameters.
    groups = {key for key, value in values.items() if isinstance(value, dict)}
    assert set(values) - groups == {f.name for f in fields(Parameters)}
    assert groups == {"cards", "raise_dead", "nurgles_rot"}
    assert document["ruleset"]["key"] == "lrb6"


def test_recommended_readings_are_the_defaults(rs: Ruleset) -> None:
    p = rs.params
    assert (p.se_tv_includes_petty_cash, p.mvp_mode, p.free_fan_factor, p.justified_concession_penalties) == (
        False,
        "random",
        False,
        False,
    )
    assert p.ignored_injury_misses_next_game and p.final_inducements == "none"


def test_no_spiralling_band_table_shipped() -> None:
    assert not (DATA_DIR / "lrb6" / "spiralling_expenses.csv").exists()
    for path in (DATA_DIR / "lrb6").glob("*.csv"):
        with path.open(encoding="utf-8", newline="") as handle:
            assert "tv_min" not in (csv.DictReader(handle).fieldnames or [])


def test_with_overrides_accepted(rs: Ruleset) -> None:
    house = rs.with_overrides({"mvp_mode": "chosen", "free_fan_factor": True, "starting_treasury": 1100000})
    assert (house.params.mvp_mode, house.params.free_fan_factor, house.params.starting_treasury) == (
        "chosen",
        True,
        1100000,
    )
    assert house.teams is rs.teams and house.casualty_table is rs.casualty_table  # tables shared
    assert rs.params.mvp_mode == "random"  # the cached ruleset is untouched
    assert dict(house.with_overrides({"max_rerolls": 6}).overrides) == {
        "mvp_mode": "chosen",
        "free_fan_factor": True,
        "starting_treasury": 1100000,
        "max_rerolls": 6,
    }


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"starting_gold": 1}, "unknown parameter 'starting_gold'"),
        ({"free_fan_factor": "yes"}, "'free_fan_factor' must be bool"),
        ({"roster_max_players": True}, "'roster_max_players' must be int"),
        ({"roster_max_players": 16.0}, "'roster_max_players' must be int"),
        ({"mvp_mode": "best"}, "'mvp_mode' must be one of random, chosen, random_living"),
        ({"apothecary_cost": 45000}, "'apothecary_cost' = 45000 is not a multiple of 10000 gp"),
        ({"spiralling_expenses_band": 0}, "'spiralling_expenses_band' must be greater than 0"),
        ({"journeyman_fill_to": -1}, "'journeyman_fill_to' must not be negative"),
    ],
)
def test_with_overrides_refused(rs: Ruleset, overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RulesetParameterError, match=message):
        rs.with_overrides(overrides)


def test_the_free_fan_factor_option_replaces_buying_it(rs: Ruleset) -> None:
    from league.rules.catalogue.team_building import NewTeam, check_new_team, fan_factor_for_sale, starting_fan_factor

    linemen = {"lineman": 11}
    assert fan_factor_for_sale(rs) and starting_fan_factor(rs, 3) == 3
    assert check_new_team(rs, NewTeam("human", linemen, fan_factor=3)) == ()
    free = rs.with_overrides({"free_fan_factor": True})
    assert not fan_factor_for_sale(free) and starting_fan_factor(free, 0) == free.params.free_fan_factor_start == 5
    (violation,) = check_new_team(free, NewTeam("human", linemen, fan_factor=3))
    assert (violation.code, dict(violation.params)) == ("fan_factor_free", {"free": 5, "count": 3})
    assert check_new_team(free, NewTeam("human", linemen)) == ()
