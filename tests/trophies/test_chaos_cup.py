"""The Chaos Cup's gifts (seed 000 p.32 L4176-4195, A13): D3 random players of the winner each gain
a Mutation or Hypnotic Gaze, Stab or Regeneration, from dice kept on the award, valued like a
skill of their access, and kept when the cup is lost (only the trophy re-roll leaves)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.competitions.challenges.trophies.models import TrophyAward
from league.competitions.challenges.trophies.services import ensure_trophies, trophy_award
from league.core.models import AuditEntry

from league.rules import ScriptedDice, gift_choices, load_ruleset
from teams.models import Advancement, Player
from teams.selectors import compute_team_value

pytestmark = pytest.mark.django_db


def test_chaos_cup_gifts_from_stored_dice_kept_when_the_cup_is_lost(league, commissioner, humans, orcs):
    rs = load_ruleset("lrb6")
    cup = ensure_trophies(league)["chaos_cup"]
    letters = {key: skill.category for key, skill in rs.skills.items()}
    options = gift_choices(rs.trophies["chaos_cup"], letters, frozenset())
    before = humans.team_value
    # D3 = 2; the 3rd of 11 linemen, then the 5th of the 10 left (the 6th by number); skills 1 and 2.
    award = trophy_award(trophy=cup, team=humans, by=commissioner, dice=ScriptedDice([2, 3, 1, 5, 2]))
    players = list(Player.objects.filter(team=humans).order_by("number"))
    expected = [(players[2].pk, options[0]), (players[5].pk, options[1])]
    assert [(g["player"], g["skill"]) for g in award.gifts["gifts"]] == expected
    assert award.gifts["players_die"] == 2 and [g["dice"] for g in award.gifts["gifts"]] == [[3, 1], [5, 2]]
    gained = list(Advancement.objects.filter(player__team=humans).values_list("player_id", "skill", "kind"))
    # Human linemen have no Normal Mutation access: each gift is valued as a double skill (+30,000).
    assert gained == [(pk, skill, "new_skill_double") for pk, skill in expected]
    humans.refresh_from_db()
    assert humans.team_value == compute_team_value(humans) == before + 50_000 + 2 * 30_000
    entry = AuditEntry.objects.get(action="league.trophy.awarded")
    assert entry.data["gifts"]["players_die"] == 2

    # The next edition goes to the orcs: the humans keep the skills, lose the re-roll.
    trophy_award(trophy=cup, team=orcs, by=commissioner, dice=ScriptedDice([1, 1, 1]))
    humans.refresh_from_db()
    assert humans.team_value == compute_team_value(humans) == before + 2 * 30_000
    assert Advancement.objects.filter(player__team=humans).count() == 2
    assert TrophyAward.objects.get(trophy=cup, current=True).team == orcs


def test_chaos_cup_awarded_on_the_page_rolls_on_the_server(client, league, commissioner, humans):
    ensure_trophies(league)
    cup = ensure_trophies(league)["chaos_cup"]
    client.force_login(commissioner)
    url = reverse("league:trophies", args=[league.slug])
    assert (
        client.post(url, {"action": "award", "award-trophy": "chaos_cup", "award-team": humans.pk}).status_code == 302
    )
    award = TrophyAward.objects.get(trophy=cup)
    count = award.gifts["players_die"]
    assert 1 <= count <= 3 and len(award.gifts["gifts"]) == count
    assert Advancement.objects.filter(player__team=humans).count() == count
    page = client.get(url).content.decode()
    listed = page[page.index(f'id="gifts-{award.pk}"') :][:500]
    for gift in award.gifts["gifts"]:
        assert gift["name"] in listed
