"""A Blood Bowl final is played, the winner holds the trophy, its team value
includes the trophy re-roll, its next match's winnings include the +20,000, every finalist player
has the extra MVP; at the next edition the trophy passes on and the re-roll leaves the old holder's
team value. Through the pages and the real post-match runner."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.competitions.challenges.trophies.models import SeasonTrophy, Trophy, TrophyAward
from league.competitions.standings.playoffs.services import BracketChoice, bracket_create
from league.core.models import AuditEntry

from matches.models import Match, MatchEffect
from matches.services import match_schedule
from teams.models import Player, Team, TreasuryEntry
from teams.selectors import compute_team_value
from tests.builders import play

pytestmark = pytest.mark.django_db

LINEMAN, REROLL, FF = 50_000, 50_000, 10_000  # human list prices (teams.csv, positions.csv)


def trophies_url(league) -> str:
    return reverse("league:trophies", args=[league.slug])


def choose(client, season, key: str) -> Trophy:
    page = client.get(trophies_url(season.league)).content.decode()
    assert f'<option value="{key}">' in page  # listed before the league has the trophy's row
    response = client.post(
        trophies_url(season.league), {"action": "choose", "choose-season": season.pk, "choose-trophy": key}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    trophy = Trophy.objects.get(league=season.league, key=key)
    assert SeasonTrophy.objects.get(season=season).trophy == trophy
    return trophy


def play_playoffs(season, commissioner, capture, final_score=(2, 1)):
    bracket_create(
        season=season, choice=BracketChoice(size=4, qualification="standings", seeding="standings"), by=commissioner
    )
    for semi in Match.objects.filter(season=season, stage="semi_final").order_by("bracket_game__number"):
        play(semi, 1, 0, capture)
    final = Match.objects.get(season=season, stage="final")
    return play(
        final,
        *final_score,
        capture,
        dice={"winnings:home": [3], "winnings:away": [2]},
        decisions={"winnings_reroll:home": False},
    )


def by_hand_tv(team: Team, trophy_rerolls: int) -> int:
    """Linemen only, no improvement chosen: 50,000 each; re-rolls and FF at list price."""
    players = Player.objects.filter(team=team, status=Player.Status.ACTIVE, miss_next_game=False).count()
    return players * LINEMAN + (team.rerolls + trophy_rerolls) * REROLL + team.fan_factor * FF


def test_blood_bowl_final_holder_benefits_and_next_edition(
    client, league, make_season, commissioner, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    season, teams = make_season(4)
    client.force_login(commissioner)
    blood_bowl = choose(client, season, "blood_bowl")

    final = play_playoffs(season, commissioner, capture)
    season.refresh_from_db()
    champion, runner_up = (
        Team.objects.get(pk=season.winner_id),
        Team.objects.get(pk=final.away_id if season.winner_id == final.home_id else final.home_id),
    )
    award = TrophyAward.objects.get(trophy=blood_bowl)
    assert (award.team, award.runner_up, award.season, award.edition, award.current) == (
        champion,
        runner_up,
        season,
        1,
        True,
    )
    # Its team value includes the trophy re-roll, kept and computed alike (A10).
    assert champion.team_value == compute_team_value(champion) == by_hand_tv(champion, 1)
    assert runner_up.team_value == by_hand_tv(runner_up, 0)
    entry = AuditEntry.objects.get(action="league.trophy.awarded")
    assert (
        entry.data["team_values"][champion.name]["after"] - entry.data["team_values"][champion.name]["before"] == REROLL
    )

    # Every player of both finalists has the extra MVP (+5 SPP) besides the drawn MVPs.
    extra = MatchEffect.objects.filter(match=final, kind="mvp", key__startswith="mvp_final:")
    finalists = Player.objects.filter(team__in=[champion, runner_up], status=Player.Status.ACTIVE)
    assert {e.player_id for e in extra} == {p.pk for p in finalists} and all(e.data["spp"] == 5 for e in extra)
    assert all(p.spp >= 5 for p in finalists)

    # The roll of honour and the holder's trophy cabinet.
    honour = client.get(trophies_url(league)).content.decode()
    assert f'class="trophy-holder" href="{champion.get_absolute_url()}">{champion.name}' in honour
    cabinet = client.get(champion.get_absolute_url()).content.decode()
    assert 'id="trophy-cabinet"' in cabinet and "Blood Bowl" in cabinet

    # The holder's next match: its winnings include the +20,000 (ledger), after any doubling (A11).
    other = teams[[t.pk for t in teams].index(next(t.pk for t in teams if t.pk not in (champion.pk, runner_up.pk)))]
    match = match_schedule(league=league, home=champion, away=other, by=commissioner)
    match = play(
        match,
        1,
        0,
        capture,
        dice={"winnings:home": [4], "winnings:away": [2]},
        decisions={"winnings_reroll:home": False},
    )
    fame = match.home_fame or 0
    ledger = TreasuryEntry.objects.get(team=champion, match=match, kind=TreasuryEntry.Kind.WINNINGS)
    assert ledger.amount == (4 + fame) * 10_000 + 10_000 + 20_000
    other_ledger = TreasuryEntry.objects.get(team=other, match=match, kind=TreasuryEntry.Kind.WINNINGS)
    assert other_ledger.amount == (2 + (match.away_fame or 0)) * 10_000  # no bonus: not the holder
    champion.refresh_from_db()
    assert champion.team_value == compute_team_value(champion) == by_hand_tv(champion, 1)

    # The next edition: a new season's final awards the Blood Bowl to another team.
    season2, teams2 = make_season(4, number=2)
    choose(client, season2, "blood_bowl")
    play_playoffs(season2, commissioner, capture)
    season2.refresh_from_db()
    new_holder = Team.objects.get(pk=season2.winner_id)
    assert list(TrophyAward.objects.filter(trophy=blood_bowl).values_list("edition", "team_id", "current")) == [
        (2, new_holder.pk, True),
        (1, champion.pk, False),
    ]
    champion.refresh_from_db()
    new_holder.refresh_from_db()
    assert champion.team_value == compute_team_value(champion) == by_hand_tv(champion, 0)
    assert new_holder.team_value == by_hand_tv(new_holder, 1)
    # The old holder's next match earns no bonus any more.
    match = match_schedule(league=league, home=champion, away=other, by=commissioner)
    match = play(
        match,
        1,
        0,
        capture,
        dice={"winnings:home": [4], "winnings:away": [2]},
        decisions={"winnings_reroll:home": False},
    )
    ledger = TreasuryEntry.objects.get(team=champion, match=match, kind=TreasuryEntry.Kind.WINNINGS)
    assert ledger.amount == (4 + (match.home_fame or 0)) * 10_000 + 10_000
