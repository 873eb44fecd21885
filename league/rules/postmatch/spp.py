"""Star Player Points: awards, levels and improvement rolls (seed 000 p.26 L3272-3411)."""

from __future__ import annotations

from ..ruleset import Ruleset
from ..types import SppLevel


def spp_for(
    ruleset: Ruleset,
    *,
    completions: int = 0,
    touchdowns: int = 0,
    interceptions: int = 0,
    casualties: int = 0,
    mvps: int = 0,
) -> int:
    """SPP earned for counted events, using the ruleset's award table."""
    counts = {
        "completion": completions,
        "touchdown": touchdowns,
        "interception": interceptions,
        "casualty": casualties,
        "mvp": mvps,
    }
    total = 0
    for action, count in counts.items():
        if count < 0:
            raise ValueError(f"{action} count cannot be negative, got {count}")
        total += count * ruleset.spp_awards[action]
    return total


def spp_level(ruleset: Ruleset, spp: int) -> SppLevel:
    """The experience level (Rookie ... Legend) of a player with `spp` points."""
    if spp < 0:
        raise ValueError(f"SPP cannot be negative, got {spp}")
    for level in ruleset.spp_levels:
        if spp >= level.spp_min and (level.spp_max is None or spp <= level.spp_max):
            return level
    raise ValueError(f"no SPP level covers {spp}")  # unreachable with validated data


def improvement_rolls_due(ruleset: Ruleset, spp_before: int, spp_after: int) -> int:
    """Improvement rolls earned by going from spp_before to spp_after (levels crossed)."""
    if spp_after < spp_before:
        raise ValueError(f"SPP never decrease ({spp_before} -> {spp_after})")
    return spp_level(ruleset, spp_after).improvement_rolls - spp_level(ruleset, spp_before).improvement_rolls


def improvement_rolls_pending(ruleset: Ruleset, spp: int, rolls_taken: int) -> int:
    """Rolls still owed to a player: the level's cumulative count minus rolls already made (§5.3)."""
    return max(spp_level(ruleset, spp).improvement_rolls - rolls_taken, 0)
