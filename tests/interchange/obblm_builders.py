"""A small OBBLM league decoded by hand (a LeagueSnapshot in LRB6 keys), for the loader's tests.

Three coaches (Dora's e-mail is an account of the site already), three teams, one round-robin
tour of three matches and a final (round 255). Worked figures (LRB6 SPP: COMP 1, CAS 2, INT 2,
TD 3, MVP 5):
- Reavers (human) 2-1 Gouged Eye, Gouged Eye 1-1 Longbeards, Longbeards 0-2 Reavers, final Reavers 1-0 Gouged Eye.
- Standings (2/1/0 points... the league's scheme): Reavers 2 wins, Gouged Eye 1 draw 1 loss, Longbeards 1 draw 1 loss.
- Hans (h1): TD 2 + TD 1 in the final + MVP 1 = 9 + 5 = 14, extra SPP 2 -> 16 (the dump caches 15).
- Otto (o2): pre-OBBLM totals 2 TD = 6, CAS 1 = 2 -> 8; he dies in match 4 (dead).
- Gim (d1): smashed knee (niggling) in match 2, smashed hip (-1 MA) in match 3.
"""

from __future__ import annotations

from datetime import datetime

from league.interchange.snapshot import (
    CoachRow,
    ImportedTotals,
    LeagueSnapshot,
    MatchRow,
    PlayerLine,
    PlayerRow,
    Repair,
    Source,
    TeamRow,
    TourRow,
    Unmapped,
)


def S(table: str, n: int) -> Source:
    return Source(table, n)


def _players() -> list[PlayerRow]:
    h, o, d = S("teams", 1), S("teams", 2), S("teams", 3)
    return [
        PlayerRow(
            S("players", 11),
            h,
            1,
            "Hans",
            "blitzer",
            skills=["block", "dodge"],
            extra_spp=2,
            cached={"value": 110000, "spp": 15},
        ),
        PlayerRow(S("players", 12), h, 2, "Karl", "lineman", stat_gains={"st": 1}, cached={"value": 100000}),
        PlayerRow(S("players", 13), h, 3, "Fired Fritz", "lineman", left=datetime(2014, 3, 1)),
        PlayerRow(S("players", 14), h, 4, "Jo", "lineman", journeyman=True),
        PlayerRow(S("players", 21), o, 1, "Grom", "black_orc_blocker", skills=["guard"], cached={"value": 110000}),
        PlayerRow(S("players", 22), o, 2, "Otto", "blitzer"),
        PlayerRow(S("players", 23), o, 3, "Snik", "goblin"),
        PlayerRow(S("players", 31), d, 1, "Gim", "blocker", hired=datetime(2013, 1, 5, 20, 0)),
        PlayerRow(S("players", 32), d, 2, "Thrain", "runner", skills=["sure_hands"]),
    ]


def _line(player: int, team: int, **figures) -> PlayerLine:
    return PlayerLine(S("players", player), S("teams", team), **figures)


def _matches() -> list[MatchRow]:
    tour, h, o, d = S("tours", 1), S("teams", 1), S("teams", 2), S("teams", 3)
    return [
        MatchRow(
            S("matches", 101),
            tour,
            1,
            datetime(2014, 1, 10, 20),
            h,
            o,
            2,
            1,
            gate=30000,
            home_winnings=60000,
            away_winnings=50000,
            home_ff_change=1,
            lines=[
                _line(11, 1, touchdowns=2, mvp=1),
                _line(12, 1, completions=1),
                _line(21, 2, touchdowns=1, casualties=1, mvp=1),
                _line(22, 2),
            ],
        ),
        MatchRow(
            S("matches", 102),
            tour,
            2,
            datetime(2014, 1, 17, 20),
            o,
            d,
            1,
            1,
            gate=25000,
            home_winnings=40000,
            away_winnings=40000,
            lines=[
                _line(22, 2, touchdowns=1, mvp=1),
                _line(31, 3, touchdowns=1, injury="smashed_knee"),
                _line(32, 3, mvp=1),
            ],
        ),
        MatchRow(
            S("matches", 103),
            tour,
            3,
            datetime(2014, 1, 24, 20),
            d,
            h,
            0,
            2,
            gate=20000,
            home_winnings=30000,
            away_winnings=50000,
            away_ff_change=1,
            lines=[
                _line(31, 3, injury="smashed_hip"),
                _line(32, 3, mvp=1),
                _line(12, 1, touchdowns=2, interceptions=1, mvp=1),
            ],
        ),
        MatchRow(
            S("matches", 104),
            tour,
            255,
            datetime(2014, 2, 2, 20),
            h,
            o,
            1,
            0,
            gate=40000,
            home_winnings=80000,
            away_winnings=40000,
            lines=[
                _line(11, 1, touchdowns=1, mvp=0),
                _line(14, 1, completions=2),
                _line(22, 2, injury="dead"),
                _line(23, 2, mvp=1),
            ],
        ),
    ]


def snapshot(**changes) -> LeagueSnapshot:
    """A fresh snapshot (the loader may read it twice); `changes` replace its fields."""
    snap = LeagueSnapshot(
        version="obblm-lrb6",
        version_detected=True,
        ruleset="lrb6",
        league_name="Old Reikland League",
        coaches=[
            CoachRow(S("coaches", 1), "Jörg Schmidt", real_name="Jörg Schmidt", email="jorg@example.org"),
            CoachRow(S("coaches", 2), "dora", email="dora@example.org"),
            CoachRow(S("coaches", 3), "Balin", email=""),
        ],
        teams=[
            TeamRow(
                S("teams", 1),
                S("coaches", 1),
                "Reavers & <Co>",
                "human",
                120000,
                3,
                4,
                1,
                2,
                True,
                cached={"tv": 1000000},
            ),
            TeamRow(S("teams", 2), S("coaches", 2), "Gouged Eye", "orc", 30000, 2, 3, 0, 0, False),
            TeamRow(S("teams", 3), S("coaches", 3), "Longbeards", "dwarf", 0, 1, 2, 0, 1, False, retired=True),
        ],
        players=_players(),
        tours=[TourRow(S("tours", 1), "Season 2014", "round_robin")],
        matches=_matches(),
        imported_totals=[ImportedTotals(S("players", 22), S("teams", 2), _line(22, 2, touchdowns=2, casualties=1))],
        repairs=[Repair(S("coaches", 1), "name", "JÃ¶rg Schmidt", "Jörg Schmidt")],
    )
    for name, value in changes.items():
        setattr(snap, name, value)
    return snap


def snapshot_with_unmapped() -> LeagueSnapshot:
    return snapshot(
        unmapped=[Unmapped(S("players", 40), "no such skill in this ruleset: %(skill)s", {"skill": "Give and Go"})]
    )
