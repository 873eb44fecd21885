"""Players raised from the dead: a victim killed in a match joins the other team for free after it
(the Necromancer's Raise the Dead, Nurgle's Rot). The mechanisms are the ruleset's optional groups
(parameter_groups.RAISING_GROUPS, `[parameters.raise_dead]` / `[parameters.nurgles_rot]`); this
module says which a team list has and whether a victim may be raised. The app records who was raised
from whom and checks the match (a death in it, once per match, the roster's room)."""

from __future__ import annotations

from collections.abc import Iterable

from ..parameter_groups import RAISING_GROUPS, RaiseDeadParameters
from ..ruleset import Ruleset
from ..types import Position


def raisings(ruleset: Ruleset, team_key: str) -> tuple[RaiseDeadParameters, ...]:
    """The raising mechanisms a team list has, in RAISING_GROUPS' order (none for most lists)."""
    found = (ruleset.group(kind) for kind in RAISING_GROUPS)
    return tuple(group for group in found if group is not None and team_key in group.teams)


def raising(ruleset: Ruleset, team_key: str, key: str) -> RaiseDeadParameters | None:
    """The team list's raising mechanism of this key (its group's KEY), or None."""
    return next((group for group in raisings(ruleset, team_key) if group.KEY == key), None)


def raised_position(ruleset: Ruleset, team_key: str, group: RaiseDeadParameters) -> Position:
    """The position the raised player takes on the team list (a Zombie, a Rotter)."""
    return ruleset.team(team_key).position(group.position)


def victim_problem(group: RaiseDeadParameters, *, st: int, skills: Iterable[str]) -> str | None:
    """Why a dead opponent may not be raised by this mechanism: "st" (stronger than the limit), or
    "skill:<key>" (a skill that keeps him dead); None when he may."""
    if st > group.victim_max_st:
        return "st"
    barred = next((key for key in group.victim_without if key in set(skills)), None)
    return f"skill:{barred}" if barred else None


def group_name(group: RaiseDeadParameters, lang: str) -> str:
    return group.name_fr if lang.startswith("fr") and group.name_fr else group.name_en
