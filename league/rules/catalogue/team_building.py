"""Building a new team: what it costs and which team-creation rules a purchase breaks.

Rule violations are returned as codes with parameters, not sentences: the rules engine knows
no language, and the web layer turns each code into a message in the coach's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ..parameters import RookieParameters
from ..ruleset import Ruleset
from ..types import STATS, Position, TeamList
from . import alliances as alliance


@dataclass(frozen=True, slots=True)
class NewTeam:
    """What a coach buys when creating a team (counts per position key; fan_factor: points bought)."""

    team_key: str
    positions: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    rerolls: int = 0
    fan_factor: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    # An alliance team: its second and third rosters (team keys), and the players bought from each
    # (roster -> position key -> count); `positions` are then those of the first roster, team_key.
    allies: tuple[str, ...] = ()
    ally_positions: Mapping[str, Mapping[str, int]] = field(default_factory=lambda: MappingProxyType({}))

    def counts(self) -> tuple[tuple[str, Mapping[str, int]], ...]:
        """(roster, counts per position) for each roster of the team, the first one first."""
        return ((self.team_key, self.positions), *((a, self.ally_positions.get(a, {})) for a in self.allies))


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))


def free_fan_factor(ruleset: Ruleset) -> int:
    """Fan factor a new team gets for free: free_fan_factor_start under the optional free fan factor
    rule (p.34 L4463-4470), none otherwise (it is bought, p.16 L2024-2031)."""
    p = ruleset.params
    return p.free_fan_factor_start if p.free_fan_factor else 0


def fan_factor_for_sale(ruleset: Ruleset) -> bool:
    """Whether fan factor may be bought at creation: not under the free fan factor rule, which
    replaces the purchase ("au lieu d'acheter des points de popularité", p.34 L4464)."""
    return not ruleset.params.free_fan_factor


def starting_fan_factor(ruleset: Ruleset, bought: int) -> int:
    """The fan factor a team starts playing with: what it bought plus what it got for free."""
    return free_fan_factor(ruleset) + bought


def creation_cost(ruleset: Ruleset, order: NewTeam) -> int:
    """Gold spent on a new team: players, re-rolls at list price, fan factor and staff."""
    p = ruleset.params
    players = sum(
        ruleset.team(roster).position(key).cost * count
        for roster, counts in order.counts()
        for key, count in counts.items()
    )
    return (
        players
        + order.rerolls * alliance.reroll_cost(ruleset, order.team_key, order.allies)
        + order.fan_factor * p.fan_factor_cost
        + order.assistant_coaches * p.assistant_coach_cost
        + order.cheerleaders * p.cheerleader_cost
        + (p.apothecary_cost if order.apothecary else 0)
    )


def check_new_team(ruleset: Ruleset, order: NewTeam, *, complete: bool = True) -> tuple[Violation, ...]:
    """Every team-creation rule the order breaks, in a stable order.

    With complete=False (a draft) the minimum number of players is not required yet.
    """
    if order.team_key not in ruleset.teams:
        return (Violation("unknown_team", {"team": order.team_key}),)
    team = ruleset.team(order.team_key)
    p = ruleset.params
    found: list[Violation] = []
    if order.allies:
        found += _alliance_problems(ruleset, order)
        if any(v.code in _ALLIANCE_FATAL for v in found):  # the rosters themselves cannot be read
            return tuple(found)
    for roster, counts in order.counts():
        found += _position_problems(ruleset.team(roster), counts, roster if order.allies else None)
    players = sum(max(c, 0) for _roster, counts in order.counts() for c in counts.values())
    if complete and players < p.roster_min_players:
        found.append(Violation("too_few_players", {"min": p.roster_min_players, "count": players}))
    if players > p.roster_max_players:
        found.append(Violation("too_many_players", {"max": p.roster_max_players, "count": players}))
    if order.rerolls < 0 or order.rerolls > team.max_rerolls:
        found.append(Violation("reroll_max", {"max": team.max_rerolls, "count": order.rerolls}))
    if order.fan_factor and not fan_factor_for_sale(ruleset):
        found.append(Violation("fan_factor_free", {"free": free_fan_factor(ruleset), "count": order.fan_factor}))
    elif order.fan_factor < 0 or order.fan_factor > p.fan_factor_max_at_creation:
        found.append(Violation("fan_factor_max", {"max": p.fan_factor_max_at_creation, "count": order.fan_factor}))
    elif starting_fan_factor(ruleset, order.fan_factor) < p.fan_factor_min_at_creation and fan_factor_for_sale(ruleset):
        found.append(Violation("fan_factor_min", {"min": p.fan_factor_min_at_creation, "count": order.fan_factor}))
    if cap := group_cap_violation(ruleset, order.team_key, order.positions):
        found.append(cap)
    if order.assistant_coaches < 0 or order.cheerleaders < 0:
        found.append(Violation("negative_staff", {}))
    if order.apothecary and not alliance.apothecary_allowed(ruleset, order.team_key, order.allies):
        found.append(Violation("apothecary_forbidden", {"team": team.key}))
    if not any(v.code in {"unknown_position", "negative_count"} for v in found):
        cost = creation_cost(ruleset, order)
        if cost > p.starting_treasury:
            found.append(Violation("over_budget", {"budget": p.starting_treasury, "cost": cost}))
    return tuple(found)


# --- A cap on one position group per team (e.g. at most 2 big guys, seed 002 H:L33-41, H3) ---


def capped_positions(ruleset: Ruleset, team_key: str) -> frozenset[str]:
    """Keys of the team's positions the capped group holds (parameter capped_group, a group of
    level_groups.csv), none when there is no cap or the team is exempt (capped_group_exempt_teams)."""
    p = ruleset.params
    if not p.capped_group or team_key in p.capped_group_exempt_teams or team_key not in ruleset.teams:
        return frozenset()
    groups = ruleset.level_groups  # (team key, position key) -> group, per team
    return frozenset(
        pos.key for pos in ruleset.team(team_key).positions if groups.get((team_key, pos.key)) == p.capped_group
    )


def group_cap_violation(ruleset: Ruleset, team_key: str, positions: Mapping[str, int]) -> Violation | None:
    """The cap broken by players counted per position key, or None."""
    capped = capped_positions(ruleset, team_key)
    count = sum(max(n, 0) for key, n in positions.items() if key in capped)
    most = ruleset.params.capped_group_max
    if capped and count > most:
        return Violation("group_cap", {"group": ruleset.params.capped_group, "max": most, "count": count})
    return None


# --- Free rookies (seed 002 H:L9-15, spec H5) ---


def rookie_rules(ruleset: Ruleset) -> RookieParameters | None:
    """The ruleset's rookies (optional group [parameters.rookies]), None where it has none."""
    return ruleset.group(RookieParameters)


