"""The SQL query count of one post-match sequence does not grow with the roster.

The same report events (every die entered) between 11-player teams and between 16-player teams:
the sequences must read and write the same number of times. Nobody is lost for the next match, so
neither side needs journeymen, and the two plans have the same effects.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.core.services import league_join
from matches.models import Match, MatchEffect
from matches.services import (
    CasualtyLine,
    PrematchInput,
    match_schedule,
    postgame_run,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)
from teams.models import Player
from teams.services import PlayerOrder, team_create
from tests.builders import worked_report_for

pytestmark = pytest.mark.django_db

# What one sequence needs here (24: the claim, the teams' lock, the match read, who could play with
# the players joining its sheet, the report's reads, then the whole plan applied in one transaction,
# the derived tables' mark, one INSERT of its outbox rows, which tell the decisions it leaves each
# coach without reading them back, and the page cache's bump, once after the commit and now its last
# statement: the same count in all), far below one query per effect (about 230 before the steps were
# batched, 90 with one transaction per step).
CEILING = 24


def sequence_queries(league, alice, bob, commissioner, size: int) -> tuple[int, Match]:
    home = team_create(
        league=league,
        coach=alice,
        name=f"Humans {size}",
        race="human",
        players=[PlayerOrder("lineman", f"H{i}") for i in range(1, size + 1)],
    )
    away = team_create(
        league=league,
        coach=bob,
        name=f"Orcs {size}",
        race="orc",
        fan_factor=3,
        players=[PlayerOrder("lineman", f"O{i}") for i in range(1, size + 1)],
    )
    match = match_schedule(league=league, home=home, away=away, by=commissioner)
    prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=alice)
    h3, o3 = home.players.get(number=3).pk, away.players.get(number=3).pk
    # The worked report, but badly hurt both (D6 1-3): nobody misses the next match, nobody dies.
    report = replace(
        worked_report_for(home, away), casualties=(CasualtyLine(h3, d6=2, d8=1), CasualtyLine(o3, d6=3, d8=5))
    )
    report_save(match=match, report=report, by=alice)
    report_submit(match=match, by=alice)
    report_confirm(match=match, by=bob)  # the queued run never starts: `db` tests never commit
    with CaptureQueriesContext(connection) as queries:
        assert postgame_run(match.pk) is True
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    return len(queries), match


def test_one_sequence_reads_and_writes_as_often_for_11_players_as_for_16(
    league, coach_alice, commissioner, user_factory
):
    bob = user_factory("bob")
    league_join(league=league, user=bob)
    small, small_match = sequence_queries(league, coach_alice, bob, commissioner, 11)
    large, large_match = sequence_queries(league, coach_alice, bob, commissioner, 16)
    # The same plan on both sides (keys name players by id, so compare kinds and figures)...
    assert sorted(MatchEffect.objects.filter(match=small_match).values_list("kind", "amount")) == sorted(
        MatchEffect.objects.filter(match=large_match).values_list("kind", "amount")
    )
    assert not Player.objects.filter(journeyman=True).exists()
    # ...and the same number of queries to apply it.
    assert small == large
    assert small <= CEILING, small
