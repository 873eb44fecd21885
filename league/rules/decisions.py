"""A coach's decision after a match, declared once (docs/decisions/matches.md, "A coach's decision
after a match is one mechanism").

A decision kind says who decides, which options are open (computed from the facts the caller reads,
the "values", and from the ruleset's limits) and what a chosen option gives (effects the web layer
writes). The improvement choice (seed 000 p.26-27) is the first kind; healing spells, big guys'
doubles and ally hires are the next ones. A kind registers itself here with `register_decision_kind`
where its rules are written; the web layer finds it by key and offers it through one page.

Values are read from the state when the page is shown and again when the choice is applied: a choice
that the state no longer allows is refused with `DecisionNotOffered` and the coach is asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from .dice import Dice, roll_many
from .ruleset import Ruleset

# Who decides: "team" is the manager of the team the decision is about (its coach, or the
# commissioner acting for him).
DECIDERS = ("team",)

Values = Mapping[str, object]


@dataclass(frozen=True, slots=True)
class DecisionOption:
    key: str  # what the coach sends back (a skill key, ma/st/ag/av, a player reference ...)
    group: str = ""  # how a page groups the options (a skill category letter, "stats", "")


@dataclass(frozen=True, slots=True)
class DecisionEffect:
    kind: str  # what the web layer writes for it: "advancement", "heal", ...
    player_ref: str = ""
    value_key: str = ""  # a value_modifiers.csv key, when the effect changes a value
    detail: str = ""  # a skill key, a characteristic, a casualty ...


@dataclass(frozen=True, slots=True)
class DecisionKind:
    key: str
    # Every option open now, in the order a page shows them.
    options: Callable[[Ruleset, Values], tuple[DecisionOption, ...]]
    # What the chosen option gives; called only with an option `options` returned.
    effects: Callable[[Ruleset, Values, str], tuple[DecisionEffect, ...]]
    decider: str = "team"
    # How many decisions of this kind a team is owed after a match, from the match's facts and the
    # ruleset's limits; None when another rule opens them (the improvement rolls of "improvements").
    owed: Callable[[Ruleset, Values], int] | None = None


class DecisionNotOffered(ValueError):
    """The choice is not among the options the state allows now: ask the coach again."""

    def __init__(self, kind: str, choice: str) -> None:
        super().__init__(f"{choice!r} is not an option of this {kind} decision")
        self.kind = kind
        self.choice = choice


DECISION_KINDS: dict[str, DecisionKind] = {}


def register_decision_kind(kind: DecisionKind) -> DecisionKind:
    if kind.decider not in DECIDERS:
        raise ValueError(f"decision {kind.key!r}: unknown decider {kind.decider!r}")
    known = DECISION_KINDS.get(kind.key)
    if known is not None and known != kind:
        raise ValueError(f"decision kind {kind.key!r} is registered twice")
    DECISION_KINDS[kind.key] = kind
    return kind


def decision_kind(key: str) -> DecisionKind:
    try:
        return DECISION_KINDS[key]
    except KeyError:
        raise KeyError(f"unknown decision kind {key!r}") from None


def decision_options(ruleset: Ruleset, key: str, values: Values) -> tuple[DecisionOption, ...]:
    return decision_kind(key).options(ruleset, values)


def decide(ruleset: Ruleset, key: str, values: Values, choice: str) -> tuple[DecisionEffect, ...]:
    """The effects of `choice`, checked against the options the values open now."""
    kind = decision_kind(key)
    if choice not in {option.key for option in kind.options(ruleset, values)}:
        raise DecisionNotOffered(key, choice)
    return kind.effects(ruleset, values, choice)


def decision_limit(ruleset: Ruleset, key: str, name: str, default: int = 0) -> int:
    """A limit of the ruleset's [decisions.<key>] table (e.g. per_match), or `default`."""
    return ruleset.decision_limits.get(key, {}).get(name, default)


# The post-match planner's problems with a die rather than with a decision (postmatch/records.py).
_DICE_PROBLEMS = frozenset({"die_count", "die_value", "unused_die"})
# Dice whose faces the state decides: an MVP draw rolls one face per candidate (seed 000 p.26
# L3356-3364), and an earlier match in play order may leave a side with fewer candidates than
# when the die was stored (a player killed, a new MNG mark). Out of range then, it is set aside
# and rolled again, as a die still in range already draws among the candidates as they now are.
STATE_FACES = frozenset({"mvp"})


class _Problem(Protocol):  # postmatch.records.InputProblem, not imported: the loader imports this module
    @property
    def key(self) -> str: ...
    @property
    def code(self) -> str: ...
    @property
    def params(self) -> tuple[tuple[str, object], ...]: ...


