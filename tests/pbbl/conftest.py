"""A PBBL 1.10 league (ruleset pbbl110) with two teams and a scheduled match."""

from __future__ import annotations

import pytest
from league.core.services import league_create, league_join

from matches.services import match_schedule
from teams.services import PlayerOrder, team_create


@pytest.fixture
def pbbl_league(commissioner, coach_alice, coach_bob):
    league = league_create(name="Perpetual League", ruleset="pbbl110", commissioner=commissioner)
    league_join(league=league, user=coach_alice)
    league_join(league=league, user=coach_bob)
    return league


@pytest.fixture
def pbbl_humans(pbbl_league, coach_alice):
    # 11 linemen at 50,000 and 2 re-rolls at 50,000: 650,000 spent, 350,000 in the treasury.
    return team_create(
        league=pbbl_league,
        coach=coach_alice,
        name="Nuln Knights",
        race="human",
        rerolls=2,
        players=[PlayerOrder("lineman", f"K{i}") for i in range(1, 12)],
    )


@pytest.fixture
def pbbl_orcs(pbbl_league, coach_bob):
    # 11 linemen at 50,000 and FF 5: 600,000 spent, 400,000 in the treasury.
    return team_create(
        league=pbbl_league,
        coach=coach_bob,
        name="Red Tuskers",
        race="orc",
        fan_factor=5,
        players=[PlayerOrder("lineman", f"T{i}") for i in range(1, 12)],
    )


@pytest.fixture
def pbbl_match(pbbl_league, pbbl_humans, pbbl_orcs, commissioner):
    return match_schedule(league=pbbl_league, home=pbbl_humans, away=pbbl_orcs, by=commissioner)
