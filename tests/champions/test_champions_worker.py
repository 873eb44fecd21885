"""Champions and the MVP on the post-match worker path (seed 002 H:L88, §2.5; spec H9).

A Human team of the `champtest` ruleset (two MVP draws per side here, at most one per player) fields
Morg 'n' Thorg as a champion: he scores, the result goes through the pages, a real Celery worker runs
the post-match sequence. Morg is never among the MVP candidates the dice page lists, earns no SPP for
his touchdown, and the side's second draw is made among the players not drawn yet.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match, MatchEffect
from matches.services import PrematchInput, match_schedule, prematch_record, requested_dice
from teams.models import Player
from teams.services import PlayerOrder, team_create
from tests.builders import league_of
from tests.champions.conftest import KEY
from tests.matches.test_views_support import login, report_data
from tests.tasks.conftest import processed, wait_for

pytestmark = pytest.mark.worker

MORG = "morg_n_thorg"


def field(key: str, index: int) -> str:
    return f"die__{key.replace(':', '__')}__{index}"


def test_a_champion_is_never_mvp_earns_no_spp_and_nobody_is_mvp_twice(
    client, celery_worker, two_mvps_ruleset, commissioner, coach_alice, user_factory
):
    bob = user_factory("bob")
    league = league_of(KEY, "Champions' League", commissioner, coach_alice, bob)
    humans = team_create(
        league=league,
        coach=coach_alice,
        name="Reavers",
        race="human",
        players=[PlayerOrder(MORG, "Morg"), *(PlayerOrder("lineman", f"H{i}") for i in range(2, 12))],
    )
    orcs = team_create(
        league=league,
        coach=bob,
        name="Gouged Eye",
        race="orc",
        players=[PlayerOrder("lineman", f"O{i}") for i in range(11)],
    )
    morg = humans.players.get(position=MORG)
    match = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    match = prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)

    client.force_login(coach_alice)
    response = client.post(reverse("matches:result", args=[match.pk]), report_data(match, **{f"p{morg.pk}_td": 1}))
    assert response.status_code == 302, response.content.decode()[-3000:]
    match.refresh_from_db()
    dice_url = reverse("matches:dice", args=[match.pk])
    rows = {row.key: row for row in requested_dice(match)}
    first = rows["mvp:home:1"]
    assert str(morg) not in first.candidates and len(first.candidates) == 10  # the ten linemen
    assert "mvp:home:2" not in rows  # asked once the first is known
    assert client.post(dice_url, {field("mvp:home:1", 0): "1"}).status_code == 302
    drawn = first.candidates[0]
    second = {row.key: row for row in requested_dice(match)}["mvp:home:2"]
    assert drawn not in second.candidates and str(morg) not in second.candidates
    assert len(second.candidates) == 9
    assert client.post(dice_url, {field("mvp:home:2", 0): "1"}).status_code == 302
    lists = [part.split("</ul>", 1)[0] for part in client.get(dice_url).content.decode().split("mvp-candidates")[1:]]
    assert len(lists) >= 2 and not any("Morg" in names for names in lists)  # the page lists the draws' candidates

    assert client.post(reverse("matches:submit", args=[match.pk])).status_code == 302
    assert login(client, bob).post(reverse("matches:confirm", args=[match.pk])).status_code == 302
    wait_for(lambda: processed(match), "the worker to process the match")

    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED
    mvps = MatchEffect.objects.filter(match=match, kind="mvp", team=humans).order_by("key")
    refs = [f"p{effect.player_id}" for effect in mvps]
    assert len(refs) == 2 and len(set(refs)) == 2 and f"p{morg.pk}" not in refs
    morg.refresh_from_db()
    assert morg.spp == 0  # his touchdown counts for the score, not for him
    assert not MatchEffect.objects.filter(match=match, kind="spp", player=morg).exists()
    assert match.home_score == 1
    for ref in refs:
        assert Player.objects.get(pk=int(ref[1:])).spp == 5
