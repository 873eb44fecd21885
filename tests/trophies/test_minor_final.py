"""A season's final that awards a commissioner's minor tournament: the play-offs page names it, and
when the final is decided the champion and the runner-up receive its prizes (and no re-roll)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.competitions.challenges.trophies.models import TrophyAward
from league.competitions.challenges.trophies.services import minor_define, season_trophy_choose

from teams.models import Team, TreasuryEntry
from teams.selectors import compute_team_value
from tests.trophies.test_blood_bowl import by_hand_tv, play_playoffs

pytestmark = pytest.mark.django_db


def test_minor_tournament_final_pays_its_prizes(
    client, league, make_season, commissioner, django_capture_on_commit_callbacks
):
    season, teams = make_season(4)
    cup = minor_define(
        league=league, name="Far Albion Cup", prize_winner=80_000, prize_runner_up=40_000, by=commissioner
    )
    season_trophy_choose(season=season, trophy=cup, by=commissioner)
    client.force_login(commissioner)
    page = client.get(reverse("league:season_playoffs", args=[league.slug, season.number])).content.decode()
    assert "This season's final awards: Far Albion Cup." in page

    final = play_playoffs(season, commissioner, django_capture_on_commit_callbacks)
    season.refresh_from_db()
    champion = Team.objects.get(pk=season.winner_id)
    runner_up = Team.objects.get(pk=final.away_id if champion.pk == final.home_id else final.home_id)
    award = TrophyAward.objects.get(trophy=cup)
    assert (award.team, award.runner_up, award.season) == (champion, runner_up, season)
    prizes = dict(TreasuryEntry.objects.filter(key__startswith=f"trophy:{award.pk}:").values_list("team_id", "amount"))
    assert prizes == {champion.pk: 80_000, runner_up.pk: 40_000}
    assert champion.team_value == compute_team_value(champion) == by_hand_tv(champion, 0)  # no re-roll
