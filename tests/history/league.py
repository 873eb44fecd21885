"""A league of four to six LRB6 teams built the same way twice (the history under test and the one
entered right), and a result entered in it as the pages enter one: scheduled, pre-match, the
sheet saved, dice entered on the dice page, submitted, confirmed (the post-match sequence runs at
once: tasks are eager in tests), then the coaches' improvement choices made at once."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from league.core.services import league_create, league_join
from league.rules.dice import SeededDice
from matches.models import Match, MatchPlayer
from matches.services import (
    PrematchInput,
    ReportInput,
    match_schedule,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)
from matches.services.dice import report_dice_enter
from teams.models import ImprovementRoll, Team
from teams.services import PlayerOrder, team_create
from teams.services.improvements import improvement_choose, roll_choices
from tests.seasons.helpers import running_season

FIRST_DAY = date(2026, 8, 1)
NAMES = ("Reavers", "Gouged Eye", "Grey Fangs", "Marsh Rats", "Iron Hogs", "Blue Wardens")


def day(n: int) -> date:
    return FIRST_DAY + timedelta(days=n)


@dataclass(frozen=True)
class TeamSpec:
    """A team as built in both leagues: Humans (fan factor 0) or Orcs (3), 11 or 12 linemen."""

    name: str
    race: str
    size: int

    def players(self) -> list[PlayerOrder]:
        letter = "H" if self.race == "human" else "O"
        return [PlayerOrder("lineman", f"{letter}{i}") for i in range(1, self.size + 1)]


@dataclass
class League:
    league: Any
    season: Any
    teams: dict[str, Team] = field(default_factory=dict)


def build_league(name: str, commissioner, coaches: list, specs: list[TeamSpec]) -> League:
    league = league_create(name=name, ruleset="lrb6", commissioner=commissioner)
    built = League(league, None)
    for spec, coach in zip(specs, coaches, strict=False):
        league_join(league=league, user=coach)
        built.teams[spec.name] = team_create(
            league=league,
            coach=coach,
            name=spec.name,
            race=spec.race,
            players=spec.players(),
            fan_factor=0 if spec.race == "human" else 3,
        )
    # A regular season: the matches the commissioner schedules belong to it (standings, statistics).
    built.season = running_season(league, commissioner, list(built.teams.values()))
    return built


# --- The server's dice: deterministic for a history, refused for its oracle ---


class NoServerDice:
    """The oracle enters every die the history ended with: a die the server would roll is a bug."""

    def roll(self, sides: int) -> int:
        raise AssertionError(f"the oracle asked the server for a D{sides}: every die should have been entered")


@contextmanager
def server_dice(monkeypatch, make: Callable[[], Any]) -> Iterator[None]:
    """Every place the server rolls post-match dice, given `make` for the time of the block."""
    with monkeypatch.context() as patch:
        for path in ("matches.services.postgame.server_dice", "matches.services.prematch.server_dice"):
            patch.setattr(path, make)
        yield


def seeded(rng: random.Random) -> Callable[[], SeededDice]:
    return lambda: SeededDice(rng.getrandbits(64))


# --- A result entered as the pages enter it ---


def prepared(built: League, home: str, away: str, by) -> Match:
    """Scheduled by the commissioner, pre-match recorded by the home coach (the weather only)."""
    home_team, away_team = built.teams[home], built.teams[away]
    match = match_schedule(league=built.league, home=home_team, away=away_team, by=by)
    return prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=home_team.coach)


def listed(match: Match) -> dict[str, list[MatchPlayer]]:
    """The players the pre-match listed as able to play, by side, in shirt-number order."""
    rows = MatchPlayer.objects.filter(match=match, eligible=True).select_related("player").order_by("player__number")
    found: dict[str, list[MatchPlayer]] = {"home": [], "away": []}
    for row in rows:
        found[row.side].append(row)
    return found


def save_sheet(match: Match, report: ReportInput) -> Match:
    match = Match.objects.select_related("home__coach", "away__coach", "league").get(pk=match.pk)
    report_save(match=match, report=report, by=match.home.coach)
    return match


def enter_dice(match: Match, dice: dict[str, list[int]]) -> None:
    if dice:
        report_dice_enter(match=match, dice=dice, by=match.home.coach)


def submit_and_confirm(match: Match, capture) -> Match:
    report_submit(match=match, by=match.home.coach)
    with capture(execute=True):
        report_confirm(match=match, by=match.away.coach)
    match.refresh_from_db()
    return match


def choose_improvements(built: League, pick: Callable[[ImprovementRoll, list[str]], str]) -> int:
    """Every roll still to choose, in each player's order, chosen by his coach as `pick` says (a
    coach who chooses as soon as the roll is made). Returns how many were chosen."""
    chosen = 0
    pending = ImprovementRoll.objects.filter(player__team__league=built.league, advancement=None)
    for roll in pending.select_related("player__team__coach").order_by("player_id", "index"):
        options = sorted(key for keys in roll_choices(roll).values() for key in keys)
        if options:
            improvement_choose(roll=roll, choice=pick(roll, options), by=roll.player.team.coach)
            chosen += 1
    return chosen
