"""House rules written in data only, played through the pages and run by a real Celery worker:
the Ogre needs twice the SPP to level (a level table of his position group) and every improvement
roll is followed by an ageing roll whose outcome is an injury the sequence already applies (seed
002). The ruleset is LRB6 copied with the files of tests/builders.py (`ageing_ruleset`)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import DiceRoll, Match, MatchEffect
from matches.services import PrematchInput, match_schedule, postgame_run, prematch_record, requested_dice
from matches.tasks import run_postgame
from teams.models import ImprovementRoll, Injury, Player
from teams.services import PlayerOrder, team_create
from tests.builders import AGEING_KEY, league_of
from tests.matches.test_views_support import login, report_data
from tests.tasks.conftest import processed, state, wait_for

pytestmark = pytest.mark.worker


def field(key: str, index: int) -> str:
    return f"die__{key.replace(':', '__')}__{index}"


def text(response) -> str:
    return response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')


@pytest.fixture
def house(ageing_ruleset, commissioner, coach_alice, user_factory):
    """A league of the house-rules ruleset: Humans with an Ogre (#1) and ten linemen, and Orcs."""
    bob = user_factory("bob")
    league = league_of(AGEING_KEY, "Vieux Grognards", commissioner, coach_alice, bob)
    players = [PlayerOrder("ogre", "Grok"), *(PlayerOrder("lineman", f"H{i}") for i in range(2, 12))]
    humans = team_create(league=league, coach=coach_alice, name="Reavers", race="human", players=players)
    orcs = team_create(
        league=league,
        coach=bob,
        name="Gouged Eye",
        race="orc",
        players=[PlayerOrder("lineman", f"O{i}") for i in range(1, 12)],
    )
    return league, humans, orcs, bob


def _ready(league, humans, orcs, commissioner, coach_alice) -> Match:
    scheduled = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    return prematch_record(match=scheduled, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)


def _mvp_face(match: Match, side: str, player: Player) -> int:
    row = next(r for r in requested_dice(match) if r.key == f"mvp:{side}:1")
    return row.candidates.index(str(player)) + 1


def _enter(client, match: Match, wanted: dict[str, list[int]]) -> set[str]:
    """Enter the `wanted` dice on the dice page as the engine asks for them (an MVP brings an
    improvement roll, which brings the ageing roll...); returns every key the page asked for.
    The page then names the ageing dice as the ruleset does, under their step's heading."""
    url = reverse("matches:dice", args=[match.pk])
    asked: set[str] = set()
    for _round in range(6):
        rows = {row.key: row for row in requested_dice(match)}
        asked |= set(rows)
        todo = {key: values for key, values in wanted.items() if key in rows and rows[key].values is None}
        if not todo:
            break
        data = {field(key, i): str(v) for key, values in wanted.items() if key in rows for i, v in enumerate(values)}
        response = client.post(url, data)
        assert response.status_code == 302, text(response)
    page = text(client.get(url))
    for key in (k for k in wanted if k.startswith("ageing:")):
        player = Player.objects.get(pk=int(key.split(":")[1][1:]))
        label = f"Ageing of {player} (Reavers)" + (", roll to avoid it" if key.endswith(":avoid") else "")
        assert label in page and "Ageing</h" in page, label
    return asked


def _play(client, match: Match, bob, lines: dict[str, int], wanted: dict[str, list[int]]) -> set[str]:
    """The home coach saves the result sheet and enters the dice, submits; bob confirms; the worker
    runs the post-match sequence."""
    client.force_login(match.home.coach)
    result = reverse("matches:result", args=[match.pk])
    assert client.post(result, report_data(match, **lines)).status_code == 302
    asked = _enter(client, match, wanted)
    assert client.post(reverse("matches:submit", args=[match.pk])).status_code == 302
    assert login(client, bob).post(reverse("matches:confirm", args=[match.pk])).status_code == 302
    wait_for(lambda: processed(match), "the worker to process the match")
    return asked


def test_big_guys_level_at_double_and_ageing_follows_each_improvement(
    client, celery_worker, task_runs, house, commissioner, coach_alice
):
    league, humans, orcs, bob = house
    ogre, h2 = humans.players.get(number=1), humans.players.get(number=2)
    assert (ogre.position, h2.position) == ("ogre", "lineman")
    Player.objects.filter(pk__in=[ogre.pk, h2.pk]).update(spp=5)  # one SPP below LRB6's first level
    first = _ready(league, humans, orcs, commissioner, coach_alice)
    client.force_login(coach_alice)  # the sheet saved once to learn the MVP candidates' order
    client.post(
        reverse("matches:result", args=[first.pk]), report_data(first, **{f"p{ogre.pk}_comp": 1, f"p{h2.pk}_comp": 1})
    )
    eleven = humans.players.get(number=11)
    aging, avoid = f"ageing:p{h2.pk}:1", f"ageing:p{h2.pk}:1:avoid"
    wanted = {
        "mvp:home:1": [_mvp_face(first, "home", eleven)],  # the MVP to #11: 5 SPP, no level
        "mvp:away:1": [1],
        f"improvement:p{h2.pk}:1": [1, 2],
        avoid: [1, 1],  # 2, below Experienced's 3: he ages
        aging: [4, 4],  # 8: a niggling injury
    }
    asked = _play(client, first, bob, {f"p{ogre.pk}_comp": 1, f"p{h2.pk}_comp": 1}, wanted)

    # 6 SPP each: the lineman levels as in LRB6, the Ogre does not (his group's table starts at 12).
    ogre.refresh_from_db()
    h2.refresh_from_db()
    assert (ogre.spp, h2.spp) == (6, 6)
    assert f"improvement:p{ogre.pk}:1" not in asked and f"ageing:p{ogre.pk}:1:avoid" not in asked
    assert list(ImprovementRoll.objects.filter(match=first).values_list("player_id", flat=True)) == [h2.pk]
    # The ageing roll: its two dice stored as entered, its effect an existing kind, applied.
    stored = {
        d.purpose: (d.values, d.source) for d in DiceRoll.objects.filter(match=first, purpose__startswith="ageing")
    }
    assert stored == {avoid: ([1, 1], DiceRoll.Source.ENTERED), aging: ([4, 4], DiceRoll.Source.ENTERED)}
    effect = MatchEffect.objects.get(match=first, key=aging)
    assert (effect.step, effect.kind, effect.player_id) == ("ageing", "niggling_injury", h2.pk)
    assert (effect.data["dice"], effect.data["casualty"]) == ([4, 4], "ageing_niggling")
    assert h2.niggling_injuries == 1 and not h2.miss_next_game  # seed 002: no missed game
    assert list(Injury.objects.filter(player=h2).values_list("casualty", "stat", "applied")) == [
        ("ageing_niggling", "", True)
    ]
    # The match page names the step, the effect and both dice; the player pages the injury and
    # each player's level with the next threshold of his own table.
    page = text(client.get(reverse("matches:detail", args=[first.pk])))
    assert "4. Ageing</strong>" in page and "#2 H2: Ageing, a niggling injury." in page
    assert "Ageing, roll to avoid it (#2 H2): 1 + 1" in page and "Ageing (#2 H2): 4 + 4" in page
    lineman_page = text(client.get(reverse("teams:player", args=[humans.pk, h2.pk])))
    assert "Ageing" in lineman_page and "Experienced (next level at 16 SPP)" in lineman_page
    ogre_page = text(client.get(reverse("teams:player", args=[humans.pk, ogre.pk])))
    assert "Rookie (next level at 12 SPP)" in ogre_page
    client.cookies["django_language"] = "fr"
    page = text(client.get(reverse("matches:detail", args=[first.pk])))
    assert "Vieillissement, jet pour l'éviter (#2 H2)" in page
    assert "Débutant (niveau suivant à 12 XP)" in text(client.get(reverse("teams:player", args=[humans.pk, ogre.pk])))
    client.cookies["django_language"] = "en"

    # A re-run, by the worker and directly, changes nothing.
    before = state(first)
    run_postgame.delay(first.pk)
    wait_for(lambda: [r for r in task_runs if r.args == (first.pk,) and r.result is False], "the second delivery")
    assert postgame_run(first.pk) is False
    assert state(first) == before

    # Second match: 6 completions take the Ogre to 12, the doubled threshold: he rolls, then ages
    # unless his avoid roll makes Experienced's 3 (12 does: no table die is asked for).
    second = _ready(league, humans, orcs, commissioner, coach_alice)
    client.force_login(coach_alice)
    client.post(reverse("matches:result", args=[second.pk]), report_data(second, **{f"p{ogre.pk}_comp": 6}))
    ten = humans.players.get(number=10)
    wanted = {
        "mvp:home:1": [_mvp_face(second, "home", ten)],
        "mvp:away:1": [2],
        f"improvement:p{ogre.pk}:1": [2, 3],
        f"ageing:p{ogre.pk}:1:avoid": [6, 6],
    }
    asked = _play(client, second, bob, {f"p{ogre.pk}_comp": 6}, wanted)
    ogre.refresh_from_db()
    assert ogre.spp == 12 and ImprovementRoll.objects.filter(match=second, player=ogre).exists()
    assert f"ageing:p{ogre.pk}:1" not in asked
    assert not MatchEffect.objects.filter(match=second, step="ageing").exists()
    assert DiceRoll.objects.get(match=second, purpose=f"ageing:p{ogre.pk}:1:avoid").values == [6, 6]
    assert ogre.niggling_injuries == 0
    ogre_page = text(client.get(reverse("teams:player", args=[humans.pk, ogre.pk])))
    assert "Experienced (next level at 32 SPP)" in ogre_page
