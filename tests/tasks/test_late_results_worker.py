"""The two reported reproductions of late results, with real worker subprocesses (docs/design-history.md,
"Tests that define done"); on PostgreSQL and Redis when the tests are given them.

1. `make run`'s demo league holds a confirmed round-2 match (Reavers v Gouged Eye) whose report
   entered the improvement dice of two players; 40 reports over the five demo teams, played on the
   first round's day (so before the demo match in play order), are imported, then a worker at
   concurrency 2 processes everything. Also with the worker there first: the demo match is
   processed before the imports, and each import of its teams is late and replays it.
2. With no worker running, a round-5 match is confirmed in which a player crosses a level, his
   improvement dice entered; then the round-2 match (the demo's own), in which he crosses the same
   level with the same dice. The round-2 match takes the roll numbered 1; the round-5 match's die
   for it is set aside and the next level it now crosses gets a die of the server's.

Every team's history is then checked as a chain: each match read its teams' players as the match
before it in play order left them.
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest
from django.db.models import Q

import league.tooling.demo as demo
from league.core.models import AuditEntry, League
from matches.importing import import_match
from matches.models import DiceRoll, Match, MatchEffect
from matches.services import (
    CasualtyLine,
    PlayerLine,
    PrematchInput,
    ReportInput,
    prematch_record,
    report_confirm,
    report_save,
    report_submit,
)
from matches.services.postgame import waiting_for
from teams.models import ImprovementRoll, Player, Team
from teams.selectors import compute_team_value, ledger_balance
from tests.tasks.conftest import Workers, app_broker, wait_for
from tests.tasks.test_postgame_order import reports

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

ROUND_ONE = demo.DEMO_SEASON_START  # the day the imported reports say they were played


def start_pool(workers: Workers) -> tuple[subprocess.Popen, Path]:
    """A worker as `make worker` starts it: a prefork pool of two processes."""
    return workers.start(apply_delay=0, lease_seconds=60, pool=("--pool=prefork", "--concurrency=2"))


def stop(proc: subprocess.Popen) -> None:
    """Stop an idle worker as its operator would (a warm shutdown)."""
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=30)


def unfinished(league: League) -> list[str]:
    """Every match with a result that is not processed, and why: failed (its reason), waiting (for
    which match), or neither, which is what must never happen once the workers are idle."""
    out = []
    for match in league.matches.exclude(status__in=(Match.Status.SCHEDULED, Match.Status.PREMATCH_DONE)):
        if match.status == Match.Status.PROCESSED:
            continue
        earlier = waiting_for(match)
        why = match.failure_reason or (f"waits for #{earlier.pk}" if earlier else "waits for nothing named")
        out.append(f"#{match.pk} {match.status}: {why}")
    return out


def all_processed(league: League) -> bool:
    failed = league.matches.filter(status=Match.Status.FAILED)
    assert not failed.exists(), unfinished(league)
    return not unfinished(league)


def spare_injured(report: dict) -> None:
    """Credit the Reavers' #6 instead of their #3. The pre-match of a match entered late lists the
    roster as it stands when it is recorded, not as it stood on the day played: once the demo match
    is processed, #3 misses the next game, and a report crediting him would be refused at import."""
    for side in ("home", "away"):
        if report[side] == "Reikland Reavers":
            for line in report["players"][side]:
                line["number"] = 6 if line["number"] == 3 else line["number"]


def demo_round_two(league: League) -> Match:
    return league.matches.get(round__number=2, home__name="Reikland Reavers", away__name="Gouged Eye")


def check_history(league: League) -> None:
    """What every team's history must show, whatever order the workers took the matches in: gold and
    team value agreeing with the ledger and roster, and each match read its teams' players as the
    match before it in play order left them (SPP and improvement rolls, a chain from the first)."""
    spp: dict[str, int] = defaultdict(int)
    rolls: dict[str, list[int]] = defaultdict(list)
    for team in Team.objects.filter(league=league):
        assert ledger_balance(team) == team.treasury, team.name
        assert compute_team_value(team) == team.team_value, team.name
        matches = league.matches.filter(Q(home=team) | Q(away=team), status=Match.Status.PROCESSED)
        for match in matches.order_by("sequence", "pk"):
            for player in match.postgame_input[match.side_of(team.pk)]["players"]:
                ref, seen = player["ref"], (match.pk, team.name)
                assert player["spp_before"] == spp[ref], (seen, ref, player["spp_before"], spp[ref])
                assert player["improvement_rolls_taken"] == len(rolls[ref]), (seen, ref, rolls[ref])
            earned = MatchEffect.objects.filter(match=match, team=team, kind__in=("spp", "mvp"))
            for row in earned:
                spp[f"p{row.player_id}"] += row.data["spp"]
            for index, player_id in (
                ImprovementRoll.objects.filter(match=match, player__team=team)
                .order_by("index")
                .values_list("index", "player_id")
            ):
                rolls[f"p{player_id}"].append(index)
    for player in Player.objects.filter(team__league=league):
        assert player.spp == spp[f"p{player.pk}"], player
        assert rolls[f"p{player.pk}"] == list(range(1, len(rolls[f"p{player.pk}"]) + 1)), player


