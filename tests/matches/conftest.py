from __future__ import annotations

import pytest

from league.services import league_join
from matches.services import (
    CasualtyLine,
    PlayerLine,
    PrematchInput,
    ReportInput,
    match_schedule,
    prematch_record,
)
from teams.services import PlayerOrder, team_create


@pytest.fixture
def coach_bob(user_factory):
    return user_factory("bob")


@pytest.fixture
def humans(league, coach_alice):
    return team_create(
        league=league,
        coach=coach_alice,
        name="Reavers",
        race="human",
        players=[PlayerOrder("lineman", f"H{i}") for i in range(1, 12)],
    )


@pytest.fixture
def orcs(league, coach_bob):
    league_join(league=league, user=coach_bob)
    return team_create(
        league=league,
        coach=coach_bob,
        name="Gouged Eye",
        race="orc",
        fan_factor=3,
        players=[PlayerOrder("lineman", f"O{i}") for i in range(1, 12)],
    )


@pytest.fixture
def scheduled(league, humans, orcs, commissioner):
    return match_schedule(league=league, home=humans, away=orcs, by=commissioner)


@pytest.fixture
def ready_match(scheduled, coach_alice):
    return prematch_record(match=scheduled, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)


def pid(team, number: int) -> int:
    return team.players.get(number=number).pk


@pytest.fixture
def worked_report(humans, orcs):
    """Humans 2-1 Orcs, every die entered at the table (see test_full_match for the arithmetic)."""
    h1, h2, h3, h4 = (pid(humans, n) for n in (1, 2, 3, 4))
    o1, o2, o3 = (pid(orcs, n) for n in (1, 2, 3))
    return ReportInput(
        home_score=2,
        away_score=1,
        home_fame=1,
        away_fame=0,
        gate=25,
        lines=(
            PlayerLine(h1, touchdowns=2),
            PlayerLine(h2, completions=1),
            PlayerLine(o1, touchdowns=1),
            PlayerLine(o2, casualties=1),
        ),
        casualties=(CasualtyLine(h3, d6=4, d8=1), CasualtyLine(o3, d6=6, d8=1)),
        dice={
            "mvp:home:1": [4],
            "mvp:away:1": [1],
            "winnings:home": [2],
            "winnings_reroll:home": [5],
            "winnings:away": [3],
            "ff:home": [6, 6, 6],
            "ff:away": [1, 1],
            f"improvement:p{h1}:1": [3, 3],
            f"improvement:p{o1}:1": [2, 5],
        },
        decisions={"winnings_reroll:home": True},
    )
