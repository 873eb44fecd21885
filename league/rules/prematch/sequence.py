"""Before the kick-off: weather, petty cash, inducement money and journeymen (spec §6, seed 000 p.28).

The weather is a table-roll step declared in data (tables.py); the others are registered here.

Inducement orders and their checks live in induce.py; they are re-exported here so that the web
layer finds the whole pre-match sequence in one module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..catalogue.team_building import rookies_allowed
from ..catalogue.value import match_team_value
from ..dice import Dice
from ..postmatch.finance import Side
from ..registry import pre_match_step
from ..ruleset import Ruleset
from ..types import Position, TableEntry
from .induce import InducementOrder, Mercenary, check_inducements, inducement_cost
from .inducements import inducement_money
from .tables import PreMatchRoll, is_table_step, pre_match_table, roll_table, table_result

__all__ = [
    "InducementBudgets",
    "InducementOrder",
    "Mercenary",
    "PreMatchRoll",
    "WeatherRoll",
    "check_inducements",
    "inducement_budgets",
    "inducement_cost",
    "inducement_turn",
    "is_table_step",
    "journeyman_positions",
    "journeymen_needed",
    "petty_cash_order",
    "petty_cash_spent",
    "petty_cash_turn",
    "pre_match_table",
    "roll_table",
    "roll_weather",
    "rookies_needed",
    "table_result",
]


@dataclass(frozen=True, slots=True)
class WeatherRoll:
    dice: tuple[int, int]  # one 2D6 is stored: p.20 (each coach a D6) and p.28 (one coach 2D6) agree (A15)
    result: TableEntry


def roll_weather(ruleset: Ruleset, dice: Dice) -> WeatherRoll:
    """The weather, a table-roll step its ruleset declares in data ([pre_match_tables.weather])."""
    rolled = roll_table(ruleset, "weather", dice)
    return WeatherRoll(rolled.dice, rolled.result)


@pre_match_step("petty_cash")
def petty_cash_order(home_tv: int, away_tv: int) -> tuple[Side, Side]:
    """Who declares petty cash first: the side with the higher roster TV (p.28 L3619-3621).

    The rulebook names no order for equal TVs; home declares first then, a stable choice that the
    web layer can announce before either coach decides.
    """
    return ("away", "home") if away_tv > home_tv else ("home", "away")


def petty_cash_turn(order: tuple[Side, Side], declared: Mapping[Side, bool]) -> Side | None:
    """Whose turn it is to declare petty cash: the first side of `order` (petty_cash_order) until
    it has declared, then the other; None once both have. The second decides knowing the first's
    amount, as at the table (p.28 L3619-3621)."""
    for side in order:
        if not declared.get(side):
            return side
    return None


@dataclass(frozen=True, slots=True)
class InducementBudgets:
    home_match_tv: int
    away_match_tv: int
    underdog: Side | None  # None when the match TVs are equal
    inducement_money: int  # what the underdog receives (0 in a semi-final or final)
    buys_first: Side
    home_budget: int  # what each side may spend: its inducement money + its petty cash
    away_budget: int

    def budget(self, side: Side) -> int:
        return self.home_budget if side == "home" else self.away_budget

    def money(self, side: Side) -> int:
        """Inducement money of `side` (never banked: what is not spent is lost)."""
        return self.inducement_money if side == self.underdog else 0


@pre_match_step("inducements")
def inducement_budgets(
    ruleset: Ruleset,
    *,
    home_tv: int,
    away_tv: int,
    home_petty_cash: int = 0,
    away_petty_cash: int = 0,
    final: bool = False,
    home_treasury: int = 0,
    away_treasury: int = 0,
) -> InducementBudgets:
    """Match TVs, the underdog's money and the spending limits (p.28 L3622-3644, spec A2).

    Underdog status and the buying order use match TV (petty cash included): the stronger side buys
    first with its petty cash only. In a semi-final or final (A8) there is no inducement money, and
    under final_inducements = "none" nothing may be bought at all.

    A ruleset without a petty cash step (PBBL P35/L78) lets each coach add treasury gold instead:
    `home_treasury`/`away_treasury`, what each side's treasury holds, counts in its budget but not in
    its match TV (that team value already holds the treasury).
    """
    home_match, away_match = match_team_value(home_tv, home_petty_cash), match_team_value(away_tv, away_petty_cash)
    home_money, away_money = inducement_money(home_match, away_match)
    underdog: Side | None = "home" if home_money else "away" if away_money else None
    money = 0 if final else home_money + away_money
    # Equal match TVs: nobody is stronger; home buys first, as it declared petty cash first on a tie.
    buys_first: Side = "away" if underdog == "home" else "home"
    if final and ruleset.params.final_inducements == "none":
        home_budget = away_budget = 0
    else:
        home_budget = home_petty_cash + home_treasury + (money if underdog == "home" else 0)
        away_budget = away_petty_cash + away_treasury + (money if underdog == "away" else 0)
    return InducementBudgets(home_match, away_match, underdog, money, buys_first, home_budget, away_budget)


def inducement_turn(budgets: InducementBudgets, declared: Mapping[Side, bool]) -> Side | None:
    """Whose turn it is to choose inducements: the stronger side first (LRB6 p.28 L3642-3644; PBBL
    P35/L78: "if the stronger team wants to buy with treasury gold, it buys first"), then the
    underdog, who buys knowing what the other bought. A side with no gold to spend has nothing to
    choose and is passed over; None once both have chosen."""
    first = budgets.buys_first
    second: Side = "home" if first == "away" else "away"
    for side in (first, second):
        if not declared.get(side) and budgets.budget(side) > 0:
            return side
    return None


def petty_cash_spent(budgets: InducementBudgets, side: Side, cost: int) -> int:
    """Petty cash used by inducements costing `cost`: the inducement money goes first, because
    what is left of it is lost while unspent petty cash returns to the treasury (p.29 L3738-3740)."""
    if cost < 0:
        raise ValueError(f"an inducement cost cannot be negative, got {cost}")
    return max(cost - budgets.money(side), 0)


@pre_match_step("journeymen")
def journeymen_needed(ruleset: Ruleset, available_players: int) -> int:
    """Free journeymen a team may add: up to journeyman_fill_to players available for the next match
    (p.29 L3746-3755). Players missing the next match do not count as available."""
    if available_players < 0:
        raise ValueError(f"available players cannot be negative, got {available_players}")
    return max(ruleset.params.journeyman_fill_to - available_players, 0)


def journeyman_positions(ruleset: Ruleset, team_key: str) -> tuple[Position, ...]:
    """Positions a journeyman may come from (0-16 / 0-12 positions), cheapest first: the first one
    is the default, since a journeyman counts at its rookie cost in TV."""
    positions = ruleset.team(team_key).journeyman_positions
    return tuple(sorted(positions, key=lambda pos: pos.cost))  # sorted() is stable: data order on ties


@pre_match_step("rookies")
def rookies_needed(ruleset: Ruleset, available_players: int) -> int:
    """Free rookies the pre-match adds instead of journeymen (seed 002 H:L9-15, spec §2.6 "rookies
    are topped up to 11"): up to the [parameters.rookies] fill_to players able to play."""
    return rookies_allowed(ruleset, available_players)
