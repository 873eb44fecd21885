"""A player's skills: his position's, those he gained, and those his situation gives him."""

from __future__ import annotations

from collections.abc import Iterable

from ..ruleset import Ruleset
from ..types import Position

# The value key (value_modifiers.csv) of a skill removed on a double (seed 002's big guys, H4), and
# how the engine's lists of skills gained write such a removal: "-bone_head".
SKILL_REMOVED = "skill_removed"
REMOVED = "-"


def gained_skills(advancements: Iterable[tuple[str, str]]) -> tuple[str, ...]:
    """(value key, skill) of a player's advancements, in the order taken, as the engine's list of
    skills gained: a skill removed is written with REMOVED before its key."""
    return tuple(REMOVED + skill if kind == SKILL_REMOVED else skill for kind, skill in advancements if skill)


def held_skills(position: Position, gained: Iterable[str]) -> list[str]:
    """The position's skills and those gained, less those removed since (gained_skills)."""
    gained = [key for key in gained if key]
    removed = {key[len(REMOVED) :] for key in gained if key.startswith(REMOVED)}
    skills = [key for key in (*position.skills, *gained) if not key.startswith(REMOVED)]
    return [key for key in dict.fromkeys(skills) if key not in removed]


def player_skills(ruleset: Ruleset, position: Position, gained: Iterable[str], *, journeyman: bool) -> tuple[str, ...]:
    """The position's starting skills, the skills gained (in the order taken), then, while he is a
    journeyman, the ruleset's journeyman skills (Loner: p.29 L3746-3755).

    Derived from his status rather than stored as a gain: a journeyman hired for good loses Loner
    but keeps what he gained (p.29 L3743-3745), which is exactly what clearing the flag gives.
    A skill removed on a double (gained_skills: "-<key>") is left out.
    """
    skills = held_skills(position, gained)
    if journeyman:
        skills += [key for key in ruleset.journeyman_skills if key not in skills]
    return tuple(skills)


def induced_skills(
    ruleset: Ruleset, position: Position, extra: Iterable[str] = (), *, mercenary: bool
) -> tuple[str, ...]:
    """The skills of a player induced for one match from a position of the team's list: the
    position's, the extra skills bought, then the ruleset's mercenary or journeyman skills (Loner:
    [mercenaries] / [journeymen] skills of ruleset.toml)."""
    added = ruleset.mercenary_skills if mercenary else ruleset.journeyman_skills
    return tuple(dict.fromkeys((*position.skills, *extra, *added)))
