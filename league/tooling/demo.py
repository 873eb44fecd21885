"""The demo league that `make run` loads: five teams built through the coaches' own service."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from league.core.models import League
from league.core.services import league_create, membership_add
from league.rules import default_ruleset_key
from teams.services import PlayerOrder, team_create

DEMO_SLUG = "demo-league"
DEMO_SEED = 1
DEMO_PASSWORD = "bloodbowl"  # demo accounts only; documented in the README

# (coach, team name, race, [(position, how many)], rerolls, fan factor, assistants, cheerleaders, apothecary)
DEMO_TEAMS = [
    (
        "alice",
        "Reikland Reavers",
        "human",
        [("lineman", 7), ("catcher", 2), ("thrower", 1), ("blitzer", 2)],
        3,
        3,
        1,
        1,
        True,
    ),
    (
        "bob",
        "Gouged Eye",
        "orc",
        [("lineman", 6), ("thrower", 1), ("black_orc_blocker", 2), ("blitzer", 2), ("troll", 1)],
        2,
        2,
        0,
        0,
        True,
    ),
    (
        "carol",
        "Dwarf Giants",
        "dwarf",
        [("blocker", 7), ("runner", 1), ("blitzer", 2), ("troll_slayer", 1)],
        2,
        3,
        0,
        0,
        True,
    ),
    (
        "dave",
        "Athelorn Avengers",
        "wood_elf",
        [("lineman", 6), ("catcher", 2), ("thrower", 1), ("wardancer", 2)],
        1,
        2,
        0,
        0,
        False,
    ),
    (
        "erin",
        "Skavenblight Scramblers",
        "skaven",
        [("lineman", 7), ("thrower", 1), ("gutter_runner", 2), ("blitzer", 2), ("rat_ogre", 1)],
        1,
        3,
        0,
        0,
        False,
    ),
]

# Each team its own names, fitting its race (none of them a star player's), in roster order.
_NAMES = {
    "human": (
        "Karl Brenner, Otto Falk, Dieter Kraus, Franz Adler, Jürgen Vogt, Stefan Hahn, "
        "Klaus Rainer, Ernst Lang, Lothar Weiss, Konrad Stahl, Manfred Roth, Ulrich Baum, "
        "Reinhard Kolb, Gunther Marx, Heinrich Ott, Anselm Dorn"
    ).split(", "),
    "orc": (
        "Grukk, Skragg, Uzbad, Gorbag, Muzgash, Snagga, Ugrik, Bolgurz, Grishnak, Lugdush, "
        "Mauhurk, Ragdug, Shagrat, Zogwort, Nazbag, Urgash"
    ).split(", "),
    "dwarf": (
        "Borri Ironfist, Durak Stonebeard, Thrain Deepdelver, Kazrik Anvilhand, Hargrim Flintaxe, "
        "Okri Coalbrow, Brokk Hammerhand, Grombrin Oakenshield, Ungrim Steelhelm, "
        "Kragg Granitejaw, Dwalin Ashforge, Bardin Goldvein, Skorri Rockfall, Haldor Ironbrow, "
        "Fundin Blackhammer, Grimm Orebiter"
    ).split(", "),
    "wood_elf": (
        "Aelrith, Caelan, Elthandir, Faelar, Ithrael, Lethien, Naeril, Sylvaren, Thalion, Vaelith, "
        "Arahel, Cyriel, Lorandil, Miriel, Eldrin, Taurendil"
    ).split(", "),
    "skaven": (
        "Skritt, Vermik, Ratchit, Sneek, Grizzik, Tikkit, Kreech, Squeek, Nritch, Scurr, Vrisk, "
        "Tchikk, Krizz, Snitchit, Ruknar, Iskrit"
    ).split(", "),
}


def load_demo(stdout: Any = None) -> League:
    """Create the demo league once; a second call returns it unchanged."""
    existing = League.objects.filter(slug=DEMO_SLUG).first()
    if existing:
        return existing
    User = get_user_model()

    def user(username: str, **extra: Any) -> Any:
        obj, created = User.objects.get_or_create(username=username, defaults=extra)
        if created:
            obj.set_password(DEMO_PASSWORD)
            obj.save()
        return obj

    with transaction.atomic():
        commissioner = user("commissioner", first_name="Jim", last_name="Johnson")
        league = league_create(
            name="Demo League",
            ruleset=default_ruleset_key(),
            commissioner=commissioner,
            description="A demonstration league with five teams and one match played.",
        )
        for entry in DEMO_TEAMS:
            coach = user(entry[0])
            membership_add(league=league, user=coach)
            demo_team(league, coach, entry)
            if stdout:
                stdout.write(f"  {entry[1]} ({entry[2]})\n")
        _demo_season(league)
        _play_demo_match(league)
    return league


def demo_team(
    league: League, coach: Any, entry: tuple, fan_factor_min: int = 0, apothecary_allowed: bool = True
) -> None:
    """One team of DEMO_TEAMS built through the coaches' own service, its players named for its race
    (the ruleset's lowest fan factor and its apothecary rule respected, for the other rulesets' demos)."""
    _coach, team_name, race, lineup, rerolls, ff, assistants, cheer, apo = entry
    names = _NAMES[race]
    positions = [position for position, count in lineup for _ in range(count)]
    team_create(
        league=league,
        coach=coach,
        name=team_name,
        race=race,
        players=[PlayerOrder(position=position, name=names[i % len(names)]) for i, position in enumerate(positions)],
        rerolls=rerolls,
        fan_factor=max(ff, fan_factor_min),
        assistant_coaches=assistants,
        cheerleaders=cheer,
        apothecary=apo and apothecary_allowed,
    )


DEMO_SEASON_START = date(2026, 11, 2)  # a Monday; a round a week


def _demo_season(league: League) -> None:
    """Season 1 in its regular season: the five teams, a single round robin (a bye each round),
    dated a round a week. The drawing seed is fixed so every machine shows the same fixtures."""
    from league.competitions.seasons.fixtures import fixtures_generate
    from league.competitions.seasons.services import entry_add, season_advance, season_create

    boss = league.commissioner
    season = season_create(league=league, name="2026-2027", by=boss)
    season_advance(season=season, to="registration", by=boss)
    for team in league.teams.order_by("pk"):
        entry_add(season=season, team=team, by=boss)
    season_advance(season=season, to="regular", by=boss)
    fixtures_generate(season=season, by=boss, first_date=DEMO_SEASON_START, days_between=7, seed=DEMO_SEED)


def _play_demo_match(league: League) -> None:
    """One played match (Reavers 2-1 Gouged Eye) so the demo shows a processed post-match sequence.

    Every die is entered, so the demo is the same on every machine; the sequence runs when the
    surrounding transaction commits (in-process without a broker, in a worker with one).
    """
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

    home = league.teams.get(name="Reikland Reavers")
    away = league.teams.get(name="Gouged Eye")
    # The season's fixture between them (DEMO_SEED gives the Reavers the home side), else a new match.
    match = league.matches.filter(home=home, away=away, status="scheduled").order_by("round__number").first()
    if match is None:
        match = match_schedule(league=league, home=home, away=away, by=league.commissioner)
    prematch_record(match=match, data=PrematchInput(weather_dice=(4, 3)), by=league.commissioner)
    h = {p.number: p.pk for p in home.players.all()}
    a = {p.number: p.pk for p in away.players.all()}
    report = ReportInput(
        home_score=2,
        away_score=1,
        home_fame=1,
        away_fame=0,
        gate=31,
        lines=(
            PlayerLine(h[11], touchdowns=1),
            PlayerLine(h[10], touchdowns=1, casualties=1),
            PlayerLine(h[12], completions=1),
            PlayerLine(a[12], touchdowns=1),
            PlayerLine(a[9], casualties=1),
        ),
        casualties=(CasualtyLine(a[1], d6=2, d8=3), CasualtyLine(h[3], d6=4, d8=5)),
        dice={
            "mvp:home:1": [10],
            "mvp:away:1": [9],
            "winnings:home": [4],
            "winnings:away": [3],
            "ff:home": [5, 4, 6],
            "ff:away": [2, 3],
            f"improvement:p{h[10]}:1": [6, 4],
            f"improvement:p{a[9]}:1": [3, 3],
        },
        decisions={"winnings_reroll:home": False},
    )
    report_save(match=match, report=report, by=home.coach)
    report_submit(match=match, by=home.coach)
    report_confirm(match=match, by=away.coach)
