"""An alliance team (Dungeon Bowl's school, spec §3.1, D8) plays a match through the pages, run by a
real Celery worker: a player of its second roster levels up and his improvement offers his own
roster's skill access (a Chaos beastman's Strength), not the team's race's (a Skaven lineman has
General only); his choice raises his value and the team's."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match, MatchEffect
from matches.services import PrematchInput, match_schedule, prematch_record
from teams.models import Advancement, ImprovementRoll, Player
from teams.selectors import compute_team_value
from teams.services import PlayerOrder, team_create
from tests.builders import league_of
from tests.tasks.test_house_rules_worker import _mvp_face, _play, text

pytestmark = pytest.mark.worker


@pytest.fixture
def school(commissioner, coach_alice, user_factory):
    """Skaven (race) with Chaos and Nurgle allies: #1-#6 Skaven linemen, #7-#10 beastmen, #11 a rotter."""
    bob = user_factory("bob")
    league = league_of("dungeon_lutece", "LuteceCup", commissioner, coach_alice, bob)
    players = [
        *(PlayerOrder("lineman", f"S{i}") for i in range(1, 7)),
        *(PlayerOrder("beastman", f"B{i}", roster="chaos") for i in range(7, 11)),
        PlayerOrder("rotter", "Rot", roster="nurgle"),
    ]
    skaven = team_create(
        league=league,
        coach=coach_alice,
        name="Collège Gris",
        race="skaven",
        allies=("chaos", "nurgle"),
        players=players,
        rerolls=1,
        fan_factor=1,
    )
    orcs = team_create(
        league=league,
        coach=bob,
        name="Gouged Eye",
        race="orc",
        players=[PlayerOrder("lineman", f"O{i}") for i in range(1, 12)],
        fan_factor=1,
    )
    return league, skaven, orcs, bob


def test_a_second_roster_player_improves_with_his_own_rosters_skill_access(
    client, celery_worker, task_runs, school, commissioner, coach_alice
):
    league, skaven, orcs, bob = school
    # 6 linemen 300,000, 4 beastmen 240,000, a rotter 40,000, a re-roll at 50,000, FF 1 at 10,000.
    assert skaven.team_value == 640_000 and skaven.treasury == 360_000
    beastman, lineman = skaven.players.get(number=7), skaven.players.get(number=1)
    assert (beastman.roster, beastman.position) == ("chaos", "beastman")
    Player.objects.filter(pk__in=[beastman.pk, lineman.pk]).update(spp=5)
    scheduled = match_schedule(league=league, home=skaven, away=orcs, by=commissioner)
    match = prematch_record(match=scheduled, data=PrematchInput(steps={"dungeon_state": (3, 4)}), by=coach_alice)
    client.force_login(coach_alice)
    sheet = text(client.get(reverse("matches:result", args=[match.pk])))
    assert "Beastman" in sheet and "Rotter" in sheet  # the result sheet names each roster's positions
    lines = {f"p{beastman.pk}_comp": 1}
    client.post(reverse("matches:result", args=[match.pk]), _sheet(match, lines))
    wanted = {
        "mvp:home:1": [_mvp_face(match, "home", skaven.players.get(number=11))],
        "mvp:away:1": [1],
        f"improvement:p{beastman.pk}:1": [1, 2],  # 3: a new skill from his normal categories
    }
    asked = _play(client, match, bob, lines, wanted)
    assert Match.objects.get(pk=match.pk).status == Match.Status.PROCESSED
    assert f"improvement:p{beastman.pk}:1" in asked

    roll = ImprovementRoll.objects.get(player=beastman, match=match)
    client.force_login(coach_alice)  # bob confirmed the result last
    skaven.refresh_from_db()
    before = skaven.team_value
    assert before == 630_000 + skaven.fan_factor * 10_000  # the players, the re-roll and the fan factor
    assert set(roll.options["normal"]) == {"G", "S", "M"}  # Chaos beastman's, not Skaven's G
    page = text(client.get(reverse("matches:decision", args=["improvement", roll.pk])))
    assert "Mighty Blow" in page  # a Strength skill: open to him
    response = client.post(reverse("matches:decision", args=["improvement", roll.pk]), {"choice": "mighty_blow"})
    assert response.status_code == 302
    assert list(Advancement.objects.filter(player=beastman).values_list("kind", "skill")) == [
        ("new_skill", "mighty_blow")
    ]
    skaven.refresh_from_db()
    assert skaven.team_value == before + 20_000  # the skill's value, on a player of another roster
    assert skaven.team_value == compute_team_value(skaven)
    assert MatchEffect.objects.filter(match=match, player=beastman, kind="improvement").exists()
    team_page = text(client.get(skaven.get_absolute_url()))
    assert "Mighty Blow" in team_page and 'class="roster-ally">(Chaos)' in team_page
    player_page = text(client.get(reverse("teams:player", args=[skaven.pk, beastman.pk])))
    assert "Beastman" in player_page


def _sheet(match, lines):
    from tests.matches.test_views_support import report_data

    return report_data(match, **lines)
