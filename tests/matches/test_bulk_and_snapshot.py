"""The hot-path helpers of the post-match sequence write what the ORM would, and its frozen input
reads back as the report it was made from."""

from __future__ import annotations

import pytest
from league.infra.bulk import insert_rows, update_rows

from matches.models import DiceRoll, MatchEffect
from matches.services import report_save
from matches.services.snapshot import build_report, report_from_json, report_to_json
from teams.models import Player, Team
from tests.builders import pid

pytestmark = pytest.mark.django_db


def test_insert_rows_encodes_json_and_fills_defaults_and_dates(ready_match, humans):
    insert_rows(
        DiceRoll,
        [
            dict(match_id=ready_match.pk, purpose="mvp:home:1", values=[4], source="server"),
            dict(match_id=ready_match.pk, purpose="ff:home", values=[6, 6, 1], source="entered"),
        ],
    )
    rows = {d.purpose: d for d in DiceRoll.objects.filter(match=ready_match).exclude(purpose="weather")}
    assert {p: (d.values, d.source) for p, d in rows.items()} == {
        "mvp:home:1": ([4], "server"),
        "ff:home": ([6, 6, 1], "entered"),
    }
    assert all(d.created_at is not None for d in rows.values())  # auto_now_add, filled in
    # A field the rows do not name takes its model default (MatchEffect.amount: 0), and a JSON
    # column takes plain values too (a bare string is JSON, not the column's text).
    insert_rows(
        MatchEffect,
        [
            dict(
                match_id=ready_match.pk, step="mvp", key="k", kind="mvp", team_id=humans.pk, player_id=None, data="text"
            )
        ],
    )
    effect = MatchEffect.objects.get(match=ready_match, key="k")
    assert (effect.amount, effect.data) == (0, "text")
    insert_rows(MatchEffect, [])  # nothing to insert: no statement, no error


def test_update_rows_sets_and_adds_per_row_and_leaves_the_rest(humans):
    one, two, three = (Player.objects.get(team=humans, number=n) for n in (1, 2, 3))
    Player.objects.filter(pk=one.pk).update(spp=4)
    changed = update_rows(
        Player,
        sets={one.pk: {"miss_next_game": True}, two.pk: {"status": "dead"}},
        adds={one.pk: {"spp": 5, "niggling_injuries": 1}, two.pk: {"spp": 2}},
    )
    assert changed == 2
    got = {
        p.number: (p.spp, p.niggling_injuries, p.miss_next_game, p.status)
        for p in Player.objects.filter(pk__in=[one.pk, two.pk, three.pk])
    }
    assert got == {1: (9, 1, True, "active"), 2: (2, 0, False, "dead"), 3: (0, 0, False, "active")}
    assert update_rows(Player) == 0
    treasury = humans.treasury
    update_rows(Team, sets={humans.pk: {"treasury": treasury - 10_000, "fan_factor": 4}})
    humans.refresh_from_db()
    assert (humans.treasury, humans.fan_factor) == (treasury - 10_000, 4)


def test_the_frozen_input_reads_back_as_the_report_it_was_made_from(
    ready_match, worked_report, humans, orcs, coach_alice
):
    # Some history for the players (a skill gained, a lasting injury, rolls taken) and casualties.
    from teams.models import Advancement, ImprovementRoll, Injury

    h1 = pid(humans, 1)
    Advancement.objects.create(player_id=h1, kind="skill", skill="block")
    Advancement.objects.create(player_id=h1, kind="st_increase")
    ImprovementRoll.objects.create(player_id=h1, match=ready_match, index=1, d6a=6, d6b=6, options={})
    Injury.objects.create(player_id=pid(orcs, 2), casualty="smashed_knee", stat="ma", applied=True)
    report_save(match=ready_match, report=worked_report, by=coach_alice)
    report = build_report(ready_match)
    player = next(p for p in report.home.players if p.ref == f"p{h1}")
    assert (player.skills, player.improvements, player.improvement_rolls_taken) == (
        ("block",),
        ("skill", "st_increase"),
        1,
    )
    assert next(p for p in report.away.players if p.ref == f"p{pid(orcs, 2)}").stat_injuries == {"ma": 1}
    assert any(p.casualties_suffered for p in report.home.players + report.away.players)
    assert report_from_json(report_to_json(report)) == report
