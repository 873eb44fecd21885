"""The improvement choice as a coach's decision (seed 000 p.26-27 L3413-3541): the first kind of
league.rules.decisions. The rules themselves stay in improvements.py; this only declares them.

Values: "dice" (the two D6), "position" (the player's Position), "skills" (what he has gained) and
"stats" (his Characteristics now, which hold the ruleset's characteristic limits).
"""

from __future__ import annotations

from typing import cast

from ..catalogue.characteristics import Characteristics
from ..decisions import DecisionEffect, DecisionKind, DecisionOption, Values, register_decision_kind
from ..ruleset import Ruleset
from ..types import Position
from .improvements import (
    ImprovementOptions,
    available_skills,
    choose_improvement,
    improvement_outcome,
    improvement_value_key,
    removal_choices,
)

IMPROVEMENT = "improvement"


def improvement_values_options(ruleset: Ruleset, values: Values) -> ImprovementOptions:
    d6a, d6b = cast(tuple[int, int], tuple(cast(list[int], values["dice"])))
    return improvement_outcome(
        ruleset,
        d6a=d6a,
        d6b=d6b,
        position=cast(Position, values["position"]),
        skills=cast(list[str], values.get("skills", [])),
        stats=cast(Characteristics, values["stats"]),
    )


def _options(ruleset: Ruleset, values: Values) -> tuple[DecisionOption, ...]:
    """Skills by category (G, A, S, P, M), the characteristic increases within the limits, then
    the skills a double lets him remove (group "remove")."""
    options = improvement_values_options(ruleset, values)
    skills = [DecisionOption(k, letter) for letter, keys in available_skills(ruleset, options).items() for k in keys]
    removals = (DecisionOption(key, "remove") for key in removal_choices(options))
    return (*skills, *(DecisionOption(stat, "stats") for stat in options.stat_choices), *removals)


def _effects(ruleset: Ruleset, values: Values, choice: str) -> tuple[DecisionEffect, ...]:
    picked = choose_improvement(ruleset, improvement_values_options(ruleset, values), choice)
    skill = picked.key if picked.kind in ("skill", "remove") else ""
    return (DecisionEffect("advancement", value_key=improvement_value_key(picked), detail=skill),)


IMPROVEMENT_DECISION = register_decision_kind(DecisionKind(IMPROVEMENT, options=_options, effects=_effects))
