"""PBBL's Vampire, Necromantic and Undead lists through the team creation page (seed 001 P56-58/
L120-124, spec §1.14): Thralls 0-16 at 40,000 with no skill beside 0-6 Vampires at 110,000;
Zombies 0-16 at 40,000; the Undead's Skeletons at 30,000 with Regeneration only (LRB6: 40,000, and
Thick Skull). Necromantic and Undead teams have a free Necromancer instead of an apothecary (P18/
L44): the team sheet lists him. Nothing is free at creation: a Zombie comes free only when raised."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from teams.models import Team
from tests.web.test_team_creation_pages import form_data, rows_of

pytestmark = pytest.mark.django_db


def _create(client, league, name: str, race: str, rows, **head) -> Team | str:
    response = client.post(reverse("league:team_new", args=[league.slug]), form_data(name, race, rows, **head))
    if response.status_code != 302:
        return html.unescape(response.content.decode())
    return Team.objects.get(league=league, name=name)


def test_a_vampire_team_of_thralls_and_vampires(client, pbbl_league, coach_alice) -> None:
    client.force_login(coach_alice)
    team = _create(
        client, pbbl_league, "Nachtfeuer", "vampire", rows_of(("thrall", 8), ("vampire", 3)), apothecary="on"
    )
    assert isinstance(team, Team), team
    # 8 x 40,000 + 3 x 110,000 + the apothecary 50,000 (a Vampire team may have one: Thralls only).
    assert team.treasury == 1_000_000 - 320_000 - 330_000 - 50_000
    page = html.unescape(client.get(team.get_absolute_url()).content.decode())
    assert "Thrall" in page and "Blood Lust" in page and 'id="team-necromancer"' not in page


@pytest.mark.parametrize(
    ("race", "position", "cost"), [("necromantic", "zombie", 40_000), ("undead", "skeleton", 30_000)]
)
def test_necromantic_and_undead_teams_have_the_free_necromancer(client, pbbl_league, coach_alice, race, position, cost):
    client.force_login(coach_alice)
    # The form's apothecary box is disabled for these lists: a ticked one buys nothing (P18/L44).
    team = _create(client, pbbl_league, "Grave", race, rows_of((position, 11)), apothecary="on")
    assert isinstance(team, Team), team
    assert not team.apothecary and team.treasury == 1_000_000 - 11 * cost and team.players.count() == 11
    page = html.unescape(client.get(team.get_absolute_url()).content.decode())
    row = page[page.index('id="team-necromancer"') :]
    assert "Free with this team list" in row[: row.index("</tr>")]
