"""The names a settings page words a list or map of keys with (inducements, optional SPP actions,
teams, champions with their list price, secret weapons), and the check that the optional groups'
lists and maps name only keys of the catalogue they refer to."""

from __future__ import annotations

from collections.abc import Mapping

from ..catalogue.champions import champion_keys
from ..parameter_groups import RaiseDeadParameters, SecretWeaponParameters, group_keys_problem
from ..types import Inducement, Skill, StarPlayer, TeamList
from .csvio import Problems

RULESET_FILE = "ruleset.toml"
# key -> (English name, French name) or (English name, French name, default number)
KeyNames = Mapping[str, Mapping[str, tuple[str, str] | tuple[str, str, int]]]


def setting_key_names(
    *,
    inducements: Mapping[str, Inducement],
    spp_actions: Mapping[str, tuple[str, str]],
    teams: Mapping[str, TeamList],
    skills: Mapping[str, Skill],
    stars: Mapping[str, StarPlayer],
    groups: Mapping[str, object],
) -> KeyNames:
    weapons = groups.get(SecretWeaponParameters.KEY)
    return {
        "inducements": {key: (item.name("en"), item.name("fr")) for key, item in inducements.items()},
        "spp_actions": spp_actions,
        "teams": {key: (team.name("en"), team.name("fr")) for key, team in teams.items()},
        # A champion's default is the star's list price (what the league's map leaves unset).
        "champions": {
            key: (stars[key].name("en"), stars[key].name("fr"), stars[key].cost)
            for key in sorted(champion_keys(teams), key=lambda k: stars[k].name("en"))
        },
        "weapons": {
            key: (skills[key].name("en"), skills[key].name("fr"))
            for key in (weapons.weapons if isinstance(weapons, SecretWeaponParameters) else ())
            if key in skills
        },
    }


def check_group_keys(
    groups: Mapping[str, object],
    teams: Mapping[str, TeamList],
    skills: Mapping[str, Skill],
    problems: Problems,
    line: int | None,
) -> None:
    problem = group_keys_problem(groups, {"skills": skills, "champions": champion_keys(teams), "teams": teams})
    if problem:
        problems.add(RULESET_FILE, line, problem)
    for key, group in groups.items():  # a raised player's position must be on each team list that raises him
        if isinstance(group, RaiseDeadParameters):
            lacking = [
                t for t in group.teams if t in teams and group.position not in {p.key for p in teams[t].positions}
            ]
            if lacking:
                problems.add(
                    RULESET_FILE, line, f"parameter '{key}.position' is not a position of {', '.join(lacking)}"
                )
