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


def levels_for(ruleset: Ruleset, team_key: str | None = None, position_key: str | None = None) -> tuple[SppLevel, ...]:
    """The level table of a position: its group's (level_groups.csv, e.g. big guys needing twice
    the SPP), else the ruleset's (spp_levels.csv). Without a position, the ruleset's."""
    group = ruleset.level_groups.get((team_key or "", position_key or ""))
    return ruleset.level_tables[group] if group is not None else ruleset.spp_levels


def spp_level(ruleset: Ruleset, spp: int, *, team_key: str | None = None, position_key: str | None = None) -> SppLevel:
    """The experience level (Rookie ... Legend) of a player of this position with `spp` points."""
    if spp < 0:
        raise ValueError(f"SPP cannot be negative, got {spp}")
    for level in levels_for(ruleset, team_key, position_key):
        if spp >= level.spp_min and (level.spp_max is None or spp <= level.spp_max):
            return level
    raise ValueError(f"no SPP level covers {spp}")  # unreachable with validated data


def next_level(
    ruleset: Ruleset, spp: int, *, team_key: str | None = None, position_key: str | None = None
) -> SppLevel | None:
    """The level a player of this position reaches next (its spp_min is his next threshold), or
    None at the last level."""
    current = spp_level(ruleset, spp, team_key=team_key, position_key=position_key)
    levels = levels_for(ruleset, team_key, position_key)
    index = levels.index(current)
    return levels[index + 1] if index + 1 < len(levels) else None


def improvement_rolls_due(
    ruleset: Ruleset, spp_before: int, spp_after: int, *, team_key: str | None = None, position_key: str | None = None
) -> int:
    """Improvement rolls earned by going from spp_before to spp_after (levels crossed)."""
    if spp_after < spp_before:
        raise ValueError(f"SPP never decrease ({spp_before} -> {spp_after})")
    where = {"team_key": team_key, "position_key": position_key}
    return (
        spp_level(ruleset, spp_after, **where).improvement_rolls
        - spp_level(ruleset, spp_before, **where).improvement_rolls
    )


def improvement_rolls_pending(
    ruleset: Ruleset, spp: int, rolls_taken: int, *, team_key: str | None = None, position_key: str | None = None
) -> int:
    """Rolls still owed to a player: the level's cumulative count minus rolls already made (§5.3)."""
    level = spp_level(ruleset, spp, team_key=team_key, position_key=position_key)
    return max(level.improvement_rolls - rolls_taken, 0)
