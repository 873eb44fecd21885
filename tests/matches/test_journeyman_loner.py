"""A journeyman has Loner while he is one (roster sheet, team page, API, JSON export) and
loses it once hired for good, keeping what he gained."""

from __future__ import annotations

import copy

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from teams.models import Player
from tests.matches.test_import_service import example, imported

pytestmark = pytest.mark.django_db


def api_skills(team, user) -> dict[int, list[str]]:
    client = APIClient()
    client.force_authenticate(user)
    data = client.get(f"/api/teams/{team.pk}/").json()
    return {p["number"]: [s["key"] for s in p["skills"]] for p in data["players"]}


def export_skills(client, team) -> dict[int, list[str]]:
    data = client.get(reverse("teams:export", args=[team.pk])).json()
    return {p["number"]: p["skills"] for p in data["players"]}


def roster_row(client, team, player) -> str:
    page = client.get(reverse("teams:detail", args=[team.pk])).content.decode()
    with translation.override(client.cookies["django_language"].value if "django_language" in client.cookies else "en"):
        name = player.display_name  # a journeyman's name is given in the reader's language
    start = page.index(f">{name}")
    return page[start : page.index("</tr>", start)]


def test_a_journeyman_is_a_loner_until_hired(client, humans, orcs, coach_alice, django_capture_on_commit_callbacks):
    # The plain example leaves the Reavers with 10 players able to play: a free journeyman joins.
    imported(example(), django_capture_on_commit_callbacks)
    journeyman = humans.players.get(journeyman=True, status=Player.Status.ACTIVE)
    lineman = humans.players.get(number=2)
    client.force_login(coach_alice)
    assert "Loner" in roster_row(client, humans, journeyman)
    assert "Loner" not in roster_row(client, humans, lineman)
    assert api_skills(humans, coach_alice)[journeyman.number] == ["loner"]
    assert api_skills(humans, coach_alice)[lineman.number] == []
    assert export_skills(client, humans)[journeyman.number] == ["loner"]

    # Next match: the coach hires him for good (step 2.6): he loses Loner.
    data = copy.deepcopy(example())
    data.update(report_id="2025-round-3", played_on="2025-03-28", dice={}, players={}, casualties={})
    data["result"] = {"home_score": 0, "away_score": 0}
    data["decisions"] = {f"journeyman:home#{journeyman.number}": "hire"}
    imported(data, django_capture_on_commit_callbacks)
    journeyman.refresh_from_db()
    assert journeyman.status == Player.Status.ACTIVE and not journeyman.journeyman
    assert "Loner" not in roster_row(client, humans, journeyman)
    assert api_skills(humans, coach_alice)[journeyman.number] == []
    assert export_skills(client, humans)[journeyman.number] == []


def test_the_french_roster_names_the_skill_from_the_ruleset(
    client, humans, orcs, coach_alice, django_capture_on_commit_callbacks
):
    imported(example(), django_capture_on_commit_callbacks)
    journeyman = humans.players.get(journeyman=True, status=Player.Status.ACTIVE)
    client.force_login(coach_alice)
    client.cookies["django_language"] = "fr"
    assert "Solitaire" in roster_row(client, humans, journeyman)
