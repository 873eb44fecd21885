"""The NAF tournament report: who and which games go in, and the XML (docs/naf-report.md).

Pure Python over plain rows (`selectors.naf_games` reads them from a season): which coaches and
games the report holds, and why the others are left out, is decided here and shown by the page
before anything is downloaded. The XML is written with ElementTree, so a name holding "&" or "<"
is escaped (TourMa's exporter writes names unescaped), in the schema's target namespace with
qualified elements (TourMa writes them in no namespace, which its own schema refuses).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from pathlib import Path
from xml.etree import ElementTree

import xmlschema

NAMESPACE = "http://www.bloodbowl.net"
SCHEMA = Path(__file__).with_name("naf.xsd")
# "yyyy-MM-dd HH:mm": the calendar year and the minutes (TourMa's "YYYY-MM-dd HH:MM" wrote the
# week-year and the month, hence its January games at 13:01).
TIMESTAMP = "%Y-%m-%d %H:%M"
# The reasons a coach or a game is left out (the page translates them).
NO_NUMBER = "no_number"
NO_RACE = "no_race"
NO_GAME = "no_game"


@dataclass(frozen=True)
class Coach:
    key: int  # the account's id
    username: str
    naf_number: int | None
    naf_name: str  # "" : the username is written


@dataclass(frozen=True)
class Side:
    coach: Coach
    race: str  # the NAF race name ("" when the team list has none)
    race_label: str  # the team list's own name, for the page
    team: str
    team_rating: int
    touchdowns: int
    badly_hurt: int
    # Split out only when the result recorded each casualty's roll; None: all are in badly_hurt.
    seriously_injured: int | None = None
    dead: int | None = None


@dataclass(frozen=True)
class Game:
    key: int  # the match's id
    when: datetime  # local time of the game
    home: Side
    away: Side


@dataclass(frozen=True)
class LeftOutCoach:
    coach: Coach
    reason: str  # NO_NUMBER, NO_RACE or NO_GAME
    races: tuple[str, ...] = ()  # the team lists without a NAF name (NO_RACE)


@dataclass(frozen=True)
class LeftOutGame:
    game: Game
    coaches: tuple[Coach, ...]  # the coaches who keep it out


@dataclass
class Report:
    organiser: str
    coaches: list[tuple[Coach, str]] = field(default_factory=list)  # (coach, NAF race), by name
    games: list[Game] = field(default_factory=list)
    left_out_coaches: list[LeftOutCoach] = field(default_factory=list)
    left_out_games: list[LeftOutGame] = field(default_factory=list)
    # Coaches who played several NAF races: the race reported, and every one played.
    several_races: list[tuple[Coach, str, tuple[str, ...]]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.games


def naf_name(coach: Coach) -> str:
    return coach.naf_name or coach.username


def _reportable(side: Side) -> bool:
    return side.coach.naf_number is not None and bool(side.race)


def build(organiser: str, games: list[Game]) -> Report:
    """The report of these games: a game goes in when both coaches have a NAF number and both teams a
    NAF race; a coach is listed when one of his games goes in, with the race he played most there."""
    report = Report(organiser=organiser)
    races: dict[Coach, Counter[str]] = {}
    missing_races: dict[Coach, list[str]] = {}
    everyone: dict[Coach, None] = {}
    for game in sorted(games, key=lambda g: (g.when, g.key)):
        sides = (game.home, game.away)
        for side in sides:
            everyone.setdefault(side.coach)
            if not side.race and side.race_label not in missing_races.setdefault(side.coach, []):
                missing_races[side.coach].append(side.race_label)
        if all(_reportable(side) for side in sides):
            report.games.append(game)
            for side in sides:
                races.setdefault(side.coach, Counter())[side.race] += 1
        else:
            keeping_out = tuple(side.coach for side in sides if not _reportable(side))
            report.left_out_games.append(LeftOutGame(game, keeping_out))
    for coach in sorted(everyone, key=lambda c: (naf_name(c).casefold(), c.key)):
        if coach in races:
            # most_common keeps the first game's order among equal counts
            race = races[coach].most_common(1)[0][0]
            report.coaches.append((coach, race))
            if len(races[coach]) > 1:
                report.several_races.append((coach, race, tuple(races[coach])))
        elif coach.naf_number is None:
            report.left_out_coaches.append(LeftOutCoach(coach, NO_NUMBER))
        elif missing_races.get(coach):
            report.left_out_coaches.append(LeftOutCoach(coach, NO_RACE, tuple(missing_races[coach])))
        else:
            report.left_out_coaches.append(LeftOutCoach(coach, NO_GAME))
    return report


def _add(parent: ElementTree.Element, tag: str, text: object) -> None:
    ElementTree.SubElement(parent, f"{{{NAMESPACE}}}{tag}").text = str(text)


def _player_record(game: ElementTree.Element, side: Side) -> None:
    record = ElementTree.SubElement(game, f"{{{NAMESPACE}}}playerRecord")
    _add(record, "name", naf_name(side.coach))
    _add(record, "number", side.coach.naf_number)
    _add(record, "teamRating", side.team_rating)
    _add(record, "touchDowns", side.touchdowns)
    _add(record, "badlyHurt", side.badly_hurt)
    if side.seriously_injured is not None:
        _add(record, "seriouslyInjured", side.seriously_injured)
    if side.dead is not None:
        _add(record, "dead", side.dead)


def to_xml(report: Report) -> bytes:
    """The report as UTF-8 XML, elements qualified in the NAF namespace (prefix "naf")."""
    ElementTree.register_namespace("naf", NAMESPACE)
    root = ElementTree.Element(f"{{{NAMESPACE}}}nafReport")
    _add(root, "organiser", report.organiser)
    coaches = ElementTree.SubElement(root, f"{{{NAMESPACE}}}coaches")
    for coach, race in report.coaches:
        entry = ElementTree.SubElement(coaches, f"{{{NAMESPACE}}}coach")
        _add(entry, "name", naf_name(coach))
        _add(entry, "number", coach.naf_number)
        _add(entry, "team", race)
    for game in report.games:
        element = ElementTree.SubElement(root, f"{{{NAMESPACE}}}game")
        _add(element, "timeStamp", game.when.strftime(TIMESTAMP))
        _player_record(element, game.home)
        _player_record(element, game.away)
    ElementTree.indent(root)
    text = ElementTree.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{text}\n'.encode()


@cache
def schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(str(SCHEMA))


def validation_errors(xml: bytes) -> list[str]:
    """What the schema refuses in this document ([] when it is valid)."""
    return [str(error.reason or error) for error in schema().iter_errors(xml.decode("utf-8"))]


def team_rating(team_value: int) -> int:
    """The legacy team rating: the team value over 10,000 gp, rounded half up (1,105,000 → 111)."""
    return (team_value + 5000) // 10000
