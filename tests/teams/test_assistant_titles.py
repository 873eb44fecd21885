"""Classic 3rd edition's assistant coaches, each with a different title listed on the roster
(seed 004 L287-291): named on a page of the team (teams:assistant_titles) by its coach, refused
with the reason in the reader's language, unknown to a ruleset without titles."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from league.core.models import AuditEntry
from teams.services import PlayerOrder, team_create
from tests.builders import league_of

pytestmark = pytest.mark.django_db


def page(client, url, lang="en") -> str:
    client.cookies["django_language"] = lang
    return html.unescape(client.get(url).content.decode())


@pytest.fixture
def classic_team(commissioner, coach_alice):
    league = league_of("classic3", "Vieille Garde", commissioner, coach_alice)
    players = [PlayerOrder("lineman", f"H{i}") for i in range(1, 12)]
    return team_create(
        league=league,
        coach=coach_alice,
        name="Reavers",
        race="human",
        players=players,
        fan_factor=1,
        assistant_coaches=2,
    )


def test_the_coach_titles_his_assistants_and_the_roster_lists_them(client, classic_team, coach_alice):
    client.force_login(coach_alice)
    url = reverse("teams:assistant_titles", args=[classic_team.pk])
    assert 'name="titles"' in page(client, url)
    response = client.post(url, {"titles": "Offensive coordinator\nDefensive coordinator\n"})
    assert response.status_code == 302
    classic_team.refresh_from_db()
    assert classic_team.assistant_titles == ["Offensive coordinator", "Defensive coordinator"]
    team_page = page(client, classic_team.get_absolute_url())
    assert "Offensive coordinator, Defensive coordinator" in team_page and "Assistant coaches' titles" in team_page
    assert AuditEntry.objects.filter(action="teams.team.assistant_titles").count() == 1
    assert "Dénominations des assistants" in page(client, classic_team.get_absolute_url(), "fr")


@pytest.mark.parametrize(
    ("titles", "english", "french"),
    [
        ("Coach\ncoach", "Each assistant coach needs a different title", "une dénomination différente"),
        ("A\nB\nC", "3 titles for 2 assistant coaches", "3 dénominations pour 2 assistants"),
        ("x" * 41, "at most 40 characters", "au plus 40 caractères"),
    ],
)
def test_a_wrong_list_is_refused_and_nothing_changes(client, classic_team, coach_alice, titles, english, french):
    client.force_login(coach_alice)
    url = reverse("teams:assistant_titles", args=[classic_team.pk])
    for lang, words in (("en", english), ("fr", french)):
        client.cookies["django_language"] = lang
        response = client.post(url, {"titles": titles})
        assert response.status_code == 200 and words in html.unescape(response.content.decode())
    classic_team.refresh_from_db()
    assert classic_team.assistant_titles == []


def test_nobody_else_and_no_other_ruleset(client, classic_team, coach_alice, user_factory, commissioner):
    url = reverse("teams:assistant_titles", args=[classic_team.pk])
    client.force_login(user_factory("mallory"))
    assert client.post(url, {"titles": "Spy"}).status_code == 403
    other = league_of("lrb6", "Plain", commissioner, coach_alice)
    plain = team_create(
        league=other,
        coach=coach_alice,
        name="Plain",
        race="human",
        players=[PlayerOrder("lineman", f"P{i}") for i in range(1, 12)],
    )
    client.force_login(coach_alice)
    assert client.get(reverse("teams:assistant_titles", args=[plain.pk])).status_code == 404
    assert "Assistant coaches' titles" not in page(client, plain.get_absolute_url())
