"""A big guy's double in the shipped house rules, through the worker and the improvement page
(fr_house/skill_access.csv; seed 002, spec §2.5, H4): the roll offers only General and Strength skills, +1 ST, +1 AV and the skills he
may remove; removing Bone-head leaves his value unchanged and his roster line without it, and a
replay of the match keeps the choice."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match
from matches.services import PrematchInput, ReportInput, match_schedule, prematch_record
from matches.services.report_input import PlayerLine
from teams.models import Advancement, ImprovementRoll, Player
from teams.selectors import compute_team_value
from teams.services import PlayerOrder, team_create
from tests.builders import HOUSE_CHOICES, league_of
from tests.tasks.conftest import play, processed, wait_for

KEY = "fr_house"  # the shipped house rules: big guys need twice the SPP and age after each roll


@pytest.fixture
def big_guy_ruleset():
    from league.rules import load_ruleset

    return load_ruleset(KEY)


@pytest.mark.worker
def test_the_ogre_removes_bone_head_on_a_double(
    client, celery_worker, big_guy_ruleset, commissioner, coach_alice, coach_bob
):
    league = league_of(KEY, "Gros Balaises", commissioner, coach_alice, coach_bob)
    players = [PlayerOrder("ogre", "Grok"), *(PlayerOrder("lineman", f"H{i}") for i in range(2, 12))]
    humans = team_create(league=league, coach=coach_alice, name="Reavers", race="human", players=players, fan_factor=1)
    orcs = team_create(
        league=league,
        coach=coach_bob,
        name="Gouged Eye",
        race="orc",
        players=[PlayerOrder("lineman", f"O{i}") for i in range(1, 12)],
        fan_factor=1,  # a legal team needs at least 1 (H7)
    )
    ogre = humans.players.get(number=1)
    Player.objects.filter(pk=ogre.pk).update(spp=21)  # a completion takes him to 22, his first level
    scheduled = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    ready = prematch_record(
        match=scheduled, data=PrematchInput(steps=HOUSE_CHOICES, weather_dice=(3, 4)), by=coach_alice
    )
    ageing = {f"ageing:p{ogre.pk}:1:avoid": [6, 6]}  # his ageing roll avoided (Novice: 3+)
    report = ReportInput(
        home_score=0,
        away_score=0,
        lines=(PlayerLine(ogre.pk, completions=1),),
        dice={f"improvement:p{ogre.pk}:1": [3, 3], **ageing},
    )
    match = play(ready, report, coach_alice, coach_bob)
    wait_for(lambda: processed(match), "the worker to process the match")
    roll = ImprovementRoll.objects.get(match=match, player=ogre)
    assert roll.pending and (roll.d6a, roll.d6b) == (3, 3)

    client.force_login(coach_alice)
    url = reverse("matches:improvement", args=[roll.pk])
    page = client.get(url).content.decode()
    assert 'value="st"' in page and 'value="av"' in page  # +1 ST, +1 AV besides the table (a 6)
    assert 'value="remove:bone_head"' in page and "Remove a skill (value unchanged)" in page
    assert 'value="block"' in page and 'value="guard"' in page  # General, Strength
    assert 'value="dodge"' not in page and 'value="claw"' not in page  # no Agility, no Mutation
    value_before = compute_team_value(humans)
    answer = client.post(url, {"choice": "remove:bone_head"})
    assert answer.status_code == 302
    [advancement] = Advancement.objects.filter(player=ogre)
    assert (advancement.kind, advancement.skill, advancement.match_id) == ("skill_removed", "bone_head", match.pk)
    assert compute_team_value(humans) == value_before  # a skill removed changes no value
    roster = client.get(humans.get_absolute_url()).content.decode()
    row = roster[roster.index('data-number="1"') :].split("</tr>", 1)[0]
    assert "Mighty Blow" in row and "Bone-head" not in row
    assert "Bone-head removed" in client.get(match.get_absolute_url()).content.decode()
    client.cookies["django_language"] = "fr"
    assert "Compétence retirée\u00a0: Cerveau Lent" in client.get(match.get_absolute_url()).content.decode()

    # A replay of the match (a correction's path) undoes the roll and plays it again with the choice.
    from django.db import transaction

    from matches.services.replay import replay_from

    with transaction.atomic():
        replay_from(Match.objects.get(pk=match.pk))
    [again] = Advancement.objects.filter(player=ogre)
    assert (again.kind, again.skill) == ("skill_removed", "bone_head")
