"""The steps a ruleset may declare, found by name ([sequence] in its ruleset.toml).

A step registers itself where it is written, with one decorator: @post_match_step("winnings") on
the function that plans it, @pre_match_step("petty_cash") on the rule the pre-match page applies.
A table-roll pre-match step (the weather) is declared in the ruleset's data instead
([pre_match_tables.<step>], prematch/tables.py). The loader refuses a ruleset naming a step nobody
registered or declared, with its file and line. Adding a step is therefore one rules function here
plus its web part (an applier and label, or a matches/prematch_steps module: docs/rulesets.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

# name -> the function that plans the step (postmatch.run.Run -> None)
POST_MATCH: dict[str, Callable[[Any], None]] = {}
# name -> the rules function behind the pre-match step (the web layer drives the page)
PRE_MATCH: dict[str, Callable[..., Any]] = {}
# name -> (steps that must be listed before it, steps that must be listed after it): what a step
# reads from another (the MVP's points are added by "spp", whose levels "improvements" rolls for).
ORDER: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _register(table: dict[str, Any], kind: str, name: str) -> Callable[[F], F]:
    def decorate(function: F) -> F:
        if name in table and table[name] is not function:
            raise ValueError(f"{kind} step {name!r} is registered twice")
        table[name] = function
        return function

    return decorate


def post_match_step(name: str, *, after: tuple[str, ...] = (), before: tuple[str, ...] = ()) -> Callable[[F], F]:
    ORDER[name] = (after, before)
    return _register(POST_MATCH, "post-match", name)


def pre_match_step(name: str) -> Callable[[F], F]:
    return _register(PRE_MATCH, "pre-match", name)


def order_problems(steps: tuple[str, ...]) -> list[str]:
    """Why a post-match step list breaks what its steps need of each other (ORDER), or []."""
    found = []
    for index, step in enumerate(steps):
        after, before = ORDER.get(step, ((), ()))
        for other in (*after, *before):
            if other not in steps:
                found.append(f"post-match step {other!r} is missing (needed by {step!r})")
            elif other in after and steps.index(other) > index:
                found.append(f"post-match step {other!r} must come before {step!r}")
            elif other in before and steps.index(other) < index:
                found.append(f"post-match step {other!r} must come after {step!r}")
    return found


def known_steps() -> tuple[dict[str, Callable[..., Any]], dict[str, Callable[..., Any]]]:
    """(pre-match, post-match) registries, filled: the engine's package (league/rules/__init__.py)
    imports the step modules, whose decorators register them, before any of its modules can be
    imported; so this module never imports the steps that import it."""
    return PRE_MATCH, POST_MATCH
