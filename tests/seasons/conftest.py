"""Seasons tests: a league, ready teams with their own coaches, a commissioner's client."""

from __future__ import annotations

import pytest
from django.test import Client

from teams.services import PlayerOrder, team_create


def lineup() -> list[PlayerOrder]:
    return [PlayerOrder(position="lineman", name=f"Lineman {i}", number=i) for i in range(1, 12)]


@pytest.fixture
def make_teams(league, user_factory):
    """`make_teams(n)`: n ready teams of the league, each coached by its own new coach."""
    from league.services import league_join

    made: list = []

    def make(count: int, prefix: str = "Team"):
        teams = []
        for _ in range(count):
            index = len(made) + 1
            coach = user_factory(f"coach{index}")
            league_join(league=league, user=coach)
            team = team_create(league=league, coach=coach, name=f"{prefix} {index:02d}", race="human", players=lineup())
            made.append(team)
            teams.append(team)
        return teams

    return make


@pytest.fixture
def boss(client, commissioner) -> Client:
    client.force_login(commissioner)
    return client


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client
