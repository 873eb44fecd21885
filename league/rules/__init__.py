"""Pure-Python Blood Bowl league rules engine (no Django here: see tests/rules).

Rule numbers live only in the data files under data/<ruleset key>/; every function takes the
Ruleset (or its Parameters) and die values, and returns plain ints or frozen outcome records.
"""

from __future__ import annotations

from .characteristics import Characteristics, StatLimits, StatLine
from .dice import Dice, ScriptedDice, SeededDice, check_die, roll_many
from .errors import DiceError, RulesetDataError, RulesetParameterError
from .fans import FanFactorRoll, fame, fan_factor_change, fan_factor_dice, fans, roll_fan_factor
from .finance import (
    MatchWinnings,
    SideWinnings,
    concession_penalised,
    match_winnings,
    spiralling_expenses,
    spiralling_expenses_basis,
    spiralling_expenses_paid,
    winnings,
)
from .improvements import (
    ImprovementChoice,
    ImprovementOptions,
    available_skills,
    choose_improvement,
    improvement_outcome,
    improvement_value_key,
    roll_improvement,
)
from .inducements import (
    inducement_allowed,
    inducement_money,
    inducement_price,
    mercenary_price,
    star_allowed,
    star_price,
)
from .injuries import InjuryEffect, casualty, casualty_effect, casualty_from_dice, roll_casualty
from .loader import load_ruleset, load_ruleset_from, ruleset_keys
from .parameters import Parameters
from .postmatch import (
    CasualtyReport,
    Decisions,
    Effect,
    InputRequest,
    InvalidInput,
    InvalidReport,
    MatchDice,
    MatchReport,
    MissingInput,
    PlayerReport,
    PostMatchInputError,
    PostMatchPlan,
    SideReport,
    check_report,
    draw_mvp,
    mvp_candidates,
    plan_post_match,
    required_inputs,
    roll_missing,
)
from .prematch import (
    InducementBudgets,
    InducementOrder,
    Mercenary,
    WeatherRoll,
    check_inducements,
    inducement_budgets,
    inducement_cost,
    journeyman_positions,
    journeymen_needed,
    petty_cash_order,
    petty_cash_spent,
    roll_weather,
)
from .spp import improvement_rolls_due, improvement_rolls_pending, spp_for, spp_level
from .tables import kickoff, weather
from .types import (
    STATS,
    CasualtyResult,
    ImprovementResult,
    Inducement,
    Position,
    Ruleset,
    Skill,
    SppLevel,
    StarPlayer,
    TableEntry,
    TeamList,
)
from .value import PlayerFacts, TeamFacts, match_team_value, player_value, reroll_purchase_price, team_value

__all__ = [
    "STATS", "CasualtyResult", "Characteristics", "Dice", "DiceError", "FanFactorRoll", "ImprovementChoice",
    "ImprovementOptions", "ImprovementResult", "Inducement", "InjuryEffect", "MatchWinnings", "Parameters",
    "PlayerFacts", "Position", "Ruleset", "RulesetDataError", "RulesetParameterError", "ScriptedDice",
    "SeededDice", "SideWinnings", "Skill", "SppLevel", "StarPlayer", "StatLimits", "StatLine", "TableEntry",
    "TeamFacts", "TeamList", "available_skills", "casualty", "casualty_effect", "casualty_from_dice",
    "check_die", "choose_improvement", "concession_penalised", "fame", "fan_factor_change", "fan_factor_dice",
    "fans", "improvement_outcome", "improvement_rolls_due", "improvement_rolls_pending", "improvement_value_key",
    "inducement_allowed", "inducement_money", "inducement_price", "kickoff", "load_ruleset", "load_ruleset_from",
    "match_team_value", "match_winnings", "mercenary_price", "player_value", "reroll_purchase_price",
    "roll_casualty", "roll_fan_factor", "roll_improvement", "roll_many", "ruleset_keys", "spiralling_expenses",
    "spiralling_expenses_basis", "spiralling_expenses_paid", "spp_for", "spp_level", "star_allowed", "star_price",
    "team_value", "weather", "winnings",
    # pre-match (prematch.py) and post-match (postmatch.py)
    "InducementBudgets", "InducementOrder", "Mercenary", "WeatherRoll", "check_inducements", "inducement_budgets",
    "inducement_cost", "journeyman_positions", "journeymen_needed", "petty_cash_order", "petty_cash_spent",
    "roll_weather", "CasualtyReport", "Decisions", "Effect", "InputRequest", "InvalidInput", "InvalidReport",
    "MatchDice", "MatchReport", "MissingInput", "PlayerReport", "PostMatchInputError", "PostMatchPlan",
    "SideReport", "check_report", "draw_mvp", "mvp_candidates", "plan_post_match", "required_inputs",
    "roll_missing",
]