def inputs_set_aside(
    problems: Iterable[_Problem], dice: Collection[str], decisions: Collection[str]
) -> tuple[frozenset[str], frozenset[str]] | None:
    """(dice, decisions) of the stored inputs to set aside, when they are all the planner refused.

    Once an earlier match in play order changed the teams, a stored input may no longer fit: a die
    or a decision for a step that no longer happens (a player who no longer crosses a level), or a
    coach's choice of a registered kind ("<kind>:...") the state no longer allows, an MVP draw die
    beyond the candidates left (STATE_FACES). Such inputs are
    set aside (the choice is asked again) instead of failing the sequence for good. None when
    anything else is wrong: a die of the wrong count or value, a report the rules refuse."""
    dice_keys: set[str] = set()
    decision_keys: set[str] = set()
    for found in problems:
        if found.code == "unused_die" and found.key in dice:
            dice_keys.add(found.key)
        elif found.code == "die_value" and found.key in dice and found.key.split(":", 1)[0] in STATE_FACES:
            dice_keys.add(found.key)
        elif found.code == "unused_decision" and found.key in decisions:
            decision_keys.add(found.key)
        elif (
            found.code not in _DICE_PROBLEMS and found.key in decisions and found.key.split(":", 1)[0] in DECISION_KINDS
        ):
            decision_keys.add(found.key)
        else:
            return None
    return frozenset(dice_keys), frozenset(decision_keys)


@dataclass(frozen=True, slots=True)
class DieFit:
    """What becomes of one stored die when its step now needs `count` dice of `sides` faces: the
    stored values that still fit, in play order, are kept; the rest are set aside; `rolled` more are
    rolled after the kept ones (the server's or the coach's, as the league says)."""

    kept: tuple[int, ...]
    aside: tuple[object, ...]
    rolled: int
    sides: int | None = None  # the faces of the dice to roll (None: the server's planner rolls it whole)

    def completed(self, dice: Dice) -> tuple[int, ...]:
        """The kept dice, then the missing ones rolled with `dice`, in play order."""
        if self.rolled and self.sides is None:
            raise ValueError("the faces of the dice to roll are not known")
        return self.kept + roll_many(dice, self.rolled, self.sides or 0)


def die_fit(stored: Sequence[object], count: int, sides: int | None) -> DieFit:
    """The stored dice that still fit a step's need, kept in play order: the longest prefix of
    them, at most `count`, whose values are possible results of a die of `sides` faces (None: any
    face, the need only changed in count). A die after one that no longer fits was rolled after
    it and stands no better, so it is set aside with it. Never refuses: (4, 2, 6) where 2 D6 are
    needed keeps (4, 2) and sets (6) aside; (4, 2) where 3 are needed keeps both and rolls one."""
    kept: list[int] = []
    for value in stored[: max(count, 0)]:
        if type(value) is not int or value < 1 or (sides is not None and value > sides):
            break
        kept.append(value)
    return DieFit(tuple(kept), tuple(stored[len(kept) :]), max(count, 0) - len(kept), sides)


@dataclass(frozen=True, slots=True)
class InputsFit:
    """The stored inputs once fitted to what the steps now need (inputs_fit): `dice` maps each die
    the planner refused to its DieFit (an unused die: nothing kept, nothing rolled); `decisions`,
    the decisions set aside (asked again)."""

    dice: Mapping[str, DieFit]
    decisions: frozenset[str]


def inputs_fit(
    problems: Iterable[_Problem], dice: Mapping[str, Sequence[object]], decisions: Collection[str]
) -> InputsFit | None:
    """What to keep, set aside and roll of the stored inputs the planner refused, when an edit, a
    void or a late result changed what a step needs: a fan-factor roll of another size, an
    improvement roll now needed or not any more, another MVP candidate list. The stored dice that
    still fit are reused in play order (die_fit); a die no step uses is set aside; decisions as
    inputs_set_aside. None when something else is wrong: a face no die of its kind shows (a 9
    entered for a D6 is a typo, not a changed need: only an MVP draw's faces follow the state),
    a report the rules refuse, a coach's choice of a kind that is not registered, a problem with
    an input nobody stored."""
    fitted: dict[str, DieFit] = {}
    decision_keys: set[str] = set()
    for found in problems:
        if found.code in _DICE_PROBLEMS and found.key in dice:
            stored = tuple(dice[found.key])
            if found.code == "unused_die":
                fitted[found.key] = DieFit((), stored, 0)
            elif found.code == "die_count":
                count, sides = _param(found, "count"), _param(found, "sides")
                fitted[found.key] = die_fit(stored, count if count is not None else len(stored), sides)
            elif found.key.split(":", 1)[0] in STATE_FACES:  # the count fits, a face the state decides does not
                fitted[found.key] = die_fit(stored, len(stored), _param(found, "sides"))
            else:  # a face no die of its kind shows (a 9 on a D6): a typo, not a changed need
                return None
            continue
        one = inputs_set_aside((found,), (), decisions)
        if one is None:
            return None
        decision_keys |= one[1]
    return InputsFit(fitted, frozenset(decision_keys))


def _param(found: _Problem, name: str) -> int | None:
    value = dict(found.params).get(name)
    return value if type(value) is int else None
