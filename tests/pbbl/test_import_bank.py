"""A PBBL match report through the JSON import (docs/match-report.md): it carries the bank amounts
of post-match step 5 (P38/L84: gold moves between treasury and bank, which holds at most 100,000;
the bank may pay spiralling expenses) and each player's SPP actions (P33/L74), and bad ones are
refused with every reason, nothing written."""

from __future__ import annotations

from typing import Any

import pytest

from matches.importing import import_match
from matches.models import Match, MatchPlayer
from matches.services import MatchError
from teams.selectors import bank_balances

pytestmark = pytest.mark.django_db


def _report(league, **extra: Any) -> dict[str, Any]:
    report: dict[str, Any] = {
        "format_version": 1,
        "report_id": "pbbl-bank-1",
        "league": league.slug,
        "ruleset": league.ruleset,
        "home": "Nuln Knights",
        "away": "Red Tuskers",
        "prematch": {"weather": [3, 4]},
        "result": {"home_score": 1, "away_score": 0, "home_fame": 0, "away_fame": 0, "gate": 20},
        "players": {
            "home": [{"number": 1, "touchdowns": 1}, {"number": 2, "completions": 1, "interceptions": 1}],
            "away": [{"number": 3, "casualties": 1}],
        },
        "casualties": {"home": [{"number": 5, "d6": 1, "d8": 1}]},
        # MVPs to players who did nothing else: #11 of each side.
        "dice": {"mvp:home:1": [11], "mvp:away:1": [11]},
        "decisions": {"bank:home": 50_000},
    }
    report.update(extra)
    return report


def test_a_report_carries_the_bank_and_each_players_actions(
    pbbl_league, pbbl_humans, pbbl_orcs, commissioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = import_match(_report(pbbl_league), by=commissioner).match
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    assert bank_balances([pbbl_humans.pk, pbbl_orcs.pk]) == {pbbl_humans.pk: 50_000}
    lines = {(line.side, line.player.number): line for line in MatchPlayer.objects.filter(match=match)}
    assert (lines["home", 2].completions, lines["home", 2].interceptions) == (1, 1)
    assert lines["away", 3].casualties == 1
    # TD 3, COMP 1 + INT 2, CAS 2 (seed 001 P33/L74); the MVPs went to #11.
    spp = {(p.team_id, p.number): p.spp for p in (*pbbl_humans.players.all(), *pbbl_orcs.players.all())}
    assert (spp[pbbl_humans.pk, 1], spp[pbbl_humans.pk, 2], spp[pbbl_orcs.pk, 3]) == (3, 3, 2)
    assert spp[pbbl_humans.pk, 11] == spp[pbbl_orcs.pk, 11] == 5


def test_bad_bank_amounts_and_actions_are_refused_with_every_reason(pbbl_league, pbbl_humans, pbbl_orcs, commissioner):
    report = _report(
        pbbl_league,
        decisions={"bank:home": 150_000, "se_bank:away": 20_000},
        players={"home": [{"number": 1, "touchdowns": 1, "actions": {"chest_opened": 1}}]},
    )
    with pytest.raises(MatchError) as refused:
        import_match(report, by=commissioner)
    messages = refused.value.messages
    for text in (
        "this amount cannot move between treasury and bank",  # over the 100,000 the bank may hold
        "the bank cannot pay this much of the spiralling expenses",  # the orcs' bank is empty
        "chest_opened",  # not an SPP action of this ruleset
    ):
        assert any(text in message for message in messages), (text, messages)
    assert not Match.objects.exists()


def test_a_bank_amount_that_is_not_whole_gold_is_refused_by_the_schema(pbbl_league, pbbl_humans, pbbl_orcs):
    with pytest.raises(MatchError) as refused:
        import_match(_report(pbbl_league, decisions={"bank:home": "lots", "se_bank:away": -10_000}), by=None)
    messages = refused.value.messages
    assert any("bank:home" in m for m in messages) and any("se_bank:away" in m for m in messages), messages
    assert not Match.objects.exists()
