"""People around one league, teams built through the services, and an API client per person."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from league.core.models import AuditEntry
from rest_framework.test import APIClient

from teams.models import Player, Team, TreasuryEntry
from teams.services import PlayerOrder, team_create, team_save_draft
from teams.services.creation import TeamOrder

# Who may change alice's team (or, for team creation, create one in `league`).
ACTORS = ("anonymous", "other_coach", "owner", "other_commissioner", "commissioner")


def orders(*spec: tuple[str, int]) -> list[PlayerOrder]:
    return [PlayerOrder(position=pos, name=f"{pos} {i}") for pos, n in spec for i in range(n)]


def body(*spec: tuple[str, int]) -> list[dict[str, Any]]:
    return [{"position": p.position, "name": p.name} for p in orders(*spec)]


@pytest.fixture
def coach_bob(user_factory, league):
    """Another coach of the same league."""
    from league.core.services import league_join

    bob = user_factory("bob")
    league_join(league=league, user=bob)
    return bob


@pytest.fixture
def other_commissioner(user_factory):
    """Runs another league; no role in `league`."""
    from league.core.services import league_create

    carol = user_factory("carol")
    league_create(name="Other League", ruleset="lrb6", commissioner=carol)
    return carol


@pytest.fixture
def people(league, commissioner, coach_alice, coach_bob, other_commissioner) -> dict[str, Any]:
    return {
        "anonymous": None,
        "other_coach": coach_bob,
        "owner": coach_alice,
        "other_commissioner": other_commissioner,
        "commissioner": commissioner,
    }


@pytest.fixture
def client_for() -> Callable[[Any], APIClient]:
    def make(user) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def alice_api(client_for, coach_alice) -> APIClient:
    return client_for(coach_alice)


@pytest.fixture
def humans(league, coach_alice) -> Team:
    """Ready: 11 linemen (550,000), so 450,000 left in the treasury."""
    return team_create(league=league, coach=coach_alice, name="Reavers", race="human", players=orders(("lineman", 11)))


@pytest.fixture
def poor_humans(league, coach_alice) -> Team:
    """Ready, 10,000 in the treasury: 11 linemen, an ogre and 6 re-rolls (990,000)."""
    return team_create(
        league=league,
        coach=coach_alice,
        name="Paupers",
        race="human",
        players=orders(("lineman", 11), ("ogre", 1)),
        rerolls=6,
    )


@pytest.fixture
def undead(league, coach_alice) -> Team:
    return team_create(
        league=league, coach=coach_alice, name="Grave Diggers", race="undead", players=orders(("skeleton", 11))
    )


@pytest.fixture
def draft(league, coach_alice) -> Team:
    order = TeamOrder(name="Sketch", race="human", players=tuple(orders(("lineman", 11))))
    return team_save_draft(league=league, coach=coach_alice, order=order, by=coach_alice)


def snapshot() -> tuple:
    """Everything a refused request must leave as it was."""
    return (
        TreasuryEntry.objects.count(),
        AuditEntry.objects.count(),
        list(
            Team.objects.order_by("pk").values_list(
                "pk",
                "name",
                "status",
                "treasury",
                "team_value",
                "rerolls",
                "assistant_coaches",
                "cheerleaders",
                "apothecary",
            )
        ),
        list(Player.objects.order_by("pk").values_list("pk", "name", "number", "status", "position")),
    )


@pytest.fixture
def unchanged():
    """Use as `with unchanged(): ...` around a request that must write nothing."""
    from contextlib import contextmanager

    @contextmanager
    def check():
        before = snapshot()
        yield
        assert snapshot() == before

    return check


def api_error(code: str, *messages: str, fields: dict | None = None) -> dict[str, Any]:
    """The API's one error body (league.infra.api_errors.error_body), whatever went wrong."""
    return {"code": code, "detail": " ".join(messages), "errors": list(messages), "fields": fields or {}}


def refused(*messages: str) -> dict[str, Any]:
    """The body of a refusal by the rules or the services: their messages, as they are."""
    return api_error("refused", *messages)
