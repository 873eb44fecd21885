"""The shipped French house rules' team building (seed 002: free rookies, FF never below 1), on the match's path:
the pre-match tops a short roster up with free rookies (not journeymen), the result sheet marks
them, and on a real worker a concession's fan factor penalty never takes FF below the floor."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from matches.models import Match, MatchEffect, MatchPlayer
from matches.services import PrematchInput, match_schedule, prematch_record
from teams.models import Player, Team
from teams.selectors import compute_team_value
from teams.services import PlayerOrder, team_create, team_refresh_value
from tests.builders import HOUSE_CHOICES, league_of
from tests.matches.test_views_support import login, report_data
from tests.tasks.conftest import processed, wait_for

pytestmark = pytest.mark.worker


def text(response) -> str:
    return html.unescape(response.content.decode())


def eleven(league, coach, name: str, race: str) -> Team:
    players = [PlayerOrder("lineman", f"{name[0]}{i}") for i in range(1, 12)]
    return team_create(league=league, coach=coach, name=name, race=race, players=players, fan_factor=1)


def test_rookies_top_up_at_pre_match_and_a_concession_keeps_the_fan_factor_floor(
    client, celery_worker, task_runs, commissioner, coach_alice, user_factory
):
    bob = user_factory("bob")
    league = league_of("fr_house", "Ligue Maison", commissioner, coach_alice, bob)
    humans, orcs = eleven(league, coach_alice, "Reavers", "human"), eleven(league, bob, "Gouged Eye", "orc")
    Player.objects.filter(team=humans, number__in=[1, 2]).update(miss_next_game=True)
    value = team_refresh_value(team=humans)
    match = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    match = prematch_record(match=match, data=PrematchInput(steps=HOUSE_CHOICES, weather_dice=(3, 4)), by=coach_alice)

    # Two free rookies (the most numerous position, Linemen), no journeyman; worth 0 in the match's TV.
    rookies = list(Player.objects.filter(team=humans, rookie=True).order_by("number"))
    assert [(p.number, p.position, p.journeyman) for p in rookies] == [(12, "lineman", False), (13, "lineman", False)]
    assert not Player.objects.filter(journeyman=True).exists()
    assert match.home_tv == value == compute_team_value(humans)
    assert MatchPlayer.objects.filter(match=match, player__rookie=True, eligible=True).count() == 2
    assert not Player.objects.filter(team=orcs, rookie=True).exists()  # eleven able to play
    sheet = text(login(client, coach_alice).get(reverse("matches:result", args=[match.pk])))
    assert sheet.count("Rookie: no team re-roll") == 2 and "Rookie 12" in sheet

    # The Orcs concede after the first rookie's two touchdowns: no roll, the penalty point is not taken below the floor of 1.
    assert (
        client.post(
            reverse("matches:result", args=[match.pk]),
            report_data(match, home_score=2, away_score=0, conceded_by="away", **{f"p{rookies[0].pk}_td": 2}),
        ).status_code
        == 302
    )
    assert client.post(reverse("matches:submit", args=[match.pk])).status_code == 302
    assert login(client, bob).post(reverse("matches:confirm", args=[match.pk])).status_code == 302
    wait_for(lambda: processed(match), "the worker to process the match")
    orcs.refresh_from_db()
    assert orcs.fan_factor == 1
    rookies[0].refresh_from_db()
    assert rookies[0].spp in (6, 11) and rookies[0].rookie  # two touchdowns (and maybe the MVP): SPP as anyone
    effect = MatchEffect.objects.get(match=match, key="ff:away")
    assert (effect.data.get("delta", 0), effect.data["total"], effect.data["reason"]) == (0, 1, "conceded")
    assert Match.objects.get(pk=match.pk).conceded_by == "away"
    # The match page lists the rookies with their mark too.
    page = text(client.get(reverse("matches:detail", args=[match.pk])))
    assert "Rookie: no team re-roll" in page
    assert "No fan factor lost for the concession: it never falls below 1." in page
    client.cookies["django_language"] = "fr"
    page = text(client.get(reverse("matches:detail", args=[match.pk])))
    assert "Aucune popularité perdue pour l'abandon : elle ne descend jamais sous 1." in page
    assert "Rookie : aucune relance d'équipe" in page
