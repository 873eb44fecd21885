"""No missed games and the healing spell (seed 003 D:L299-303, D7) in the shipped Dungeon Bowl
ruleset, through the result sheet, the real worker, the match page, a correction, the league's
settings and the import."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from league.core.services import league_settings_update
from matches.models import Match, MatchCorrection, MatchEffect
from matches.services import PrematchInput, prematch_record
from teams.models import Injury, Player
from tests.builders import scheduled_in
from tests.matches.test_views_support import login, report_data
from tests.tasks.conftest import processed, wait_for

KEY = "dungeon_lutece"  # the shipped Dungeon Bowl ruleset: both rules on by default (D7)


@pytest.fixture
def dungeon_ruleset():
    from league.rules import load_ruleset

    ruleset = load_ruleset(KEY)
    assert not ruleset.params.casualties_miss_next_game and ruleset.params.healing_spell
    return ruleset


def text(response) -> str:
    body = response.content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&#x27;", "'").replace("\u00a0", " ")


def _ready(dungeon_ruleset, commissioner, alice, bob, **settings: object) -> Match:
    scheduled = scheduled_in(KEY, "Lutèce", commissioner, alice, bob)
    if settings:
        league_settings_update(league=scheduled.league, by=commissioner, values=settings)
    return prematch_record(match=scheduled, data=PrematchInput(steps={"dungeon_state": (3, 4)}), by=alice)


def _sheet(match: Match, **extra: str) -> dict[str, str]:
    """Humans 1-0: #3 seriously injured (41), #4 killed (61), #5 loses a point of MA (53)."""
    h = {n: match.home.players.get(number=n).pk for n in (3, 4, 5)}
    return report_data(
        match,
        **{f"p{h[3]}_d6": 4, f"p{h[3]}_d8": 1, f"p{h[4]}_d6": 6, f"p{h[4]}_d8": 1, f"p{h[5]}_d6": 5, f"p{h[5]}_d8": 3},
        **extra,
    )


@pytest.mark.worker
def test_the_healed_player_lives_and_nobody_misses_a_game(
    client, celery_worker, dungeon_ruleset, commissioner, coach_alice, coach_bob
):
    match = _ready(dungeon_ruleset, commissioner, coach_alice, coach_bob)
    h3, h4, h5 = (match.home.players.get(number=n) for n in (3, 4, 5))
    client.force_login(coach_alice)
    url = reverse("matches:result", args=[match.pk])
    page = text(client.get(url))
    assert "Healed by the spell, Reavers" in page and "Healed by the spell, Gouged Eye" in page
    assert client.post(url, _sheet(match, healing_home=f"p{h4.pk}:1")).status_code == 302
    assert client.post(url, _sheet(match, healing_home=f"p{h4.pk}:1", action="submit")).status_code == 302
    assert login(client, coach_bob).post(reverse("matches:confirm", args=[match.pk])).status_code == 302
    wait_for(lambda: processed(match), "the worker to process the match")

    for player in (h3, h4, h5):
        player.refresh_from_db()
    assert h4.status == Player.Status.ACTIVE  # killed, and healed by the spell
    assert not h3.miss_next_game and not h5.miss_next_game  # no missed games
    assert list(Injury.objects.filter(player=h5).values_list("stat", "applied")) == [("ma", True)]  # permanent
    assert not Injury.objects.filter(player=h4).exists()
    spell = MatchEffect.objects.get(match=match, key="healing:home")
    assert (spell.kind, spell.step, spell.player_id) == ("healing_spell", "healing_spell", h4.pk)
    assert not MatchEffect.objects.filter(match=match, kind__in=("dead", "miss_next_game")).exists()
    detail = text(client.get(match.get_absolute_url()))
    assert "Healing spell" in detail and f"Healing spell: {h4} ignores DEAD." in detail
    client.cookies["django_language"] = "fr"
    assert "Sort de soin" in text(client.get(match.get_absolute_url()))


@pytest.mark.django_db
def test_a_correction_takes_the_spell_back_and_the_setting_brings_missed_games_back(
    client, dungeon_ruleset, commissioner, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    from matches.services import report_confirm
    from tests.web.test_correction_pages import confirm, correct_url, sheet

    match = _ready(dungeon_ruleset, commissioner, coach_alice, coach_bob, casualties_miss_next_game=True)
    h3, h4 = (match.home.players.get(number=n) for n in (3, 4))
    client.force_login(coach_alice)
    url = reverse("matches:result", args=[match.pk])
    response = client.post(url, _sheet(match, healing_home=f"p{h4.pk}:1", action="submit"))
    assert response.status_code == 302, re.findall(
        r'class="[^"]*(?:invalid|alert)[^"]*"[^>]*>(.*?)<', response.content.decode(), re.S
    )
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=match, by=coach_bob)
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    h3.refresh_from_db()
    h4.refresh_from_db()
    assert h3.miss_next_game and h4.status == Player.Status.ACTIVE  # the league plays missed games

    client.force_login(commissioner)
    data = sheet(client, match) | {"away_score": "0"}  # (the helper leaves out the fields at 0)
    assert data["healing_home"] == f"p{h4.pk}:1"  # the correction sheet holds the spell
    data.update(healing_home=f"p{h3.pk}:1", reason="The spell healed #3, not #4")
    response = client.post(correct_url(match), data)
    assert response.status_code == 302, text(response)
    confirm(client, MatchCorrection.objects.get(match=match).pk, django_capture_on_commit_callbacks)
    h3.refresh_from_db()
    h4.refresh_from_db()
    assert h4.status == Player.Status.DEAD and not h3.miss_next_game
    assert MatchEffect.objects.get(match=match, key="healing:home").player_id == h3.pk


@pytest.mark.django_db
def test_an_imported_report_names_the_healed_player(
    dungeon_ruleset, commissioner, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    from matches.importing import import_match
    from matches.services import MatchError
    from tests.builders import human_team, league_of, orc_team
    from tests.matches.test_import_service import example, imported

    league = league_of(KEY, "Lutèce", commissioner, coach_alice, coach_bob)
    humans, _orcs = human_team(league, coach_alice), orc_team(league, coach_bob)
    data = example() | {"league": league.slug, "ruleset": KEY}
    data["prematch"] = {"dungeon_state": [3, 4]} | {side: data["prematch"][side] for side in ("home", "away")}
    data["casualties"] = {"home": [{"number": 4, "d6": 6, "d8": 1}], "away": [{"number": 3, "d6": 4, "d8": 1}]}
    # The first touchdown wins and ends the match (D6): 1-0, scored by #1.
    data["result"] = data["result"] | {"home_score": 1, "away_score": 0}
    data["players"] = {"home": [{"number": 1, "touchdowns": 1}], "away": [{"number": 2, "casualties": 1}]}
    data["dice"] = {k: v for k, v in data["dice"].items() if not k.startswith("improvement:")}  # no level now
    with pytest.raises(MatchError, match="healing:home"):  # no such casualty result
        import_match(data | {"decisions": {**data["decisions"], "healing:home": "home#4:3"}}, by=commissioner)
    data["decisions"] = {**data["decisions"], "healing:home": "home#4"}
    match = imported(data, django_capture_on_commit_callbacks, by=commissioner).match
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    h4, o3 = humans.players.get(number=4), match.away.players.get(number=3)
    assert h4.status == Player.Status.ACTIVE and not o3.miss_next_game  # healed; no missed games
    assert MatchEffect.objects.get(match=match, key="healing:home").player_id == h4.pk
