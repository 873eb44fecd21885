"""Ordering the table: tie-breakers applied by splitting groups (anchors doc §5, "Recommended").

Sort the group by key 1, split it into groups of equal value, apply key 2 inside each group, and
so on. Nothing orders teams that every key leaves equal: they stay tied (no name or id order).
Head-to-head is the mini-league rule (a): points from the games among the tied teams only (points
per game when they met unequally often; skipped when a pair never met), and after it splits a
group each subgroup starts again at the head-to-head key with only its own games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .ledger import SideLine
from .records import TeamId

TIE_BREAKERS = (
    "points",
    "td_diff",
    "cas_diff",
    "head_to_head",
    "td_for",
    "fewest_conceded",
    "cas_for",
    "team_value",
    "rating",
    "lots",
    "commissioner",
)


@dataclass(frozen=True)
class Totals:
    """A team's season figures, the inputs of the whole-season keys."""

    points: int
    td_for: int
    td_against: int
    cas_for: int
    cas_against: int
    team_value: int | None
    rating: int | None = None  # the team's ELO rating (league.ratings), for the "rating" key


@dataclass(frozen=True)
class Tier:
    """Teams left level by every key, and the key that put this tier above the next (None: last)."""

    teams: tuple[TeamId, ...]
    above_next_on: str | None


@dataclass(frozen=True)
class LotsRequest:
    """Lots to draw for a group still level when the "lots" key is reached.

    The caller rolls one die of `sides` faces per team, stores the dice (as every die is stored),
    and computes the table again with `lots={team: value}`; equal lots leave the tie, so a caller
    wanting a strict order re-draws between the teams still level. `key` names the group the same
    way whatever the input order (it is not an order between the teams).
    """

    key: str
    teams: tuple[TeamId, ...]
    sides: int = 6
    # The key that asks: "lots" (dice to draw) or "commissioner" (an order for him to give; the
    # caller stores it as a value per team, higher first, and computes the table again).
    tie_breaker: str = "lots"


Value = int | Fraction

_SEASON_KEYS: Mapping[str, Callable[[Totals], int | None]] = {
    "points": lambda t: t.points,
    "td_diff": lambda t: t.td_for - t.td_against,
    "cas_diff": lambda t: t.cas_for - t.cas_against,
    "td_for": lambda t: t.td_for,
    "fewest_conceded": lambda t: -t.td_against,
    "cas_for": lambda t: t.cas_for,
    "team_value": lambda t: t.team_value,
    "rating": lambda t: t.rating,
}


def check_tie_breakers(keys: Sequence[str]) -> None:
    unknown = [key for key in keys if key not in TIE_BREAKERS]
    if unknown:
        raise ValueError(f"unknown tie-breaker(s) {', '.join(unknown)} (known: {', '.join(TIE_BREAKERS)})")
    repeated = sorted({key for key in keys if list(keys).count(key) > 1})
    if repeated:
        raise ValueError(f"tie-breaker(s) listed twice: {', '.join(repeated)}")


def head_to_head(group: Sequence[TeamId], ledger: Sequence[SideLine]) -> dict[TeamId, Value] | None:
    """Points per game in the games among `group` only; None when some pair never met."""
    members = set(group)
    points: dict[TeamId, int] = dict.fromkeys(group, 0)
    games: dict[TeamId, int] = dict.fromkeys(group, 0)
    met: set[frozenset[TeamId]] = set()
    for entry in ledger:
        if entry.team in members and entry.opponent in members and entry.opponent is not None:
            points[entry.team] += entry.points
            games[entry.team] += 1
            met.add(frozenset((entry.team, entry.opponent)))
    pairs = len(members) * (len(members) - 1) // 2
    if len(met) < pairs:
        return None
    return {team: Fraction(points[team], games[team]) for team in group}


class _Ranker:
    def __init__(
        self,
        keys: Sequence[str],
        totals: Mapping[TeamId, Totals],
        ledger: Sequence[SideLine],
        lots: Mapping[TeamId, int],
        orders: Mapping[TeamId, int],
    ) -> None:
        self.keys = tuple(keys)
        self.totals = totals
        self.ledger = ledger
        self.lots = lots
        self.orders = orders
        self.lots_needed: list[LotsRequest] = []

    def values(self, key: str, group: Sequence[TeamId]) -> Mapping[TeamId, Value] | None:
        """Each member's value for `key` (higher ranks higher), or None if the key cannot apply."""
        if key == "head_to_head":
            return head_to_head(group, self.ledger)
        if key == "lots":
            missing = tuple(team for team in group if team not in self.lots)
            if missing:
                self.lots_needed.append(LotsRequest("lots:" + ",".join(sorted(map(str, group))), tuple(group)))
                return None
            return {team: self.lots[team] for team in group}
        if key == "commissioner":
            # His order must cover the whole group, each team in its own place: a group that
            # changed since (a team joined the tie) is asked again rather than half-ordered.
            given = [self.orders[team] for team in group if team in self.orders]
            if len(given) < len(group) or len(set(given)) < len(given):
                key_ = "commissioner:" + ",".join(sorted(map(str, group)))
                self.lots_needed.append(LotsRequest(key_, tuple(group), 0, "commissioner"))
                return None
            return {team: self.orders[team] for team in group}
        read = _SEASON_KEYS[key]
        found = {team: read(self.totals[team]) for team in group}
        # A key some member lacks (no team value given) separates nobody rather than guessing.
        if any(value is None for value in found.values()):
            return None
        return {team: value for team, value in found.items() if value is not None}

    def rank(self, group: tuple[TeamId, ...], start: int) -> list[Tier]:
        if len(group) == 1:
            return [Tier(group, None)]
        for index in range(start, len(self.keys)):
            key = self.keys[index]
            values = self.values(key, group)
            if values is None:
                continue
            distinct = sorted(set(values.values()), reverse=True)
            if len(distinct) == 1:
                continue
            # A group-dependent key (head-to-head) is re-run inside each subgroup with its own games.
            restart = index if key == "head_to_head" else index + 1
            tiers: list[Tier] = []
            for value in distinct:
                bucket = tuple(team for team in group if values[team] == value)
                sub = self.rank(bucket, restart)
                if tiers:
                    tiers[-1] = Tier(tiers[-1].teams, key)
                tiers.extend(sub)
            return tiers
        return [Tier(group, None)]


def rank_teams(
    teams: Sequence[TeamId],
    keys: Sequence[str],
    totals: Mapping[TeamId, Totals],
    ledger: Sequence[SideLine],
    lots: Mapping[TeamId, int] | None = None,
    orders: Mapping[TeamId, int] | None = None,
) -> tuple[list[Tier], list[LotsRequest]]:
    """The tiers in table order, and the groups that reached "lots" without a lot for every member
    or "commissioner" without his order (LotsRequest.tie_breaker says which)."""
    check_tie_breakers(keys)
    ranker = _Ranker(keys, totals, ledger, lots or {}, orders or {})
    return ranker.rank(tuple(teams), 0), ranker.lots_needed