# The reported order, then the worker already there for the demo match: stopped before the imports
# (each import of the demo match's teams is then late, and the first one's replay finds the others
# waiting), or left running (the imports and their replays interleave).
WORKER = ("started after the imports", "stopped after the demo match", "running throughout")


@pytest.mark.parametrize("worker", WORKER)
def test_the_demo_league_and_forty_results_of_its_first_round_are_all_processed(workers, subprocess_broker, worker):
    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        pool = None if worker == WORKER[0] else start_pool(workers)
        league = demo.load_demo()  # its round-2 match confirmed, so queued
        round_two = demo_round_two(league)
        entered = list(round_two.dice.filter(purpose__startswith="improvement:").values_list("purpose", "values"))
        assert len(entered) == 2  # two players' improvement dice, one of each team
        if pool is not None:  # the demo match is processed before anything is imported
            wait_for(lambda: all_processed(league), "the demo match to be processed", log=pool[1])
            if worker == WORKER[1]:
                stop(pool[0])
                pool = None
        teams = list(Team.objects.filter(league=league).order_by("pk"))
        imported = []
        for report in reports(league, teams, "round-one"):
            report["played_on"] = ROUND_ONE.isoformat()
            if worker != WORKER[0]:
                spare_injured(report)
            imported.append(import_match(report, by=None, league=league).match)
        round_two.refresh_from_db()
        assert len(imported) == 40 and all(m.sequence < round_two.sequence for m in imported)
        if pool is None:
            pool = start_pool(workers)
        wait_for(lambda: all_processed(league), "every match to be processed", timeout=180, log=pool[1])

    assert unfinished(league) == []
    check_history(league)
    # The demo's entered dice landed on its match, which play order puts after all 40.
    for purpose, values in entered:
        roll = ImprovementRoll.objects.get(match=round_two, player_id=int(purpose.split(":")[1][1:]))
        assert (roll.index, [roll.d6a, roll.d6b]) == (1, values)
        assert DiceRoll.objects.get(match=round_two, purpose=purpose).source == DiceRoll.Source.ENTERED


def confirm(match: Match, report: ReportInput) -> Match:
    team = match.home
    report_save(match=match, report=report, by=team.coach)
    report_submit(match=match, by=team.coach)
    report_confirm(match=match, by=match.away.coach)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    return match


def test_a_round_five_result_then_the_round_two_one_of_the_same_level_both_complete(
    workers, subprocess_broker, monkeypatch
):
    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        # No worker: the demo league without its match first, then the round-5 result.
        monkeypatch.setattr(demo, "_play_demo_match", lambda league: None)
        league = demo.load_demo()
        monkeypatch.undo()
        reavers = league.teams.get(name="Reikland Reavers")
        player = reavers.players.get(number=10)
        key = f"improvement:p{player.pk}:1"
        round_five = league.matches.get(Q(home=reavers) | Q(away=reavers), round__number=5)
        assert round_five.home == reavers  # the demo's fixed drawing
        prematch_record(match=round_five, data=PrematchInput(weather_dice=(3, 4)), by=reavers.coach)
        other = round_five.away.players.get(number=1)
        report = ReportInput(
            home_score=2,
            away_score=0,
            played_on=None,  # played on its round's day
            lines=(PlayerLine(player.pk, touchdowns=2, casualties=1),),  # 8 SPP: Experienced
            casualties=(CasualtyLine(other.pk, d6=1, d8=1),),  # badly hurt
            dice={key: [6, 4]},  # what the demo's round-2 match enters for him
        )
        round_five = confirm(round_five, report)
        # Then the round-2 match, as the demo plays it: he reaches Experienced there too, same dice.
        demo._play_demo_match(league)
        round_two = demo_round_two(league)
        assert round_two.status == Match.Status.CONFIRMED and round_two.sequence < round_five.sequence
        assert DiceRoll.objects.get(match=round_two, purpose=key).values == [6, 4]
        _proc, log = start_pool(workers)
        wait_for(lambda: all_processed(league), "both matches to be processed", log=log)

    assert unfinished(league) == []
    check_history(league)
    # Round 2 comes first in play order: the roll numbered 1 is its, from the dice entered for it.
    first = ImprovementRoll.objects.get(player=player, index=1)
    assert (first.match_id, first.d6a, first.d6b) == (round_two.pk, 6, 4)
    # Round 5 no longer reaches Experienced but Veteran (10 + 8 >= 16): the die entered for the
    # roll numbered 1 is set aside (kept in the audit), the roll numbered 2 is the server's.
    assert not DiceRoll.objects.filter(match=round_five, purpose=key).exists()
    aside = AuditEntry.objects.get(action="matches.postgame.inputs_set_aside", data__match=round_five.pk)
    assert aside.data["dice"] == {key: [6, 4]}
    second = ImprovementRoll.objects.get(player=player, index=2)
    rolled = DiceRoll.objects.get(match=round_five, purpose=f"improvement:p{player.pk}:2")
    assert second.match_id == round_five.pk and [second.d6a, second.d6b] == rolled.values
    assert rolled.source == DiceRoll.Source.SERVER
    assert second.pending  # the coach is asked to choose
    player.refresh_from_db()
    assert player.spp >= 18
