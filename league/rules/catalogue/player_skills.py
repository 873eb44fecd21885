"""A player's skills: his position's, those he gained, and those his situation gives him."""

from __future__ import annotations

from collections.abc import Iterable

from ..ruleset import Ruleset
from ..types import Position


def player_skills(ruleset: Ruleset, position: Position, gained: Iterable[str], *, journeyman: bool) -> tuple[str, ...]:
    """The position's starting skills, the skills gained (in the order taken), then, while he is a
    journeyman, the ruleset's journeyman skills (Loner: p.29 L3746-3755).

    Derived from his status rather than stored as a gain: a journeyman hired for good loses Loner
    but keeps what he gained (p.29 L3743-3745), which is exactly what clearing the flag gives.
    """
    skills = [*position.skills, *(key for key in gained if key)]
    if journeyman:
        skills += [key for key in ruleset.journeyman_skills if key not in skills]
    return tuple(skills)
