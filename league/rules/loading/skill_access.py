"""Skill access per position, and what a double offers besides skills (optional file).

`skill_access.csv` (`team_key`, `position_key`, `normal`, `double`, `double_choices`) replaces a
position's Normal and Double categories (letters of PICKABLE_CATEGORIES, `double` may be empty)
and lists what else a double lets the coach take instead of the table's result: `st` and `av`
(+1, at their usual value increase) and `remove_skill` (drop a skill he has; its value key
`skill_removed` must be in value_modifiers.csv). An empty team_key names the position in every
team that has it, as in level_groups.csv (docs/rulesets.md, "Skill access per position").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from ..catalogue.player_skills import SKILL_REMOVED
from ..types import PICKABLE_CATEGORIES, Position, TeamList
from .csvio import Problems, position_rows, read_rows

FILE = "skill_access.csv"
DOUBLE_CHOICES = ("st", "av", "remove_skill")


def load_skill_access(
    folder: Path, problems: Problems, teams: Mapping[str, TeamList], value_keys: frozenset[str]
) -> dict[str, TeamList]:
    """The team lists with the file's positions' access replaced (unchanged without the file)."""
    if not (folder / FILE).is_file():
        return dict(teams)
    changed: dict[tuple[str, str], tuple[frozenset[str], frozenset[str], tuple[str, ...]]] = {}
    seen: dict[object, int] = {}
    columns = ("team_key", "position_key", "normal", "double", "double_choices")
    for row in read_rows(folder, FILE, columns, problems, None):
        normal, double = row.text("normal"), row.text("double")
        choices = tuple(row.text("double_choices").split())
        bad = sorted(set(normal + double) - set(PICKABLE_CATEGORIES))
        if bad or not normal:
            row.error(f"normal and double are category letters among {PICKABLE_CATEGORIES} (normal not empty)")
            continue
        if unknown := sorted(set(choices) - set(DOUBLE_CHOICES)):
            row.error(f"unknown double_choices {' '.join(unknown)} (allowed: {' '.join(DOUBLE_CHOICES)})")
            continue
        if "remove_skill" in choices and SKILL_REMOVED not in value_keys:
            row.error(f"remove_skill needs the value key {SKILL_REMOVED!r} in value_modifiers.csv")
            continue
        for pair in position_rows(row, teams, seen):
            changed[pair] = (frozenset(normal), frozenset(double), choices)

    def access(position: Position) -> Position:
        found = changed.get((position.team_key, position.key))
        if found is None:
            return position
        normal, double, choices = found
        return replace(position, normal_categories=normal, double_categories=double, double_choices=choices)

    return {key: replace(team, positions=tuple(access(p) for p in team.positions)) for key, team in teams.items()}
