"""Alliance teams: three pairwise allied rosters in one team (e.g. Dungeon Bowl's schools).

A ruleset offers them when it declares [parameters.alliances] and alliances.csv, and the league's
switch `alliances.enabled` is on. The team's race is its first roster (its race-specific rules);
the two others are its allies, and each player belongs to one of the three rosters: his position
is a position of that roster's team list. Every team re-roll costs the group's `reroll_cost`; an
apothecary is allowed when any of the three rosters may have one, else the team has the free
Necromancer of the team lists (teams.csv `necromancer`). Star players of any of the three rosters
may play for it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..parameters import AllianceParameters
from ..ruleset import Ruleset
from ..types import Position, StarPlayer, TeamList


def alliance_rules(ruleset: Ruleset) -> AllianceParameters | None:
    """The alliance parameters where this league may build alliance teams, else None."""
    group = ruleset.group(AllianceParameters)
    return group if group is not None and group.enabled and ruleset.alliances else None


def allied(ruleset: Ruleset, team_key: str, other_key: str) -> bool:
    return other_key in ruleset.alliances.get(team_key, frozenset())


def rosters_of(race: str, allies: Sequence[str]) -> tuple[str, ...]:
    """The team's rosters in order: its race, then its allies (none for a plain team)."""
    return (race, *[a for a in allies if a])


def roster_caps(ruleset: Ruleset) -> tuple[int, ...]:
    """Players each roster may give, first, second and third (the group's; the ruleset's roster
    maximum where it has no alliances)."""
    group = ruleset.group(AllianceParameters)
    if group is None:
        return (ruleset.params.roster_max_players,)
    return (group.first_roster_max, group.second_roster_max, group.third_roster_max)


def roster_position(ruleset: Ruleset, race: str, position_key: str, roster: str = "") -> Position:
    """A player's position: of his own roster (an alliance team's player), else of the team's race."""
    return ruleset.team(roster or race).position(position_key)


def reroll_cost(ruleset: Ruleset, race: str, allies: Sequence[str] = ()) -> int:
    """The list price of a team re-roll: the alliance's price for an alliance team, else the team list's."""
    group = ruleset.group(AllianceParameters)
    if any(allies) and group is not None:
        return group.reroll_cost
    return ruleset.team(race).reroll_cost


def apothecary_allowed(ruleset: Ruleset, race: str, allies: Sequence[str] = ()) -> bool:
    """An apothecary is allowed unless none of the team's rosters may have one."""
    return any(ruleset.team(key).apothecary_allowed for key in rosters_of(race, allies) if key in ruleset.teams)


def has_necromancer(ruleset: Ruleset, race: str, allies: Sequence[str] = ()) -> bool:
    """The free Necromancer: a team list that has one (teams.csv), or an alliance none of whose
    rosters may have an apothecary (it gets the Necromancer instead)."""
    if race in ruleset.teams and ruleset.team(race).necromancer:
        return True
    return any(allies) and not apothecary_allowed(ruleset, race, allies)


def stars_for(ruleset: Ruleset, race: str, allies: Sequence[str] = (), lang: str = "en") -> tuple[StarPlayer, ...]:
    """Star players who may play for the team: those of any of its rosters, each once."""
    found: dict[str, StarPlayer] = {}
    for key in rosters_of(race, allies):
        for star in ruleset.stars_for_team(key, lang):
            found.setdefault(star.key, star)
    return tuple(found.values())


def team_lists(ruleset: Ruleset, race: str, allies: Sequence[str] = ()) -> tuple[TeamList, ...]:
    return tuple(ruleset.team(key) for key in rosters_of(race, allies))
