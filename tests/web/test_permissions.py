"""Who may post to each write endpoint of the team pages, and that refused requests write nothing.

Actors: anonymous (sent to the login page), another coach of the league (403), the team's own
coach (allowed), the commissioner of another league (403) and the commissioner of this league
(allowed). Ledger corrections are for commissioners only, so there the owner gets a 403 too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.urls import reverse
from league.core.models import AuditEntry, Membership
from league.core.services import league_create, league_join

from teams.models import Player, Team, TreasuryEntry
from tests.web.test_team_creation_pages import LEGAL, form_data

pytestmark = pytest.mark.django_db

ACTORS = ["anonymous", "other_coach", "owner", "other_commissioner", "commissioner"]


@dataclass(frozen=True)
class Endpoint:
    name: str
    url: Callable[[Team], str]
    data: Callable[[Team], dict] = lambda team: {}
    draft: bool = False  # needs a draft team rather than a ready one
    commissioner_only: bool = False


def _player(team: Team) -> Player:
    return team.players.order_by("number").first()


ENDPOINTS = [
    Endpoint(
        "player_hire",
        lambda t: reverse("teams:player_hire", args=[t.pk]),
        lambda t: {"position": "blitzer", "number": "20", "name": "New"},
    ),
    Endpoint("player_fire", lambda t: reverse("teams:player_fire", args=[t.pk, _player(t).pk])),
    Endpoint(
        "player_rename",
        lambda t: reverse("teams:player_rename", args=[t.pk, _player(t).pk]),
        lambda t: {"number": "42", "name": "Renamed"},
    ),
    Endpoint("team_buy_reroll", lambda t: reverse("teams:buy_reroll", args=[t.pk])),
    Endpoint("staff_hire", lambda t: reverse("teams:staff_hire", args=[t.pk, "cheerleaders"])),
    Endpoint("staff_fire", lambda t: reverse("teams:staff_fire", args=[t.pk, "assistant_coaches"])),
    Endpoint("team_retire", lambda t: reverse("teams:retire", args=[t.pk])),
    Endpoint(
        "treasury_reverse",
        lambda t: reverse("teams:treasury_reverse", args=[t.pk, t.ledger.get(key="create:budget").pk]),
        commissioner_only=True,
    ),
    Endpoint(
        "team_save_draft",
        lambda t: reverse("teams:edit", args=[t.pk]),
        lambda t: form_data(name=t.name, rows=LEGAL, action="draft"),
        draft=True,
    ),
    Endpoint("team_make_ready", lambda t: reverse("teams:ready", args=[t.pk]), draft=True),
]


def snapshot(team: Team) -> tuple:
    """Everything a write could touch."""
    row = Team.objects.filter(pk=team.pk).values().get()
    row.pop("updated_at")
    players = list(Player.objects.filter(team=team).values_list("pk", "number", "name", "status").order_by("pk"))
    return (row, players, TreasuryEntry.objects.filter(team=team).count(), AuditEntry.objects.filter(team=team).count())


@pytest.fixture
def actors(league, commissioner, coach_alice, user_factory):
    bob = user_factory("bob")
    league_join(league=league, user=bob)
    boss = user_factory("boss")
    league_create(name="Other League", ruleset="lrb6", commissioner=boss)
    return {
        "anonymous": None,
        "other_coach": bob,
        "owner": coach_alice,
        "other_commissioner": boss,
        "commissioner": commissioner,
    }


def team_for(endpoint: Endpoint, make_team, league, coach_alice) -> Team:
    if endpoint.draft:
        from teams.services import team_save_draft
        from teams.services.creation import TeamOrder
        from tests.web.conftest import lineup

        order = TeamOrder(name="Half Built", race="human", players=tuple(lineup(("lineman", 11))))
        return team_save_draft(league=league, coach=coach_alice, order=order)
    # Staff to release, and 450,000 in the treasury for anything bought.
    return make_team(assistant_coaches=1)


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=[e.name for e in ENDPOINTS])
def test_permission_matrix(client, actors, make_team, league, coach_alice, endpoint, actor):
    team = team_for(endpoint, make_team, league, coach_alice)
    url, data = endpoint.url(team), endpoint.data(team)
    before = snapshot(team)
    user = actors[actor]
    if user is not None:
        client.force_login(user)
    response = client.post(url, data)
    allowed = actor == "commissioner" or (actor == "owner" and not endpoint.commissioner_only)
    if actor == "anonymous":
        assert response.status_code == 302 and response["Location"].startswith(reverse("login") + "?next=")
    elif allowed:
        assert response.status_code == 302 and response["Location"] == team.get_absolute_url()
    else:
        assert response.status_code == 403
    changed = snapshot(team) != before
    assert changed is allowed, f"{endpoint.name} by {actor}: changed={changed}"


CONFIRMATION_PAGES = [
    e for e in ENDPOINTS if e.name in {"player_fire", "staff_fire", "team_retire", "treasury_reverse", "player_rename"}
]


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("endpoint", CONFIRMATION_PAGES, ids=[e.name for e in CONFIRMATION_PAGES])
def test_confirmation_pages_are_shown_only_to_those_who_may_act(
    client, actors, make_team, league, coach_alice, endpoint, actor
):
    team = team_for(endpoint, make_team, league, coach_alice)
    before = snapshot(team)
    if actors[actor] is not None:
        client.force_login(actors[actor])
    response = client.get(endpoint.url(team))
    allowed = actor == "commissioner" or (actor == "owner" and not endpoint.commissioner_only)
    expected = 302 if actor == "anonymous" else 200 if allowed else 403
    assert response.status_code == expected
    assert snapshot(team) == before  # a GET never writes


@pytest.mark.parametrize("actor", ACTORS)
def test_creating_a_team_needs_membership(client, actors, league, actor):
    """Another coach *of the league* may create his own team; a stranger may not."""
    stranger_actors = {**actors, "other_coach": actors["other_commissioner"]}
    user = stranger_actors[actor]
    if user is not None:
        client.force_login(user)
    url = reverse("league:team_new", args=[league.slug])
    get = client.get(url)
    response = client.post(url, form_data(rows=LEGAL))
    member = actor in {"owner", "commissioner"}
    if actor == "anonymous":
        assert get.status_code == 302 and response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    elif member:
        assert get.status_code == 200 and response.status_code == 302
    else:
        assert get.status_code == 403 and response.status_code == 403
    assert Team.objects.filter(league=league).exists() is member
    for partial in ("league:team_new_fields", "league:team_new_preview"):
        status = client.post(reverse(partial, args=[league.slug]), form_data(rows=LEGAL)).status_code
        assert status == (302 if actor == "anonymous" else 200 if member else 403)


def test_joining_a_league(client, league, user_factory):
    url = reverse("league:join", args=[league.slug])
    anonymous = client.post(url)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))
    carol = user_factory("carol")
    client.force_login(carol)
    assert client.get(url).status_code == 405  # joining is a POST
    response = client.post(url)
    assert response.status_code == 302 and response["Location"] == league.get_absolute_url()
    assert Membership.objects.filter(league=league, user=carol, role="coach").exists()
    assert AuditEntry.objects.filter(league=league, action="league.member.joined").count() == 2  # alice, carol


def test_a_closed_league_refuses_with_a_message(client, league, user_factory):
    league.open_to_join = False
    league.save()
    client.force_login(user_factory("dan"))
    response = client.post(reverse("league:join", args=[league.slug]), follow=True)
    assert "not open to new coaches" in response.text
    assert not Membership.objects.filter(league=league, user__username="dan").exists()
