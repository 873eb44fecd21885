"""Player value and Team Value (spec §2, seed 000 p.16, p.27, p.29)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..ruleset import Ruleset
from .alliances import reroll_cost as alliance_reroll_cost


def player_value(ruleset: Ruleset, *, position_cost: int, improvements: Iterable[str]) -> int:
    """Hire cost plus the value increase of every improvement taken (value_modifiers keys).

    Injuries are not an input on purpose: they never lower a player's value (p.27 L3517-3518).
    """
    total = position_cost
    for key in improvements:
        try:
            total += ruleset.value_increases[key]
        except KeyError:
            known = ", ".join(ruleset.value_increases)
            raise ValueError(f"unknown improvement {key!r} (known: {known})") from None
    return total


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    value: int
    available: bool  # False when the player misses the next match (MNG) or is dead


@dataclass(frozen=True, slots=True)
class TeamFacts:
    team_key: str
    rerolls: int
    fan_factor: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: bool
    players: tuple[PlayerFacts, ...]
    # Held trophies (trophies.csv): re-rolls counted at the single list price, beyond the re-roll
    # cap (A10), and fan factor points (PBBL Spike!) counted like bought ones.
    trophy_rerolls: int = 0
    trophy_fan_factor: int = 0
    treasury: int = 0  # counted only where the ruleset says so (team_value_includes_treasury)
    allies: tuple[str, ...] = ()  # an alliance team's other rosters: its re-rolls' list price is the alliance's


def team_value(ruleset: Ruleset, facts: TeamFacts) -> int:
    """Roster TV: available players, re-rolls at the single list price, FF and staff.

    Players who miss the next match never count (p.29 L3756-3761); the treasury counts only where
    the ruleset says so (team_value_includes_treasury: PBBL P32/L72), a bank never.
    Re-rolls bought after creation cost double but add the single price (p.29 L3847-3850).
    """
    p = ruleset.params
    for name in ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders", "trophy_rerolls", "trophy_fan_factor"):
        if getattr(facts, name) < 0:
            raise ValueError(f"{name} cannot be negative, got {getattr(facts, name)}")
    players = sum(player.value for player in facts.players if player.available)
    fan_factor = 0 if p.free_fan_factor else (facts.fan_factor + facts.trophy_fan_factor) * p.fan_factor_cost
    return (
        players
        + (facts.rerolls + facts.trophy_rerolls) * alliance_reroll_cost(ruleset, facts.team_key, facts.allies)
        + fan_factor
        + facts.assistant_coaches * p.assistant_coach_cost
        + facts.cheerleaders * p.cheerleader_cost
        + (p.apothecary_cost if facts.apothecary else 0)
        + (max(facts.treasury, 0) if p.team_value_includes_treasury else 0)
    )


def match_team_value(roster_tv: int, petty_cash: int) -> int:
    """TV for this match: petty cash moved from the treasury counts (p.28 L3614-3619)."""
    if petty_cash < 0:
        raise ValueError(f"petty cash cannot be negative, got {petty_cash}")
    return roster_tv + petty_cash


def reroll_purchase_price(ruleset: Ruleset, team_key: str, *, at_creation: bool, allies: tuple[str, ...] = ()) -> int:
    """Gold paid for one team re-roll: list price at creation, multiplied afterwards (§1 rule 3);
    an alliance team's list price is the alliance's (catalogue/alliances.py)."""
    price = alliance_reroll_cost(ruleset, team_key, allies)
    return price if at_creation else price * ruleset.params.reroll_cost_multiplier_after_creation


def may_buy_reroll(ruleset: Ruleset, team_key: str, *, rerolls: int, trophy_rerolls: int = 0) -> bool:
    """Whether one more re-roll stays within the team list's cap. A held trophy's re-roll counts
    toward the cap only when the ruleset says so (parameter trophy_reroll_above_cap, spec §14 A10)."""
    counted = rerolls + (0 if ruleset.params.trophy_reroll_above_cap else trophy_rerolls)
    return counted < ruleset.team(team_key).max_rerolls
