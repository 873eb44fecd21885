"""Improvement rolls: what a 2D6 result lets the coach choose (seed 000 p.26-27 L3413-3541)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..catalogue.characteristics import Characteristics
from ..catalogue.player_skills import SKILL_REMOVED, held_skills
from ..dice import Dice, check_die
from ..ruleset import Ruleset
from ..types import PICKABLE_CATEGORIES, STATS, ImprovementResult, Position

REMOVE = "remove:"  # a choice removing a skill: "remove:bone_head"


@dataclass(frozen=True, slots=True)
class ImprovementOptions:
    dice: tuple[int, int]
    total: int
    is_double: bool
    result: ImprovementResult  # the table row for the total
    team_key: str
    position_key: str
    normal_categories: frozenset[str]
    double_categories: frozenset[str]  # opened by a double only; empty otherwise
    stat_choices: tuple[str, ...]  # characteristic increases offered AND within the limits
    excluded_skills: frozenset[str]  # already owned, or incompatible with an owned skill
    removable: tuple[str, ...] = ()  # skills a double lets him remove (skill_access.csv remove_skill)

    @property
    def skill_categories(self) -> frozenset[str]:
        return self.normal_categories | self.double_categories


@dataclass(frozen=True, slots=True)
class ImprovementChoice:
    kind: str  # "skill", "stat" or "remove" (a skill removed on a double)
    key: str  # skill key, or ma/st/ag/av
    double_category: bool = False  # a skill only reachable because the roll was a double


def improvement_outcome(
    ruleset: Ruleset, *, d6a: int, d6b: int, position: Position, skills: Iterable[str], stats: Characteristics
) -> ImprovementOptions:
    """The choices open after an improvement roll of d6a + d6b.

    Normal categories are always open; a double also opens the Double categories (the table result
    may still be taken). Stat increases come from the table row (10: MA/AV, 11: AG, 12: ST) and only
    within the limits. Skills already held and skills excluded by them (Grab/Frenzy) are removed.
    Extraordinary skills never appear: they are not a category a position can pick from. A
    position's own access (skill_access.csv) may add characteristic increases to a double.
    """
    check_die(d6a, 6, "improvement roll, first D6")
    check_die(d6b, 6, "improvement roll, second D6")
    total, is_double = d6a + d6b, d6a == d6b
    row = next(r for r in ruleset.improvement_table if r.roll_from <= total <= r.roll_to)
    held = held_skills(position, skills)  # `skills`: those gained (gained_skills), removals included
    owned = set(held)
    excluded = set(owned)
    for key in owned:
        if key in ruleset.skills:
            excluded |= ruleset.skills[key].excludes
    return ImprovementOptions(
        dice=(d6a, d6b),
        total=total,
        is_double=is_double,
        result=row,
        team_key=position.team_key,
        position_key=position.key,
        normal_categories=position.normal_categories,
        double_categories=position.double_categories if is_double else frozenset(),
        stat_choices=tuple(
            stat for stat in _stats_offered(row.stat_options, position, is_double) if stats.can_improve(stat)
        ),
        excluded_skills=frozenset(excluded),
        removable=tuple(held) if is_double and "remove_skill" in position.double_choices else (),
    )


def _stats_offered(table: tuple[str, ...], position: Position, is_double: bool) -> tuple[str, ...]:
    """The table row's increases, then on a double those the position's access adds (seed 002's
    big guys: +1 ST or +1 AV instead of the table's result, skill_access.csv)."""
    extra = tuple(s for s in position.double_choices if s in STATS and s not in table) if is_double else ()
    return (*table, *extra)


def roll_improvement(
    ruleset: Ruleset, dice: Dice, *, position: Position, skills: Iterable[str], stats: Characteristics
) -> ImprovementOptions:
    d6a = dice.roll(6)
    d6b = dice.roll(6)
    return improvement_outcome(ruleset, d6a=d6a, d6b=d6b, position=position, skills=skills, stats=stats)


def removal_choices(options: ImprovementOptions) -> tuple[str, ...]:
    """The choices removing a skill that the roll offers ("remove:<skill>")."""
    return tuple(REMOVE + key for key in options.removable)


def available_skills(ruleset: Ruleset, options: ImprovementOptions) -> dict[str, tuple[str, ...]]:
    """Skill keys the player may take, by category letter (G, A, S, P, M order, data order inside)."""
    open_categories = options.skill_categories
    found: dict[str, list[str]] = {letter: [] for letter in PICKABLE_CATEGORIES if letter in open_categories}
    for skill in ruleset.skills.values():
        if skill.category in found and skill.key not in options.excluded_skills:
            found[skill.category].append(skill.key)
    return {letter: tuple(keys) for letter, keys in found.items()}


def choose_improvement(ruleset: Ruleset, options: ImprovementOptions, key: str) -> ImprovementChoice:
    """Validate the coach's pick (a skill key, ma/st/ag/av, or remove:<skill>) against the options."""
    if key.startswith(REMOVE):
        if key[len(REMOVE) :] not in options.removable:
            raise ValueError(f"{key!r}: this roll does not let the player remove that skill")
        return ImprovementChoice("remove", key[len(REMOVE) :])
    if key in STATS:
        if key not in options.stat_choices:
            raise ValueError(f"+1 {key.upper()} is not available on this roll")
        return ImprovementChoice("stat", key)
    skill = ruleset.skills.get(key)
    if skill is None:
        raise ValueError(f"unknown skill {key!r}")
    if key in options.excluded_skills:
        raise ValueError(f"skill {key!r} is already held or excluded by a skill the player has")
    if skill.category in options.normal_categories:
        return ImprovementChoice("skill", key)
    if skill.category in options.double_categories:
        return ImprovementChoice("skill", key, double_category=True)
    raise ValueError(f"skill {key!r} (category {skill.category}) is not open to this player on this roll")


def improvement_value_key(choice: ImprovementChoice) -> str:
    """The value_modifiers key of a choice: new_skill, new_skill_double, <stat>_increase or skill_removed."""
    if choice.kind == "remove":
        return SKILL_REMOVED
    if choice.kind == "stat":
        return stat_value_key(choice.key)
    return "new_skill_double" if choice.double_category else "new_skill"


def learned_skill_value_key(category: str, normal_categories: Iterable[str], double_categories: Iterable[str]) -> str:
    """The value_modifiers key of a skill a player holds without the roll that gave it (a team
    brought from elsewhere): new_skill in a normal category of his position, new_skill_double in a
    double's, "" when his position cannot learn it at all."""
    if category in normal_categories:
        return "new_skill"
    if category in double_categories:
        return "new_skill_double"
    return ""


def stat_value_key(stat: str) -> str:
    """The value_modifiers key of a characteristic gain: ma_increase, st_increase..."""
    return f"{stat}_increase"
