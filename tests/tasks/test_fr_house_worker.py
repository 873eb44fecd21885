"""The French league's house rules as shipped (seed 002 on LRB6, league/rules/data), played
through the pages and run by a real Celery worker: ten levels from Novice at 11 SPP, big guys at
twice the SPP, and an ageing roll after each experience roll (2D6 at least the level's value, else
the ageing table: here -1 AV)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import DiceRoll, MatchEffect
from teams.models import ImprovementRoll, Injury, Player
from teams.services import PlayerOrder, staff_hire, team_create
from tests.builders import HOUSE_CHOICES, league_of
from tests.tasks.test_house_rules_worker import _mvp_face, _play, text

pytestmark = pytest.mark.worker
KEY = "fr_house"


@pytest.fixture
def house(commissioner, coach_alice, user_factory):
    bob = user_factory("bob")
    league = league_of(KEY, "Ligue des Vieux Grognards", commissioner, coach_alice, bob)
    players = [PlayerOrder("ogre", "Grok"), *(PlayerOrder("lineman", f"H{i}") for i in range(2, 12))]
    humans = team_create(league=league, coach=coach_alice, name="Reavers", race="human", players=players, fan_factor=1)
    orcs = team_create(
        league=league,
        coach=bob,
        name="Gouged Eye",
        race="orc",
        players=[PlayerOrder("lineman", f"O{i}") for i in range(1, 12)],
        fan_factor=1,
    )
    return league, humans, orcs, bob


def test_novice_at_eleven_the_big_guy_at_twenty_two_and_ageing_costs_armour(
    client, celery_worker, task_runs, house, commissioner, coach_alice
):
    league, humans, orcs, bob = house
    ogre, h2 = humans.players.get(number=1), humans.players.get(number=2)
    Player.objects.filter(pk__in=[ogre.pk, h2.pk]).update(spp=10)  # LRB6 would have levelled both at 6
    from matches.services import PrematchInput, match_schedule, prematch_record

    scheduled = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    data = PrematchInput(steps=HOUSE_CHOICES, weather_dice=(3, 4))
    match = prematch_record(match=scheduled, data=data, by=coach_alice)
    lines = {f"p{ogre.pk}_comp": 1, f"p{h2.pk}_comp": 1}
    client.force_login(coach_alice)
    client.post(reverse("matches:result", args=[match.pk]), _sheet(match, lines))
    eleven = humans.players.get(number=11)
    avoid, ageing = f"ageing:p{h2.pk}:1:avoid", f"ageing:p{h2.pk}:1"
    wanted = {
        "mvp:home:1": [_mvp_face(match, "home", eleven)],
        "mvp:away:1": [1],
        f"improvement:p{h2.pk}:1": [1, 2],
        avoid: [1, 1],  # 2, below Novice's 3: he ages
        ageing: [4, 5],  # 9 on the ageing table: -1 AV
    }
    asked = _play(client, match, bob, lines, wanted)

    ogre.refresh_from_db()
    h2.refresh_from_db()
    assert (ogre.spp, h2.spp) == (11, 11)
    assert f"improvement:p{ogre.pk}:1" not in asked  # the Ogre's first level is at 22
    assert list(ImprovementRoll.objects.filter(match=match).values_list("player_id", flat=True)) == [h2.pk]
    assert DiceRoll.objects.get(match=match, purpose=avoid).values == [1, 1]
    effect = MatchEffect.objects.get(match=match, key=ageing)
    assert (effect.kind, effect.data["casualty"], effect.data["stat"]) == ("stat_injury", "ageing_av", "av")
    assert list(Injury.objects.filter(player=h2).values_list("casualty", "stat", "applied")) == [
        ("ageing_av", "av", True)
    ]
    assert not h2.miss_next_game  # ageing is not a casualty: no missed game (H8)
    lineman_page = text(client.get(reverse("teams:player", args=[humans.pk, h2.pk])))
    assert "Novice (next level at 21 SPP)" in lineman_page
    ogre_page = text(client.get(reverse("teams:player", args=[humans.pk, ogre.pk])))
    assert "Beginner (next level at 22 SPP)" in ogre_page
    client.cookies["django_language"] = "fr"
    assert "Débutant (niveau suivant à 22 XP)" in text(client.get(reverse("teams:player", args=[humans.pk, ogre.pk])))
    page = text(client.get(reverse("matches:detail", args=[match.pk])))
    assert "Vieillissement" in page


def test_an_apothecary_unused_during_the_match_treats_one_player_after_it(
    client, celery_worker, task_runs, house, commissioner, coach_alice
):
    """H:L104, H11: the Reavers' apothecary did nothing during the match; after it, it re-rolls #3's
    smashed hip (53, -1 MA) into a Badly Hurt (21) and the coach keeps the better result. The Orcs,
    without an apothecary, keep the same smashed hip."""
    league, humans, orcs, bob = house
    staff_hire(team=humans, kind="apothecary", by=coach_alice)
    h3, o3 = humans.players.get(number=3), orcs.players.get(number=3)
    from matches.services import PrematchInput, match_schedule, prematch_record

    scheduled = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    match = prematch_record(
        match=scheduled, data=PrematchInput(steps=HOUSE_CHOICES, weather_dice=(3, 4)), by=coach_alice
    )
    treated = {f"p{h3.pk}_{name}": value for name, value in (("d6", 5), ("d8", 3), ("apo_d6", 2), ("apo_d8", 1))}
    treated |= {f"p{h3.pk}_{box}": "on" for box in ("apo", "apo_keep", "apo_after")}
    _play(client, match, bob, {**treated, f"p{o3.pk}_d6": 5, f"p{o3.pk}_d8": 3}, {})

    match.refresh_from_db()
    suffered = [cas for p in match.postgame_input["home"]["players"] for cas in p["casualties_suffered"]]
    assert [(cas["apothecary_reroll"], cas["apothecary_after_match"]) for cas in suffered] == [([2, 1], True)]
    h3.refresh_from_db()
    o3.refresh_from_db()
    assert not h3.miss_next_game and not Injury.objects.filter(player=h3).exists()
    assert o3.miss_next_game
    assert list(Injury.objects.filter(player=o3).values_list("casualty", "stat")) == [("smashed_hip", "ma")]
    page = text(client.get(reverse("matches:detail", args=[match.pk])))
    assert "apothecary after the match: 21 Badly Hurt, kept" in page


def _sheet(match, lines):
    from tests.matches.test_views_support import report_data

    return report_data(match, **lines)
