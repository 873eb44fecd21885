"""Dungeon Bowl's experience as shipped (seed 003, D:L183-191, D:L291-297): a chest opened is
worth 1 SPP on every sheet; the three optional 1-SPP casualties (teleporter chain, trap, foul) are
off until the commissioner turns one on in the league's settings (spp_actions_off), and a sheet or
import counting one that is off is refused."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.core.services import league_settings_update
from matches.models import Match, MatchEffect, MatchPlayer
from tests.builders import league_of
from tests.matches.test_views_support import login, report_data

KEY = "dungeon_lutece"


@pytest.fixture
def dungeon_match(commissioner, coach_alice, user_factory):
    from matches.services import PrematchInput, match_schedule, prematch_record
    from teams.services import PlayerOrder, team_create

    bob = user_factory("bob")
    league = league_of(KEY, "Sous la Sorbonne", commissioner, coach_alice, bob)
    home, away = (
        team_create(
            league=league,
            coach=coach,
            name=name,
            race=race,
            players=[PlayerOrder("lineman", f"{name[0]}{i}") for i in range(1, 12)],
        )
        for coach, name, race in ((coach_alice, "Delvers", "human"), (bob, "Diggers", "orc"))
    )
    scheduled = match_schedule(league=league, home=home, away=away, by=commissioner)
    played = prematch_record(match=scheduled, data=PrematchInput(steps={"dungeon_state": (3, 4)}), by=coach_alice)
    return league, played, bob


def test_chests_always_the_optional_casualties_once_turned_on(
    client, dungeon_match, commissioner, coach_alice, django_capture_on_commit_callbacks
):
    league, played, bob = dungeon_match
    opener, fouler = played.home.players.get(number=3), played.home.players.get(number=4)
    url = reverse("matches:result", args=[played.pk])
    page = login(client, coach_alice).get(url).text
    assert f'name="p{opener.pk}_x_chest_opened"' in page and ">CHEST<" in page
    assert "_x_foul_casualty" not in page and ">FOUL<" not in page  # off: no field
    refused = client.post(url, report_data(played, **{f"p{fouler.pk}_x_foul_casualty": 1}))
    assert MatchPlayer.objects.filter(match=played, player=fouler).exclude(actions={}).count() == 0
    assert refused.status_code in (200, 302)

    league_settings_update(
        league=league, by=commissioner, values={"spp_actions_off": ["teleporter_casualty", "trap_casualty"]}
    )
    page = client.get(url).text
    assert f'name="p{fouler.pk}_x_foul_casualty"' in page and ">FOUL<" in page
    fields = {f"p{opener.pk}_x_chest_opened": 2, f"p{fouler.pk}_x_foul_casualty": 1}
    assert client.post(url, report_data(played, action="submit", **fields)).status_code == 302
    with django_capture_on_commit_callbacks(execute=True):
        login(client, bob).post(reverse("matches:confirm", args=[played.pk]))
    played.refresh_from_db()
    assert played.status == Match.Status.PROCESSED, played.failure_reason
    assert MatchEffect.objects.get(match=played, key=f"spp:home:p{opener.pk}:chest_opened").data["spp"] == 2
    assert MatchEffect.objects.get(match=played, key=f"spp:home:p{fouler.pk}:foul_casualty").data["spp"] == 1
    for lang, name in (("en", "Casualty by a foul"), ("fr", "Sortie par agression")):
        client.cookies["django_language"] = lang
        assert f"1 × {name}," in client.get(reverse("matches:detail", args=[played.pk])).text
    # The dungeon's state was rolled instead of the weather (3 + 4: ideal), and the match page names it.
    detail = client.get(reverse("matches:detail", args=[played.pk])).text
    assert "État du donjon" in detail and "Terrain idéal" in detail and "Météo" not in detail


def _report(league, **line) -> dict:
    return {
        "format_version": 1,
        "report_id": "sorbonne-" + "-".join(sorted(line.get("actions", {}))).replace("_", "-"),
        "league": league.slug,
        "ruleset": KEY,
        "home": "Delvers",
        "away": "Diggers",
        "played_on": "2026-11-20",
        "prematch": {"dungeon_state": [6, 6], "home": {"petty_cash": 0}, "away": {"petty_cash": 0}},
        "result": {"home_score": 1, "away_score": 0, "home_fame": 0, "away_fame": 0, "gate": 20},
        "players": {"home": [{"number": 2, "touchdowns": 1}, {"number": 3, **line}], "away": []},
    }


def test_an_imported_report_counts_chests_and_refuses_an_action_turned_off(
    dungeon_match, commissioner, django_capture_on_commit_callbacks
):
    from matches.importing import import_match
    from matches.services import MatchError

    league, played, _bob = dungeon_match
    before = Match.objects.count()
    with pytest.raises(MatchError) as refused:
        import_match(_report(league, actions={"foul_casualty": 1}), by=commissioner)
    assert Match.objects.count() == before and refused.value.messages
    with django_capture_on_commit_callbacks(execute=True):
        result = import_match(_report(league, actions={"chest_opened": 3}), by=commissioner)
    match = result.match
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    opener = match.home.players.get(number=3)
    assert MatchEffect.objects.get(match=match, key=f"spp:home:p{opener.pk}:chest_opened").data["spp"] == 3
