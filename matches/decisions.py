"""The coach's decisions after a match the site offers, by kind: one registry, one page, one list.

A kind's rules are declared in the engine (league.rules.decisions: options, limits, effects); here
a kind says how the site finds, shows and records it. The registry is filled in
MatchesConfig.ready() (matches/views/decision_types.py registers the improvement choice); the generic
page (matches/views/decisions.py), the lists of a team's and a match's pending decisions
(matches/selectors/decisions.py) and the service (matches/services/decisions.py) only read it.

A kind without a table of its own is built by `stored_decision_type`: its decisions are kept as
matches.PendingDecision rows, opened when the match is processed (as many as the engine's `owed`
says from the facts and the ruleset's limits), and its `apply` writes the chosen option's effects.
Docs: docs/architecture.md ("A coach decision"), docs/decisions/matches.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from league.rules import DecisionEffect, Ruleset

# (group label, [(option key, option label)]): the options as the page shows them.
Groups = list[tuple[str, list[tuple[str, str]]]]


@dataclass(frozen=True)
class DecisionType:
    kind: str  # the engine's kind (league.rules.decisions)
    name: Callable[[], str]  # the kind's name in the reader's language ("Improvement")
    template: str  # the decision's page
    list_template: str  # how a list of pending decisions of this kind is shown (context: items)
    get: Callable[[int], Any]  # the stored decision or 404
    team: Callable[[Any], Any]  # the team whose manager decides
    ruleset: Callable[[Any], Ruleset]  # the rules the decision is read under
    pending: Callable[[Any], bool]
    groups: Callable[[Any, Ruleset], Groups]  # the options open now, grouped and worded
    choose: Callable[[Any, str, Any], Any]  # (decision, option, user): checks and writes, or refuses
    done: Callable[[Any, Ruleset, str], str]  # the message once chosen
    used: Callable[[], str]  # the message when it was already decided
    context: Callable[[Any, Ruleset], dict[str, Any]]  # what the kind's page shows besides the options
    for_team: Callable[[Any], Sequence[Any]]  # the team's pending decisions of this kind, in order
    for_match: Callable[[Any], Sequence[Any]]  # the match's pending decisions of this kind
    # Called when a match is processed, in its transaction: opens what the match owes (None: the
    # kind is opened by a post-match step, as the improvement rolls are).
    # Returns how many it opened per team id (the run tells the coaches without reading them back).
    open: Callable[[Any, Ruleset], Mapping[int, int] | None] | None = None


@dataclass(frozen=True)
class StoredKind:
    """What a kind kept as PendingDecision rows must say; the rest is generic."""

    kind: str
    name: Callable[[], str]
    # The engine's values for a team after a match, read from the state now (e.g. its casualties).
    values: Callable[[Any, Any, Ruleset], dict[str, object]]  # (match, team, ruleset)
    option_label: Callable[[Ruleset, dict[str, object], str], str]
    # Writes the effects of the chosen option; runs once per decision, under the team's lock.
    apply: Callable[[Any, Sequence[DecisionEffect]], None]  # (PendingDecision, effects)
    group_label: Callable[[], str] = field(default=lambda: "")


_TYPES: dict[str, DecisionType] = {}


def register_decision_type(entry: DecisionType) -> DecisionType:
    known = _TYPES.get(entry.kind)
    if known is not None and known is not entry:
        raise ValueError(f"decision type {entry.kind!r} is registered twice")
    _TYPES[entry.kind] = entry
    return entry


def unregister_decision_type(kind: str) -> None:
    """For a test that registers a kind of its own for its duration."""
    _TYPES.pop(kind, None)


def decision_type(kind: str) -> DecisionType | None:
    return _TYPES.get(kind)


def decision_types() -> tuple[DecisionType, ...]:
    """Every registered kind, improvement first (the order the lists show them in)."""
    return tuple(_TYPES.values())
