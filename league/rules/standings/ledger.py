"""The points ledger: for every result and bye, each team's base points plus one line per bonus.

The table is the sum of this ledger, so every number on it can be explained line by line, and
"points without bonus" and head-to-head points come from the same lines (anchors doc §4).
"""

from __future__ import annotations

from dataclasses import dataclass

from .records import Bye, Outcome, PointsScheme, Result, Side, TeamId

# Label keys of base lines; bonus lines carry their BonusRule.key, prefixed "bonus.".
BASE_LABELS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "conceded", "bye")


@dataclass(frozen=True)
class LedgerLine:
    label: str  # one of BASE_LABELS, or "bonus.<rule key>"
    points: int

    @property
    def is_bonus(self) -> bool:
        return self.label.startswith("bonus.")


@dataclass(frozen=True)
class SideLine:
    """What one team took from one result: its figures and its ledger lines."""

    key: str
    order: int
    team: TeamId
    opponent: TeamId | None  # None for a bye
    outcome: Outcome | None  # None for a bye
    td_for: int
    td_against: int
    cas_for: int
    cas_against: int
    conceded: bool  # this team conceded
    awarded: bool  # a result given without a match (forfeit, refused challenge)
    lines: tuple[LedgerLine, ...]

    @property
    def points(self) -> int:
        return sum(line.points for line in self.lines)

    @property
    def base_points(self) -> int:
        return sum(line.points for line in self.lines if not line.is_bonus)


def _other(side: Side) -> Side:
    return "away" if side == "home" else "home"


def _outcome(result: Result, side: Side) -> Outcome:
    if result.conceded_by is not None:
        return "loss" if result.conceded_by == side else "win"
    if result.awarded_to is not None:
        return "win" if result.awarded_to == side else "loss"
    mine, theirs = (result.home_td, result.away_td) if side == "home" else (result.away_td, result.home_td)
    if mine == theirs and result.shootout_winner is not None:
        return "win" if result.shootout_winner == side else "loss"
    return "win" if mine > theirs else "draw" if mine == theirs else "loss"


def _base_line(result: Result, side: Side, outcome: Outcome, scheme: PointsScheme) -> LedgerLine:
    if result.awarded_to is not None:
        if outcome == "win":
            return LedgerLine("forfeit_win", scheme.forfeit_win)
        return LedgerLine("forfeit_loss", scheme.forfeit_loss)
    if result.conceded_by == side:
        return LedgerLine("conceded", scheme.concede)
    points = {"win": scheme.win, "draw": scheme.draw, "loss": scheme.loss}[outcome]
    return LedgerLine(outcome, points)


def side_line(result: Result, side: Side, scheme: PointsScheme) -> SideLine:
    """The ledger entry of `side` in `result` under `scheme`."""
    home = side == "home"
    td_for, td_against = (result.home_td, result.away_td) if home else (result.away_td, result.home_td)
    cas_for, cas_against = (result.home_cas, result.away_cas) if home else (result.away_cas, result.home_cas)
    outcome = _outcome(result, side)
    lines = [_base_line(result, side, outcome, scheme)]
    # No bonus on an awarded result: no match was played (a refused challenge has no sequence).
    if result.awarded_to is None:
        metrics = {
            "td_for": td_for,
            "td_against": td_against,
            "cas_for": cas_for,
            "cas_against": cas_against,
            "td_margin": td_for - td_against,
        }
        for rule in scheme.bonuses:
            if rule.applies_to in ("any", outcome) and rule.holds(metrics[rule.metric]):
                lines.append(LedgerLine(f"bonus.{rule.key}", rule.points))
    return SideLine(
        key=result.key,
        order=result.order,
        team=result.home if home else result.away,
        opponent=result.away if home else result.home,
        outcome=outcome,
        td_for=td_for,
        td_against=td_against,
        cas_for=cas_for,
        cas_against=cas_against,
        conceded=result.conceded_by == side,
        awarded=result.awarded_to is not None,
        lines=tuple(lines),
    )


def bye_line(bye: Bye, scheme: PointsScheme) -> SideLine:
    return SideLine(
        key=bye.key,
        order=bye.order,
        team=bye.team,
        opponent=None,
        outcome=None,
        td_for=0,
        td_against=0,
        cas_for=0,
        cas_against=0,
        conceded=False,
        awarded=False,
        lines=(LedgerLine("bye", scheme.bye),),
    )


def points_ledger(results: list[Result | Bye] | tuple[Result | Bye, ...], scheme: PointsScheme) -> tuple[SideLine, ...]:
    """Every team's ledger entries, in time order (order, then key, then home before away)."""
    entries: list[SideLine] = []
    for item in results:
        if isinstance(item, Bye):
            entries.append(bye_line(item, scheme))
        else:
            entries.append(side_line(item, "home", scheme))
            entries.append(side_line(item, "away", scheme))
    # Sorting on the match key too keeps the ledger independent of the input order.
    return tuple(sorted(entries, key=lambda e: (e.order, e.key, e.opponent is None, str(e.team))))
