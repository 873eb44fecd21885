"""The pre-match steps as the pages and the service drive them, found by name.

The rules engine knows which pre-match steps a ruleset lists ([sequence] pre_match_steps: steps
registered in league/rules/registry.py, and table-roll steps declared in data). Here each step
says, in one module of matches/prematch_steps/, what it adds to the pre-match:

- its fields on the pre-match page's record form (`form_fields`, `clean_form`, `form_value`,
  shown by `record_template`), or its own section of the page (`section_template`,
  `section_context`) when the sides act in turn (petty cash, inducements);
- how it checks and records its value (`check`, `join`, `settle`, `record`: the phases of
  matches.services.prematch.prematch_record, in one transaction), stored on the match
  (Match.prematch_values, by step name) or in rows of its own;
- how the match page shows it (`facts`, shown by `facts_template`);
- what it hands to the post-match sequence (`handed_on`: MatchReport.prematch[name]).

The modules register themselves with @register (a named step) or register_kind (a kind of step
declared in data: a table roll), and matches.apps.MatchesConfig.ready() imports them. A step the
engine accepts but nobody registered here stops the pre-match with an error naming it, rather
than being skipped (docs/architecture.md, "A pre-match step").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from league.rules import Ruleset

S = TypeVar("S", bound="PrematchStep")


@dataclass
class PrematchContext:
    """What prematch_record's steps share, in one transaction: the locked match and teams, the
    input, the dice, and what an earlier step found for a later one (petty cash for the budgets)."""

    match: Any  # matches.models.Match, locked
    ruleset: Ruleset
    data: Any  # matches.services.prematch.PrematchInput
    by: Any  # the user recording, or None (the system, an import)
    dice: Any  # the dice the server rolls with (injected by tests), or None: fresh server dice
    teams: dict[str, Any]  # side -> Team, locked
    problems: list[str] = field(default_factory=list)
    cash: dict[str, int] = field(default_factory=lambda: {"home": 0, "away": 0})  # petty cash moved
    tvs: dict[str, int] = field(default_factory=dict)  # roster TVs at kick-off (after the journeymen)
    shared: dict[str, Any] = field(default_factory=dict)  # a step's findings for a later phase
    audit: dict[str, Any] = field(default_factory=dict)  # added to the audit log's entry


class PrematchStep:
    """One pre-match step; every part is optional (the defaults do nothing)."""

    name = ""
    record_template = ""  # partial of the record form (templates/matches/prematch_steps/)
    section_template = ""  # partial of the page's left column, for steps the sides take in turn
    facts_template = ""  # partial of the match page's pre-match facts

    def label(self, ruleset: Ruleset, lang: str) -> str:
        return self.name

    # The record form (matches.forms.prematch.PrematchForm).
    def form_fields(self, ruleset: Ruleset, lang: str) -> dict[str, Any]:
        return {}

    def clean_form(self, form: Any, data: dict[str, Any]) -> None:
        pass

    def form_value(self, data: dict[str, Any]) -> Any:
        """What the form hands the service (PrematchInput.steps[name]); None: nothing entered."""
        return None

    # The page's own section (matches.views.prematch).
    def section_context(self, request: Any, match: Any, ruleset: Ruleset, page: dict[str, Any]) -> dict[str, Any]:
        return {}

    # Recording (matches.services.prematch.prematch_record), in this order for every step.
    def check(self, ctx: PrematchContext) -> None:
        """Refusals before anything is written (ctx.problems)."""

    def join(self, ctx: PrematchContext) -> None:
        """Changes to the squads that count in the team values (free journeymen)."""

    def settle(self, ctx: PrematchContext) -> None:
        """Refusals that need the team values (inducement budgets)."""

    def record(self, ctx: PrematchContext) -> None:
        """The writes, once nothing was refused."""

    # The match page and the post-match sequence.
    def facts(self, match: Any, ruleset: Ruleset, lang: str) -> dict[str, Any] | None:
        return None

    def handed_on(self, match: Any) -> Any:
        """What the post-match sequence reads of this step (MatchReport.prematch); None: nothing."""
        return match.prematch_values.get(self.name)


STEPS: dict[str, PrematchStep] = {}
# Kinds of steps a ruleset declares in data: (ruleset, name) -> the step, or None if not of the kind.
KINDS: list[Callable[[Ruleset, str], PrematchStep | None]] = []


def register(name: str) -> Callable[[type[S]], type[S]]:
    """Class decorator: the page and service parts of the pre-match step `name`."""

    def decorate(cls: type[S]) -> type[S]:
        if name in STEPS and type(STEPS[name]) is not cls:
            raise ValueError(f"pre-match step {name!r} is registered twice")
        step = cls()
        step.name = name
        STEPS[name] = step
        return cls

    return decorate


def register_kind(resolve: Callable[[Ruleset, str], PrematchStep | None]) -> None:
    if resolve not in KINDS:
        KINDS.append(resolve)


def step_for(ruleset: Ruleset, name: str) -> PrematchStep:
    if name in STEPS:
        return STEPS[name]
    for resolve in KINDS:
        step = resolve(ruleset, name)
        if step is not None:
            return step
    raise LookupError(f"the pre-match step {name!r} has no page or service part (matches.prematch_steps)")


def steps_for(ruleset: Ruleset) -> list[PrematchStep]:
    """The ruleset's pre-match steps, in its order."""
    return [step_for(ruleset, name) for name in ruleset.pre_match_steps]
