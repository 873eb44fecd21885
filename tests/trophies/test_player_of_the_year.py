"""The optional Player of the Year (Spike!, p.32 L4144-4153, A12): the league's player with the most
SPP gains Fan Favourite, valued as a double skill, even if his team did not play for the trophy."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.competitions.challenges.trophies.models import TrophyAward
from league.competitions.challenges.trophies.services import ensure_trophies

from teams.models import Advancement, Player
from teams.selectors import compute_team_value

pytestmark = pytest.mark.django_db


def test_spike_awarded_with_player_of_the_year(client, league, commissioner, humans, orcs):
    spike = ensure_trophies(league)["spike"]
    star = orcs.players.order_by("number").first()
    Player.objects.filter(pk=star.pk).update(spp=31)
    Player.objects.filter(team=humans).update(spp=6)
    before = orcs.team_value
    client.force_login(commissioner)
    url = reverse("league:trophies", args=[league.slug])
    done = client.post(
        url,
        {"action": "award", "award-trophy": "spike", "award-team": humans.pk, "award-player_of_the_year": "on"},
    )
    assert done.status_code == 302
    award = TrophyAward.objects.get(trophy=spike)
    assert award.gifts["player_of_the_year"]["player"] == star.pk
    assert list(Advancement.objects.filter(player=star).values_list("skill", "kind")) == [
        ("fan_favourite", "new_skill_double")
    ]
    orcs.refresh_from_db()
    assert orcs.team_value == compute_team_value(orcs) == before + 30_000  # the orcs hold no trophy
    page = client.get(url).content.decode()
    assert star.name in page[page.index(f'id="poty-{award.pk}"') :][:300]


def test_a_season_final_chosen_with_player_of_the_year_names_one(client, league, commissioner, humans, orcs):
    from league.competitions.challenges.trophies.services import award_season_final
    from league.competitions.seasons.models import Season

    season = Season.objects.create(league=league, number=1, name="S1", status=Season.Status.PLAYOFFS)
    client.force_login(commissioner)
    url = reverse("league:trophies", args=[league.slug])
    chosen = client.post(
        url,
        {"action": "choose", "choose-season": season.pk, "choose-trophy": "spike", "choose-player_of_the_year": "on"},
    )
    assert chosen.status_code == 302
    star = humans.players.order_by("number").last()
    Player.objects.filter(pk=star.pk).update(spp=20)
    award = award_season_final(season, orcs.pk, humans.pk)
    assert award.team == orcs and award.gifts["player_of_the_year"]["player"] == star.pk
    assert award_season_final(season, orcs.pk, humans.pk) is None  # once per season
