"""Characteristic limits: improvements and injuries tracked separately (spec §14 A5/A6).

A stat is base + improvements - injuries, clamped to the ruleset's bounds. Improvements may add
at most stat_max_increase and never go above stat_max_value; injuries may remove at most
stat_max_decrease and never go below stat_min_value (seed 000 p.25 L3262-3266, p.26 L3441-3449).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .._rules_arg import RulesLike, params_of
from ..types import STATS, Position


@dataclass(frozen=True, slots=True)
class StatLimits:
    max_increase: int
    max_value: int
    max_decrease: int
    min_value: int

    @classmethod
    def of(cls, rules: RulesLike) -> StatLimits:
        p = params_of(rules)
        return cls(p.stat_max_increase, p.stat_max_value, p.stat_max_decrease, p.stat_min_value)


@dataclass(frozen=True, slots=True)
class StatLine:
    base: int  # the position's starting value
    improvements: int = 0
    injuries: int = 0

    def __post_init__(self) -> None:
        if self.improvements < 0 or self.injuries < 0:
            raise ValueError("improvement and injury counts cannot be negative")


def _check_stat(stat: str) -> str:
    if stat not in STATS:
        raise ValueError(f"unknown characteristic {stat!r} (expected one of {', '.join(STATS)})")
    return stat


@dataclass(frozen=True, slots=True)
class Characteristics:
    limits: StatLimits
    ma: StatLine
    st: StatLine
    ag: StatLine
    av: StatLine

    @classmethod
    def for_position(
        cls,
        rules: RulesLike,
        position: Position,
        *,
        improvements: Mapping[str, int] | None = None,
        injuries: Mapping[str, int] | None = None,
    ) -> Characteristics:
        """The stat lines of a player of `position` with counts of improvements/injuries per stat."""
        up, down = dict(improvements or {}), dict(injuries or {})
        for stat in (*up, *down):
            _check_stat(stat)
        lines = {s: StatLine(position.stat(s), up.get(s, 0), down.get(s, 0)) for s in STATS}
        return cls(StatLimits.of(rules), **lines)

    def line(self, stat: str) -> StatLine:
        return getattr(self, _check_stat(stat))  # type: ignore[no-any-return]

    def effective(self, stat: str) -> int:
        line, lim = self.line(stat), self.limits
        return max(lim.min_value, min(lim.max_value, line.base + line.improvements - line.injuries))

    def values(self) -> dict[str, int]:
        return {stat: self.effective(stat) for stat in STATS}

    def can_improve(self, stat: str) -> bool:
        return self.line(stat).improvements < self.limits.max_increase and self.effective(stat) < self.limits.max_value

    def injury_applies(self, stat: str) -> bool:
        """False when the injury would break a limit: it is then ignored (the MNG still applies)."""
        return self.line(stat).injuries < self.limits.max_decrease and self.effective(stat) > self.limits.min_value

    def improved(self, stat: str) -> Characteristics:
        if not self.can_improve(stat):
            raise ValueError(f"{stat.upper()} cannot be improved any further")
        line = self.line(stat)
        return self._with_line(stat, replace(line, improvements=line.improvements + 1))

    def injured(self, stat: str) -> Characteristics:
        """After a -1 injury to `stat`; unchanged when the limits make the injury void."""
        if not self.injury_applies(stat):
            return self
        line = self.line(stat)
        return self._with_line(stat, replace(line, injuries=line.injuries + 1))

    def _with_line(self, stat: str, line: StatLine) -> Characteristics:
        # Typed as Any: mypy checks a **dict against every field of replace(), `limits` included.
        changes: dict[str, Any] = {stat: line}
        return replace(self, **changes)
