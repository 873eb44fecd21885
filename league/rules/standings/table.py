"""The standings table: the points ledger summed per team, then ordered by the tie-breakers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .ledger import SideLine, points_ledger
from .ranking import LotsRequest, Totals, rank_teams
from .records import Bye, PointsScheme, Result, StandingsTeam, TeamId

FORM_LENGTH = 5
_FORM_LETTER = {"win": "W", "draw": "D", "loss": "L"}


@dataclass(frozen=True)
class StandingsRow:
    team: TeamId
    position: int  # shared by tied rows: 3, 3, 5
    tied: bool  # True when another row has the same position ("3=")
    above_next_on: str | None  # the tie-breaker that put this row above the next; None if tied or last
    played: int
    won: int
    drawn: int
    lost: int
    conceded: int  # matches this team conceded (also in `lost` unless the scheme says otherwise)
    byes: int
    td_for: int
    td_against: int
    cas_for: int
    cas_against: int
    points: int
    points_without_bonus: int
    form: tuple[str, ...]  # "W"/"D"/"L" of the last 5 results, most recent last
    team_value: int | None

    @property
    def td_diff(self) -> int:
        return self.td_for - self.td_against

    @property
    def cas_diff(self) -> int:
        return self.cas_for - self.cas_against

    @property
    def position_label(self) -> str:
        return f"{self.position}=" if self.tied else str(self.position)


@dataclass(frozen=True)
class Standings:
    """The ordered rows, the ledger they sum, and the lots the caller must draw to go further.

    `lots_needed`: groups still level when the "lots" key was reached without a lot for every
    member, or the "commissioner" key without his order (see ranking.LotsRequest).
    """

    rows: tuple[StandingsRow, ...]
    ledger: tuple[SideLine, ...]
    lots_needed: tuple[LotsRequest, ...]

    def row(self, team: TeamId) -> StandingsRow:
        return next(row for row in self.rows if row.team == team)

    def ledger_of(self, team: TeamId) -> tuple[SideLine, ...]:
        return tuple(entry for entry in self.ledger if entry.team == team)


def _check_teams(teams: Sequence[StandingsTeam], results: Sequence[Result | Bye]) -> None:
    ids = [team.team for team in teams]
    if len(set(ids)) != len(ids):
        raise ValueError("a team is listed twice")
    known = set(ids)
    for item in results:
        involved = (item.team,) if isinstance(item, Bye) else (item.home, item.away)
        for team in involved:
            if team not in known:
                raise ValueError(f"result {item.key}: team {team!r} is not in the competition")
    keys = [item.key for item in results]
    if len(set(keys)) != len(keys):
        raise ValueError("two results share a key")


def _row(team: StandingsTeam, entries: Sequence[SideLine], scheme: PointsScheme) -> StandingsRow:
    """The team's figures; position and separation are filled in once the table is ordered."""
    games = [entry for entry in entries if entry.outcome is not None]
    conceded = sum(1 for entry in games if entry.conceded)
    losses = sum(1 for entry in games if entry.outcome == "loss")
    if not scheme.concession_counts_as_loss:
        losses -= conceded
    return StandingsRow(
        team=team.team,
        position=0,
        tied=False,
        above_next_on=None,
        played=len(games),
        won=sum(1 for entry in games if entry.outcome == "win"),
        drawn=sum(1 for entry in games if entry.outcome == "draw"),
        lost=losses,
        conceded=conceded,
        byes=len(entries) - len(games),
        td_for=sum(entry.td_for for entry in games),
        td_against=sum(entry.td_against for entry in games),
        cas_for=sum(entry.cas_for for entry in games),
        cas_against=sum(entry.cas_against for entry in games),
        points=sum(entry.points for entry in entries),
        points_without_bonus=sum(entry.base_points for entry in entries),
        # The ledger is in time order, so the last five games are the form, most recent last.
        form=tuple(_FORM_LETTER[entry.outcome] for entry in games[-FORM_LENGTH:] if entry.outcome),
        team_value=team.team_value,
    )


def compute_standings(
    teams: Sequence[StandingsTeam],
    results: Sequence[Result | Bye],
    scheme: PointsScheme,
    tie_breakers: Sequence[str],
    lots: Mapping[TeamId, int] | None = None,
    orders: Mapping[TeamId, int] | None = None,
) -> Standings:
    """The ordered table of `teams` after `results` under `scheme`.

    `tie_breakers` is the ordered list of keys (ranking.TIE_BREAKERS), normally starting with
    "points". Rows left level by every key share a position and are listed in the order of
    `teams` (the caller's registration order): that order never decides a position.
    `lots`: team -> the stored die drawn for it; a higher lot ranks higher.
    `orders`: team -> the commissioner's order of a tied group ("commissioner"); higher ranks higher.
    """
    _check_teams(teams, results)
    ledger = points_ledger(tuple(results), scheme)
    by_team: dict[TeamId, list[SideLine]] = {team.team: [] for team in teams}
    for entry in ledger:
        by_team[entry.team].append(entry)
    raw = {team.team: _row(team, by_team[team.team], scheme) for team in teams}
    ratings = {team.team: team.rating for team in teams}
    totals = {
        team: Totals(
            row.points, row.td_for, row.td_against, row.cas_for, row.cas_against, row.team_value, ratings.get(team)
        )
        for team, row in raw.items()
    }
    tiers, lots_needed = rank_teams([team.team for team in teams], tie_breakers, totals, ledger, lots, orders)
    rows: list[StandingsRow] = []
    for tier in tiers:
        position = len(rows) + 1
        for index, team in enumerate(tier.teams):
            last = index == len(tier.teams) - 1
            rows.append(
                replace(
                    raw[team],
                    position=position,
                    tied=len(tier.teams) > 1,
                    above_next_on=tier.above_next_on if last else None,
                )
            )
    return Standings(rows=tuple(rows), ledger=ledger, lots_needed=tuple(lots_needed))
