"""A side's inducement order, its price and the rules it breaks (seed 000 p.28 L3622-3661, spec §6.3).

Like team creation, refusals are Violation codes with parameters; the web layer words them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..catalogue.team_building import Violation
from ..ruleset import Ruleset
from ..types import Inducement
from .inducements import (
    inducement_allowed,
    inducement_price,
    league_price_missing,
    mercenary_price,
    star_allowed,
    star_price,
)


@dataclass(frozen=True, slots=True)
class Mercenary:
    position_key: str  # a position of the inducing team's list
    extra_skill: str | None = None  # one extra skill from the position's Normal categories
    # More extra skills, where the ruleset allows them (mercenary_max_extra_skills: PBBL P36/L80).
    more_skills: tuple[str, ...] = ()

    @property
    def extra_skills(self) -> tuple[str, ...]:
        return ((self.extra_skill,) if self.extra_skill else ()) + self.more_skills


@dataclass(frozen=True, slots=True)
class InducementOrder:
    """What one side buys for one match. Stars and mercenaries have their own lists because each
    one is priced on its own; `items` holds the fixed-price inducements (key -> count)."""

    items: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    stars: tuple[str, ...] = ()  # a paired star (Brick Far'th / Grotty) is named once, by either key
    mercenaries: tuple[Mercenary, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.items, MappingProxyType):
            object.__setattr__(self, "items", MappingProxyType(dict(self.items)))


def _by_pricing(ruleset: Ruleset, pricing: str) -> Inducement | None:
    # Stars and mercenaries are found by their pricing rule, not by a key written in the code.
    return next((item for item in ruleset.inducements.values() if item.pricing == pricing), None)


def _star_groups(ruleset: Ruleset, stars: tuple[str, ...]) -> list[frozenset[str]]:
    """One group per star inducement: a paired star brings his mate (one inducement, two slots)."""
    groups = []
    for key in stars:
        mate = ruleset.star_players[key].paired_with
        groups.append(frozenset({key, mate}) if mate else frozenset({key}))
    return groups


def stars_for_neither(ruleset: Ruleset, orders: tuple[InducementOrder, ...]) -> frozenset[str]:
    """The star players two sides of one match both induced: each side pays for him and he plays
    for neither (PBBL P36/L80, "both pay and neither gets him"; LRB6's details, p.49-50, are
    missing from seed 000, so the one text we have applies: docs/decisions/matches.md). A
    paired star (Brick Far'th and Grotty) named by either key on each side is the same inducement:
    both keys are returned. Unknown keys are ignored (check_inducements refuses them)."""
    sides = [
        set().union(*_star_groups(ruleset, tuple(k for k in order.stars if k in ruleset.star_players)))
        for order in orders
    ]
    twice = {key for i, keys in enumerate(sides) for key in keys if any(key in other for other in sides[i + 1 :])}
    return frozenset(twice)


def inducement_cost(
    ruleset: Ruleset, team_key: str, order: InducementOrder, trophy_prices: Mapping[str, int] | None = None
) -> int:
    """Gold the order costs this team, special team prices included (Goblin bribes, Halfling chef),
    and its held trophies' prices (`trophy_prices`, e.g. the Dungeonbowl holder's wizard).

    Raises KeyError/ValueError on unknown keys: run check_inducements first for a friendly answer.
    """
    team = ruleset.team(team_key)
    total = sum(inducement_price(ruleset, key, team_key, trophy_prices) * count for key, count in order.items.items())
    total += sum(star_price(ruleset, min(group)) for group in set(_star_groups(ruleset, order.stars)))
    for merc in order.mercenaries:
        total += mercenary_price(ruleset, team.position(merc.position_key), len(merc.extra_skills))
    return total


def _check_items(
    ruleset: Ruleset,
    team_key: str,
    order: InducementOrder,
    final_mode: str | None,
    found: list[Violation],
    roster_size: int = 0,
) -> None:
    for key, count in order.items.items():
        item = ruleset.inducements.get(key)
        if item is None:
            found.append(Violation("unknown_inducement", {"inducement": key}))
        elif item.pricing not in ("fixed", "journeyman", "league"):
            found.append(Violation("inducement_needs_details", {"inducement": key}))
        elif count < 0:
            found.append(Violation("negative_count", {"inducement": key}))
        elif count and key in ruleset.params.excluded_inducements:
            found.append(Violation("inducement_excluded", {"inducement": key}))
        elif count and league_price_missing(ruleset, key):
            found.append(Violation("inducement_price_unset", {"inducement": key}))
        elif count and not inducement_allowed(ruleset, key, team_key):
            found.append(Violation("inducement_not_allowed", {"inducement": key, "team": team_key}))
        elif item.max_count is not None and count > item.max_count:
            found.append(Violation("inducement_max", {"inducement": key, "max": item.max_count, "count": count}))
        elif count and final_mode == "none":
            found.append(Violation("not_in_final", {"inducement": key}))
        elif item.pricing == "journeyman" and count > max(ruleset.params.journeyman_fill_to - roster_size, 0):
            # Only while the team cannot field enough players, and only up to that many (P36/L80).
            allowed = max(ruleset.params.journeyman_fill_to - roster_size, 0)
            found.append(Violation("journeymen_max", {"max": allowed, "count": count}))


def _check_stars(
    ruleset: Ruleset,
    team_key: str,
    order: InducementOrder,
    final_mode: str | None,
    found: list[Violation],
    allies: tuple[str, ...] = (),
) -> int:
    """Star checks; returns the squad slots the valid stars take."""
    item = _by_pricing(ruleset, "star_player")
    known = [key for key in order.stars if key in ruleset.star_players]
    for key in order.stars:
        if key not in ruleset.star_players:
            found.append(Violation("unknown_star", {"star": key}))
        elif not star_allowed(ruleset, key, team_key, allies):
            found.append(Violation("star_not_for_team", {"star": key, "team": team_key}))
    groups = _star_groups(ruleset, tuple(known))
    for group in sorted({g for g in groups if groups.count(g) > 1}, key=min):
        found.append(Violation("star_twice", {"star": min(group)}))
    if known and item is None:
        found.append(Violation("inducement_not_allowed", {"inducement": "star_player", "team": team_key}))
    elif order.stars and item is not None and item.key in ruleset.params.excluded_inducements:
        found.append(Violation("inducement_excluded", {"inducement": item.key}))
    elif item is not None and item.max_count is not None and len(set(groups)) > item.max_count:
        found.append(
            Violation("inducement_max", {"inducement": item.key, "max": item.max_count, "count": len(set(groups))})
        )
    if known and item is not None and final_mode is not None:
        found.append(Violation("not_in_final", {"inducement": item.key}))
    return sum(len(group) for group in set(groups))


def _check_mercenaries(
    ruleset: Ruleset,
    team_key: str,
    order: InducementOrder,
    final_mode: str | None,
    position_counts: Mapping[str, int] | None,
    found: list[Violation],
) -> None:
    item = _by_pricing(ruleset, "mercenary")
    team = ruleset.team(team_key)
    known = {pos.key: pos for pos in team.positions}
    hired: dict[str, int] = {}
    for merc in order.mercenaries:
        position = known.get(merc.position_key)
        if position is None:
            found.append(Violation("unknown_position", {"position": merc.position_key}))
            continue
        hired[position.key] = hired.get(position.key, 0) + 1
        extra = merc.extra_skills
        if len(extra) > ruleset.params.mercenary_max_extra_skills or len(set(extra)) != len(extra):
            found.append(Violation("mercenary_too_many_skills", {"max": ruleset.params.mercenary_max_extra_skills}))
        for key in extra:
            skill = ruleset.skills.get(key)
            if skill is None:
                found.append(Violation("unknown_skill", {"skill": key}))
            elif (
                skill.category not in position.normal_categories
                or skill.key in position.skills
                or skill.excludes & (set(position.skills) | set(extra))
            ):
                found.append(Violation("mercenary_skill_not_allowed", {"position": position.key, "skill": skill.key}))
    if order.mercenaries and item is None:
        found.append(Violation("inducement_not_allowed", {"inducement": "mercenary", "team": team_key}))
    elif order.mercenaries and item is not None and item.key in ruleset.params.excluded_inducements:
        found.append(Violation("inducement_excluded", {"inducement": item.key}))
    elif order.mercenaries and item is not None and final_mode is not None:
        found.append(Violation("not_in_final", {"inducement": item.key}))
    # A mercenary is a player of his position: the team list's maximum still applies (§6.3).
    for key, count in hired.items():
        total = count + (position_counts or {}).get(key, 0)
        if position_counts is not None and total > known[key].max_count:
            found.append(Violation("position_max", {"position": key, "max": known[key].max_count, "count": total}))


def check_inducements(
    ruleset: Ruleset,
    *,
    team_key: str,
    roster_size: int,
    order: InducementOrder,
    budget: int,
    final: bool = False,
    position_counts: Mapping[str, int] | None = None,
    trophy_prices: Mapping[str, int] | None = None,
    allies: tuple[str, ...] = (),
) -> tuple[Violation, ...]:
    """Every inducement rule the order breaks, in a stable order (`allies`: an alliance team's other
    rosters, whose star players it may induce too).

    roster_size counts the players on the team for this match (journeymen included): stars and
    mercenaries may never take the squad past roster_max_players. position_counts (position key ->
    players of that position on the roster), when given, applies the position maxima to mercenaries.
    `budget` is the side's spendable total (InducementBudgets.budget). final=True applies the
    semi-final/final rule chosen by the final_inducements parameter (spec A8). An inducement the
    league excludes (excluded_inducements, p.34 L4392-4397) is refused as "inducement_excluded".
    """
    if team_key not in ruleset.teams:
        return (Violation("unknown_team", {"team": team_key}),)
    p = ruleset.params
    # "treasury_any" (PBBL P40/L88): no inducement money, but no item is barred either.
    final_mode = p.final_inducements if final and p.final_inducements != "treasury_any" else None
    found: list[Violation] = []
    _check_items(ruleset, team_key, order, final_mode, found, roster_size)
    slots = _check_stars(ruleset, team_key, order, final_mode, found, allies)
    _check_mercenaries(ruleset, team_key, order, final_mode, position_counts, found)
    squad = roster_size + slots + len(order.mercenaries)
    if (order.stars or order.mercenaries) and squad > p.roster_max_players:
        found.append(Violation("squad_max", {"max": p.roster_max_players, "count": squad}))
    structural = {
        "unknown_inducement",
        "inducement_needs_details",
        "negative_count",
        "unknown_star",
        "unknown_position",
        "unknown_skill",
    }
    if not any(v.code in structural for v in found):
        cost = inducement_cost(ruleset, team_key, order, trophy_prices)
        if cost > budget:
            found.append(Violation("over_budget", {"budget": budget, "cost": cost}))
    return tuple(found)
