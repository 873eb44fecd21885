"""Accepting either a Ruleset or its Parameters wherever only scalar rule numbers are needed."""

from __future__ import annotations

from .parameters import Parameters
from .ruleset import Ruleset

RulesLike = Ruleset | Parameters

# Without a ruleset a scalar helper reads the default one (data/rulesets.toml), from the data files
# like any other, so the code still holds no rule number; pass a Ruleset to honour house rules.


def params_of(rules: RulesLike | None) -> Parameters:
    if rules is None:
        from .loading.loader import default_ruleset_key, load_ruleset  # late: loader imports our types

        return load_ruleset(default_ruleset_key()).params
    if isinstance(rules, Ruleset):
        return rules.params
    if isinstance(rules, Parameters):
        return rules
    raise TypeError(f"expected a Ruleset or Parameters, got {type(rules).__name__}")


OUTCOMES = ("win", "draw", "loss")


def check_outcome(outcome: str) -> str:
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, got {outcome!r}")
    return outcome


def outcome_from_score(own: int, other: int) -> str:
    return "win" if own > other else "loss" if own < other else "draw"