def rookie_source(ruleset: Ruleset, team_key: str) -> Position:
    """The position a rookie comes from: the one of the team list with the highest maximum
    ("Qty"); on a tie, the first in the list."""
    positions = ruleset.team(team_key).positions
    return max(positions, key=lambda pos: pos.max_count)  # max() keeps the first of equals


def halved(value: int) -> int:
    return (value + 1) // 2


def rookie_profile(position: Position) -> Position:
    """The position as a rookie plays it: every characteristic halved, rounding up (H5)."""
    if not position.profile_complete:
        return position
    ma, st, ag, av = (halved(position.stat(stat)) for stat in STATS)
    return replace(position, ma=ma, st=st, ag=ag, av=av)


def rookies_allowed(ruleset: Ruleset, available_players: int) -> int:
    """How many free rookies a team may hire now: up to the group's fill_to players able to play;
    0 where the ruleset has no rookies."""
    rules = rookie_rules(ruleset)
    if rules is None:
        return 0
    if available_players < 0:
        raise ValueError(f"available players cannot be negative, got {available_players}")
    return max(rules.fill_to - available_players, 0)


_ALLIANCE_FATAL = frozenset({"alliance_unavailable", "alliance_rosters", "unknown_team", "alliance_duplicate"})


def _position_problems(team: TeamList, counts: Mapping[str, int], roster: str | None) -> list[Violation]:
    """The position limits of one roster (`roster`: its key, named for an alliance team's rosters)."""
    known = {pos.key: pos for pos in team.hire_positions}  # champions the league offers too
    found: list[Violation] = []
    named = {"roster": roster} if roster else {}
    for key, count in counts.items():
        if key not in known:
            found.append(Violation("unknown_position", {"position": key, **named}))
        elif count < 0:
            found.append(Violation("negative_count", {"position": key, **named}))
        elif count > known[key].max_count:
            found.append(
                Violation("position_max", {"position": key, "max": known[key].max_count, "count": count, **named})
            )
        elif count and not known[key].profile_complete:  # a source that lost it: the league completes it
            found.append(Violation("profile_unknown", {"position": key, **named}))
    return found


def _alliance_problems(ruleset: Ruleset, order: NewTeam) -> list[Violation]:
    """An alliance team's own rules: alliances offered, three distinct rosters, pairwise allied,
    each roster within its cap (first, second, third)."""
    if alliance.alliance_rules(ruleset) is None:
        return [Violation("alliance_unavailable")]
    rosters = alliance.rosters_of(order.team_key, order.allies)
    if len(order.allies) != 2 or len(rosters) != 3:
        return [Violation("alliance_rosters", {"count": 3})]
    unknown = [key for key in rosters if key not in ruleset.teams]
    if unknown:
        return [Violation("unknown_team", {"team": key}) for key in unknown]
    if len(set(rosters)) != len(rosters):
        return [
            Violation("alliance_duplicate", {"team": key})
            for key in sorted({k for k in rosters if rosters.count(k) > 1})
        ]
    found = [
        Violation("alliance_not_allied", {"team": a, "other": b})
        for i, a in enumerate(rosters)
        for b in rosters[i + 1 :]
        if not alliance.allied(ruleset, a, b)
    ]
    for cap, (roster, counts) in zip(alliance.roster_caps(ruleset), order.counts(), strict=True):
        count = sum(max(c, 0) for c in counts.values())
        if count > cap:
            found.append(Violation("alliance_roster_max", {"team": roster, "max": cap, "count": count}))
    return found
