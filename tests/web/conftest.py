"""Teams and people for the web tests, built through the same services the pages call."""

from __future__ import annotations

import pytest

from teams.services import PlayerOrder, team_create, team_save_draft
from teams.services.creation import TeamOrder


def lineup(*spec: tuple[str, int]) -> list[PlayerOrder]:
    players, number = [], 1
    for position, count in spec:
        for i in range(count):
            players.append(PlayerOrder(position=position, name=f"{position.title()} {i + 1}", number=number))
            number += 1
    return players


ELEVEN_LINEMEN = (("lineman", 11),)  # 550,000: 450,000 left to spend


@pytest.fixture
def make_team(league, coach_alice):
    def make(
        name: str = "Reavers", *, coach=None, players=ELEVEN_LINEMEN, race: str = "human", in_league=None, **extra
    ):
        return team_create(
            league=in_league or league,
            coach=coach or coach_alice,
            name=name,
            race=race,
            players=lineup(*players),
            **extra,
        )

    return make


@pytest.fixture
def humans(make_team):
    """Alice's ready Human team: 11 linemen, 450,000 in the treasury."""
    return make_team()


@pytest.fixture
def draft(league, coach_alice):
    order = TeamOrder(name="Half Built", race="human", players=tuple(lineup(("lineman", 5))))
    return team_save_draft(league=league, coach=coach_alice, order=order)


@pytest.fixture
def alice_client(client, coach_alice):
    client.force_login(coach_alice)
    return client
