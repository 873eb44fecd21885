"""Playing a small history of three teams in a chosen order, and reading its state by names, so that
a corrected history can be compared field by field with the same one entered right."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

from matches.models import Match
from matches.services import (
    CasualtyLine,
    PlayerLine,
    PrematchInput,
    ReportInput,
    match_schedule,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)
from teams.states import team_states
from tests.builders import human_team, league_of, orc_team


class SteadyDice:
    """The server's dice in these histories: always 4 (or the die's top face), whatever the order
    they are asked in, so that two histories rolling in different orders roll the same values."""

    def roll(self, sides: int) -> int:
        return min(4, sides)


@dataclass(frozen=True)
class Result:
    """A result by shirt numbers: lines {(side, number): {touchdowns: n, ...}}, casualties suffered
    [(side, number, d6, d8)]."""

    home: str
    away: str
    day: int
    score: tuple[int, int]
    lines: dict[tuple[str, int], dict[str, int]] = field(default_factory=dict)
    casualties: tuple[tuple[str, int, int, int], ...] = ()


def three_teams(name: str, commissioner, alice, bob, carol) -> dict[str, Any]:
    league = league_of("lrb6", name, commissioner, alice, bob, carol)
    return {
        "league": league,
        "Reavers": human_team(league, alice, "Reavers"),
        "Gouged Eye": orc_team(league, bob, "Gouged Eye"),
        "Grey Fangs": human_team(league, carol, "Grey Fangs"),
    }


def report_for(match: Match, result: Result) -> ReportInput:
    def player(side: str, number: int) -> int:
        return match.team(side).players.get(number=number).pk

    return ReportInput(
        home_score=result.score[0],
        away_score=result.score[1],
        gate=20,
        lines=tuple(PlayerLine(player(side, n), **counts) for (side, n), counts in result.lines.items()),
        casualties=tuple(CasualtyLine(player(side, n), d6=d6, d8=d8) for side, n, d6, d8 in result.casualties),
        played_on=date(2026, 9, result.day),
    )


def inputs_for(match: Match, result: Result, stored: dict[str, Any]) -> dict[str, Any]:
    """A correction's inputs: the stored ones (dice, decisions) with this result's sheet."""
    report = report_for(match, result)
    return {
        **stored,
        "result": {**stored["result"], "home_score": report.home_score, "away_score": report.away_score},
        "lines": [asdict(line) for line in report.lines],
        "casualties": [asdict(c) for c in report.casualties],
    }


def enter(teams: dict[str, Any], result: Result, commissioner, capture, *, run: bool = True) -> Match:
    """Scheduled, pre-match, result saved, submitted and confirmed; the worker runs unless `run` is False."""
    home, away = teams[result.home], teams[result.away]
    match = match_schedule(league=teams["league"], home=home, away=away, by=commissioner)
    match = prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=home.coach)
    report_save(match=match, report=report_for(match, result), by=home.coach)
    report_submit(match=match, by=home.coach)
    with capture(execute=run):
        report_confirm(match=match, by=away.coach)
    match.refresh_from_db()
    return match


def by_names(league_teams: dict[str, Any]) -> dict[str, Any]:
    """The teams' state keyed by team name and player number (journeymen too), ids left out."""
    states = team_states(t.pk for name, t in league_teams.items() if name != "league")
    return {
        state["name"]: {
            **{k: v for k, v in state.items() if k != "players"},
            "players": {
                (p["number"], p["name"], p["status"]): {k: v for k, v in p.items() if k not in ("number", "name")}
                for p in state["players"].values()
                if not (p["journeyman"] and p["status"] == "fired")  # a journeyman released leaves no trace
            },
        }
        for state in states.values()
    }
