"""A small season for the NAF report (docs/examples/naf-report.xml is its expected report).

Four coaches: alice ("Jack & Jill", NAF 1001, Humans), bob ("<Grim> Bob", NAF 2002, Orcs), carol
(no NAF number, Humans) and dave (NAF 4004, no NAF name: his username, Orcs). Season 1 holds:
alice 2-1 bob on 2025-01-11 13:01 with every casualty rolled; bob 1-1 dave on 2024-12-30 (the
week-year edge) with casualty counts only; alice 3-0 carol (left out: carol has no number); the
final, dave 0-1 alice, confirmed on 2025-02-01 18:30; and a game not played yet.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from league.accounts.services import naf_save
from league.competitions.seasons.models import Round, Season
from league.core.services import league_join
from matches.models import Match, MatchCasualty, MatchPlayer
from matches.services.common import match_ruleset
from tests.builders import human_team, orc_team

PARIS = ZoneInfo("Europe/Paris")


def _match(season, rnd, home, away, score, by, **extra) -> Match:
    match = Match(
        league=season.league,
        home=home,
        away=away,
        scheduled_by=by,
        season=season,
        round=rnd,
        status=Match.Status.PROCESSED if score else Match.Status.SCHEDULED,
        home_score=score[0] if score else None,
        away_score=score[1] if score else None,
        **extra,
    )
    ruleset = match_ruleset(match)
    match.ruleset, match.ruleset_version = ruleset.key, ruleset.version
    match.save()
    return match


@pytest.fixture
def naf_season(settings, league, commissioner, coach_alice, user_factory):
    settings.TIME_ZONE = "Europe/Paris"
    bob, carol, dave = (user_factory(name) for name in ("bob", "carol", "dave"))
    for coach in (bob, carol, dave):
        league_join(league=league, user=coach)
    naf_save(user=coach_alice, naf_number=1001, naf_name="Jack & Jill")
    naf_save(user=bob, naf_number=2002, naf_name="<Grim> Bob")
    naf_save(user=dave, naf_number=4004, naf_name="")
    humans, orcs = human_team(league, coach_alice), orc_team(league, bob)
    carols, daves = human_team(league, carol, "Carol's Humans"), orc_team(league, dave, "Dave's Orcs")
    season = Season.objects.create(league=league, number=1, name="Season 1", status=Season.Status.PLAYOFFS)
    first = Round.objects.create(season=season, number=1)
    final = Round.objects.create(season=season, number=2, phase=Round.Phase.PLAYOFF)
    played = _match(
        season,
        first,
        humans,
        orcs,
        (2, 1),
        commissioner,
        played_on=date(2025, 1, 11),
        submitted_at=datetime(2025, 1, 11, 13, 1, 42, tzinfo=PARIS),
        home_tv=1_105_000,  # TR 110.5, rounded half up: 111
        away_tv=1_094_999,  # 109.4999: 109
    )
    # Orcs O1 (dead: D68 61) and O2 (seriously injured: 41) hurt by the Humans, H3 badly hurt (15).
    for team, number, d6, d8 in ((orcs, 1, 6, 1), (orcs, 2, 4, 1), (humans, 3, 1, 5)):
        MatchCasualty.objects.create(match=played, victim=team.players.get(number=number), d6=d6, d8=d8)
    counted = _match(
        season,
        first,
        orcs,
        daves,
        (1, 1),
        commissioner,
        played_on=date(2024, 12, 30),
        submitted_at=datetime(2024, 12, 30, 20, 15, tzinfo=PARIS),
        home_tv=1_000_000,
    )  # away_tv unknown: Dave's team value now
    MatchPlayer.objects.create(match=counted, player=daves.players.get(number=2), side="away", casualties=2)
    _match(season, first, humans, carols, (3, 0), commissioner, played_on=date(2025, 1, 12), home_tv=1_000_000)
    _match(
        season,
        final,
        daves,
        humans,
        (0, 1),
        commissioner,
        stage=Match.Stage.FINAL,
        confirmed_at=datetime(2025, 2, 1, 18, 30, tzinfo=PARIS),
        home_tv=1_200_000,
        away_tv=1_150_000,
    )
    _match(season, first, carols, daves, None, commissioner)
    return season
