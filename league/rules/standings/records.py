"""Input records and the points scheme of the standings engine.

Everything here is plain data: the web layer builds Results from stored matches, and a scheme
comes from a ruleset's [standings] table (ruleset.toml) or from a league's own settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

TeamId = int | str
Side = Literal["home", "away"]
Outcome = Literal["win", "draw", "loss"]

METRICS = ("td_for", "td_against", "cas_for", "cas_against", "td_margin")
COMPARATORS = (">=", ">", "<=", "<", "==")
APPLIES_TO = ("any", "win", "draw", "loss")


@dataclass(frozen=True)
class Result:
    """One finished match as the table sees it.

    `order` places the match in time (play order, flattened by the caller); `key`
    (the match id) breaks equal orders so the form column never depends on the input order.
    `conceded_by`: the side that conceded; the other side wins whatever the score (LRB6 §8).
    `shootout_winner`: a level score that may not stand, won on the shoot-out (win and loss).
    `awarded_to`: a result given without a match (a refused challenge recorded as 2-0, a
    forfeit): the recorded score counts, the points are the scheme's forfeit points, no bonus.
    """

    key: str
    order: int
    home: TeamId
    away: TeamId
    home_td: int
    away_td: int
    home_cas: int = 0
    away_cas: int = 0
    conceded_by: Side | None = None
    awarded_to: Side | None = None
    # A level score decided by a shoot-out (a ruleset without draws, a play-off): its winner wins.
    shootout_winner: Side | None = None

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise ValueError(f"result {self.key}: a team cannot play itself")
        if min(self.home_td, self.away_td, self.home_cas, self.away_cas) < 0:
            raise ValueError(f"result {self.key}: negative score")
        if self.conceded_by is not None and self.awarded_to is not None:
            raise ValueError(f"result {self.key}: a result is either conceded or awarded, not both")


@dataclass(frozen=True)
class Bye:
    """A round in which `team` had no opponent (odd number of teams)."""

    key: str
    order: int
    team: TeamId


@dataclass(frozen=True)
class StandingsTeam:
    """A team registered in the competition; `team_value` feeds the team_value tie-breaker and
    `rating` (its ELO rating, higher first) the rating one."""

    team: TeamId
    team_value: int | None = None
    rating: int | None = None


@dataclass(frozen=True)
class BonusRule:
    """+points when `metric comparator threshold` holds for a side, e.g. td_for >= 3.

    `applies_to` limits it to the side's outcome (a defensive bonus: td_margin >= -1 on a loss).
    `key` labels the ledger line (translated by the web layer).
    """

    key: str
    metric: str
    comparator: str
    threshold: int
    points: int
    applies_to: str = "any"

    def __post_init__(self) -> None:
        if self.metric not in METRICS:
            raise ValueError(f"bonus {self.key}: unknown metric {self.metric!r} (known: {', '.join(METRICS)})")
        if self.comparator not in COMPARATORS:
            raise ValueError(f"bonus {self.key}: unknown comparator {self.comparator!r}")
        if self.applies_to not in APPLIES_TO:
            raise ValueError(f"bonus {self.key}: applies_to must be one of {', '.join(APPLIES_TO)}")

    def holds(self, value: int) -> bool:
        match self.comparator:
            case ">=":
                return value >= self.threshold
            case ">":
                return value > self.threshold
            case "<=":
                return value <= self.threshold
            case "<":
                return value < self.threshold
            case _:
                return value == self.threshold


@dataclass(frozen=True)
class PointsScheme:
    """Points per outcome, forfeits, byes, concessions and bonus rules.

    `concede`: points of the team that conceded (default: the loss points); with
    `concession_counts_as_loss` false a concession is not in the L column (it stays in `conceded`).
    """

    key: str
    win: int
    draw: int
    loss: int
    forfeit_win: int
    forfeit_loss: int
    bye: int = 0
    concede: int = 0
    concession_counts_as_loss: bool = True
    bonuses: tuple[BonusRule, ...] = ()


_INT_FIELDS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "bye", "concede")
_BONUS_FIELDS = {"key", "metric", "comparator", "threshold", "points", "applies_to"}


def scheme_from_mapping(key: str, values: Mapping[str, object]) -> tuple[PointsScheme | None, list[str]]:
    """Build a scheme from a TOML table (or a league setting); returns (scheme or None, problems).

    win, draw and loss are required; forfeit_win/forfeit_loss default to win/loss, concede to
    loss, bye to 0, concession_counts_as_loss to true, bonuses to none.
    """
    problems: list[str] = []
    known = {*_INT_FIELDS, "concession_counts_as_loss", "bonuses"}
    for name in sorted(set(values) - known):
        problems.append(f"scheme {key!r}: unknown field {name!r}")
    for name in ("win", "draw", "loss"):
        if name not in values:
            problems.append(f"scheme {key!r}: missing {name!r}")
    for name in _INT_FIELDS:
        if name in values and type(values[name]) is not int:
            problems.append(f"scheme {key!r}: {name!r} must be a whole number")
    counts = values.get("concession_counts_as_loss", True)
    if not isinstance(counts, bool):
        problems.append(f"scheme {key!r}: 'concession_counts_as_loss' must be true or false")
    bonuses: list[BonusRule] = []
    raw_bonuses = values.get("bonuses", [])
    if not isinstance(raw_bonuses, list):
        problems.append(f"scheme {key!r}: 'bonuses' must be a list of tables")
        raw_bonuses = []
    for index, raw in enumerate(raw_bonuses):
        where = f"scheme {key!r} bonus {index + 1}"
        if not isinstance(raw, dict) or not {"key", "metric", "comparator", "threshold", "points"} <= set(raw):
            problems.append(f"{where}: needs key, metric, comparator, threshold and points")
            continue
        if set(raw) - _BONUS_FIELDS:
            problems.append(f"{where}: unknown field(s) {', '.join(sorted(set(raw) - _BONUS_FIELDS))}")
            continue
        if type(raw["threshold"]) is not int or type(raw["points"]) is not int:
            problems.append(f"{where}: threshold and points must be whole numbers")
            continue
        try:
            bonuses.append(BonusRule(**{name: raw[name] for name in raw}))
        except (TypeError, ValueError) as exc:
            problems.append(f"{where}: {exc}")
    if problems:
        return None, problems
    win, loss = _int(values, "win", 0), _int(values, "loss", 0)
    scheme = PointsScheme(
        key=key,
        win=win,
        draw=_int(values, "draw", 0),
        loss=loss,
        forfeit_win=_int(values, "forfeit_win", win),
        forfeit_loss=_int(values, "forfeit_loss", loss),
        bye=_int(values, "bye", 0),
        concede=_int(values, "concede", loss),
        concession_counts_as_loss=bool(counts),
        bonuses=tuple(bonuses),
    )
    return scheme, []


def _int(values: Mapping[str, object], name: str, default: int) -> int:
    value = values.get(name, default)
    return value if isinstance(value, int) else default


def _preset(key: str, win: int, draw: int, loss: int, bonuses: tuple[BonusRule, ...] = ()) -> PointsScheme:
    return PointsScheme(key, win, draw, loss, forfeit_win=win, forfeit_loss=loss, concede=loss, bonuses=bonuses)


# Generic presets offered to every ruleset (anchors doc §4); a ruleset's own defaults live in its
# ruleset.toml [standings] table. "custom" is a starting point the commissioner edits: 3/1/0 with
# BBLO's and Tourplay's two common bonuses (+1 for 3+ TDs, +1 for 3+ casualties, in any result).
PRESETS: Mapping[str, PointsScheme] = {
    "w3d1l0": _preset("w3d1l0", 3, 1, 0),
    "w5d3l1": _preset("w5d3l1", 5, 3, 1),
    "custom": _preset(
        "custom",
        3,
        1,
        0,
        (
            BonusRule("td_3_plus", "td_for", ">=", 3, 1),
            BonusRule("cas_3_plus", "cas_for", ">=", 3, 1),
        ),
    ),
}
