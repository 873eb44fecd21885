"""Several matches of one team in flight at once: each is processed on the state the one before left.

The set-up that lost matches before: about 40 reports imported over 5 teams (every ordered pair,
twice, 2-1 with the touchdowns credited) while no worker runs, then a worker at concurrency 2 (a
prefork pool, as `make worker` starts it) plus another one. Every match must end processed, and
the teams, players, improvement rolls and ledgers must equal those of an uninterrupted serial run:
twin teams importing the same reports one after the other, each sequence run at its import, with
the dice the concurrent run stored (so a stale read anywhere shows as a difference).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from typing import Any

import pytest

from league.core.services import league_join
from matches.importing import import_match
from matches.models import DiceRoll, Match
from teams.models import ImprovementRoll, Player, Team, TreasuryEntry
from teams.selectors import compute_team_value, ledger_balance
from teams.services import PlayerOrder, team_create
from tests.tasks.conftest import app_broker, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

TEAMS = 5
ROUNDS = 2  # every ordered pair twice: 40 matches


def build_teams(league, coaches, prefix: str) -> list[Team]:
    return [
        team_create(
            league=league,
            coach=coach,
            name=f"{prefix} {n}",
            race="human",
            players=[PlayerOrder("lineman", f"{prefix}{n}-{i}") for i in range(1, 12)],
        )
        for n, coach in enumerate(coaches, start=1)
    ]


def reports(league, teams: list[Team], prefix: str) -> list[dict[str, Any]]:
    """Home wins 2-1; the scorers and the MVPs rotate so that players reach new levels (and so
    take improvement rolls whose numbering depends on every earlier match of their team)."""
    out = []
    pairs = [p for _ in range(ROUNDS) for p in itertools.permutations(range(TEAMS), 2)]
    for n, (h, a) in enumerate(pairs):
        scorer, other = 1 + n % 3, 4 + n % 2
        out.append(
            {
                "format_version": 1,
                "report_id": f"{prefix}-{n}",
                "league": league.slug,
                "ruleset": "lrb6",
                "home": teams[h].name,
                "away": teams[a].name,
                "played_on": "2026-11-01",
                "result": {"home_score": 2, "away_score": 1, "home_fame": 1, "away_fame": 0, "gate": 20},
                "players": {
                    "home": [{"number": scorer, "touchdowns": 2}, {"number": other, "completions": 1}],
                    "away": [{"number": scorer, "touchdowns": 1}],
                },
                "dice": {
                    "mvp:home:1": [scorer],
                    "mvp:away:1": [other],
                    "winnings:home": [1 + n % 6],
                    "winnings:away": [1 + (n + 3) % 6],
                    "ff:home": [3, 4, 5],
                    "ff:away": [2, 3],
                },
            }
        )
    return out


def import_all(league, teams, prefix, by) -> list[Match]:
    return [import_match(r, by=by, league=league).match for r in reports(league, teams, prefix)]


def roster_key(team_ids: dict[int, int]) -> dict[int, str]:
    """Player id -> "team index#number", the same for twin players."""
    return {
        p.pk: f"{team_ids[p.team_id]}#{p.number}"
        for p in Player.objects.filter(team_id__in=list(team_ids), journeyman=False)
    }


def state(matches: list[Match], teams: list[Team]) -> dict[str, Any]:
    team_ids = {t.pk: i for i, t in enumerate(teams)}
    order = {m.pk: i for i, m in enumerate(matches)}
    who = roster_key(team_ids)

    def plain(key: str) -> str:
        key = re.sub(r"match:(\d+):", lambda m: f"match:{order[int(m.group(1))]}:", key)
        return re.sub(r"\bp(\d+)\b", lambda m: who.get(int(m.group(1)), m.group(0)), key)

    rows = Team.objects.filter(pk__in=list(team_ids))
    return {
        "teams": sorted((team_ids[t.pk], t.treasury, t.team_value, t.fan_factor) for t in rows),
        "players": sorted(
            (who[p.pk], p.spp, p.status, p.miss_next_game)
            for p in Player.objects.filter(team_id__in=list(team_ids), journeyman=False)
        ),
        "rolls": sorted(
            (order[r.match_id], who[r.player_id], r.index, r.d6a, r.d6b)
            for r in ImprovementRoll.objects.filter(player__team_id__in=list(team_ids))
        ),
        "ledger": sorted(
            (team_ids[e.team_id], e.kind, e.amount, plain(e.key))
            for e in TreasuryEntry.objects.filter(team_id__in=list(team_ids), match__isnull=False)
        ),
    }


def used_dice(match: Match) -> dict[str, list[int]]:
    """The dice the concurrent run stored for a match, as import keys naming players side#number."""
    sides = {match.home_id: "home", match.away_id: "away"}
    numbers = {p.pk: f"{sides[p.team_id]}#{p.number}" for p in Player.objects.filter(team_id__in=list(sides))}
    out = {}
    for purpose, values in (
        DiceRoll.objects.filter(match=match).exclude(purpose="weather").values_list("purpose", "values")
    ):
        out[re.sub(r"\bp(\d+)\b", lambda m: numbers[int(m.group(1))], purpose)] = values
    return out


def test_forty_matches_of_five_teams_in_flight_at_once_are_processed_in_order(
    workers, subprocess_broker, league, commissioner, user_factory
):
    coaches = [user_factory(f"coach{n}") for n in range(TEAMS)]
    for coach in coaches:
        league_join(league=league, user=coach)
    teams = build_teams(league, coaches, "Flight")
    broker = subprocess_broker
    with app_broker(broker.url, queue=broker.queue, transport_options=broker.transport_options):
        matches = import_all(league, teams, "flight", commissioner)  # all queued, nobody consuming yet
        assert all(m.status == Match.Status.CONFIRMED for m in matches)
        _pool, pool_log = workers.start(apply_delay=0, lease_seconds=60, pool=("--pool=prefork", "--concurrency=2"))
        _solo, solo_log = workers.start(apply_delay=0, lease_seconds=60)
        ids = [m.pk for m in matches]

        def all_done() -> bool:
            statuses = dict(Match.objects.filter(pk__in=ids).values_list("pk", "status"))
            failed = {pk: st for pk, st in statuses.items() if st == Match.Status.FAILED}
            assert not failed, list(Match.objects.filter(pk__in=failed).values_list("pk", "failure_reason"))
            return all(st == Match.Status.PROCESSED for st in statuses.values())

        wait_for(all_done, "every match to be processed", timeout=180, log=pool_log)
    logs = pool_log.read_text() + solo_log.read_text()
    assert "result=False" in logs  # some runs found their match waiting for an earlier one
    # Processed in the order of confirmation for each team.
    processed_at = dict(Match.objects.filter(pk__in=ids).values_list("pk", "processed_at"))
    for team in teams:
        mine = [m.pk for m in matches if team.pk in (m.home_id, m.away_id)]
        assert [processed_at[pk] for pk in mine] == sorted(processed_at[pk] for pk in mine)
    for team in Team.objects.filter(pk__in=[t.pk for t in teams]):
        assert ledger_balance(team) == team.treasury
        assert compute_team_value(team) == team.team_value

    # The reference: twin teams, the same reports imported and processed one by one, with the
    # dice the concurrent run used.
    twins = build_teams(league, coaches, "Serial")
    twin_reports = reports(league, twins, "serial")
    twin_matches = []
    for match, report in zip(matches, twin_reports, strict=True):
        report["dice"] = used_dice(match)
        twin = import_match(report, by=commissioner, league=league).match
        twin.refresh_from_db()
        assert twin.status == Match.Status.PROCESSED, twin.failure_reason
        twin_matches.append(twin)
    expected = state(twin_matches, twins)
    got = state(matches, teams)
    assert got == expected
    assert len(got["rolls"]) >= 10  # improvement rolls taken all along: the numbering was exercised


@pytest.mark.django_db(transaction=False)
def test_a_failed_match_holds_its_teams_later_matches_and_its_retry_reads_the_teams_anew(
    client, ready_match, worked_report, league, humans, orcs, coach_alice, coach_bob, commissioner
):
    """Direct calls (these tests never commit, so nothing is queued): the second match of the same
    two teams waits while the first is confirmed, then failed; once the cause is gone the retry
    succeeds on the teams as they are then, and the second match runs on the state it left."""
    from matches.services import (
        PrematchInput,
        match_schedule,
        postgame_retry,
        postgame_run,
        prematch_record,
        report_confirm,
        report_save,
        report_submit,
    )
    from matches.services.postgame import waiting_for
    from teams.services import staff_hire

    first = ready_match
    second = match_schedule(league=league, home=humans, away=orcs, by=commissioner)
    second = prematch_record(match=second, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    # The second match without the first's improvement dice: its rolls are the players' next ones.
    again = dataclasses.replace(
        worked_report, dice={k: v for k, v in worked_report.dice.items() if not k.startswith("improvement")}
    )
    for match, report in ((first, worked_report), (second, again)):
        report_save(match=match, report=report, by=coach_alice)
        report_submit(match=match, by=coach_alice)
        report_confirm(match=match, by=coach_bob)
    # A die no D6 shows, slipped in behind the services' back: the first run fails on it.
    DiceRoll.objects.filter(match=first, purpose="winnings:home").update(values=[9])

    assert postgame_run(second.pk) is False  # waits: the first match of its teams comes first
    second.refresh_from_db()
    assert second.status == Match.Status.CONFIRMED and waiting_for(second) == first
    assert postgame_run(first.pk) is False
    first.refresh_from_db()
    assert first.status == Match.Status.FAILED and "Winnings die, Reavers" in first.failure_reason
    assert postgame_run(second.pk) is False and waiting_for(second) == first  # held by the failure
    client.force_login(coach_alice)
    page = client.get(second.get_absolute_url()).content.decode()
    assert 'id="postgame-waiting"' in page and f'href="{first.get_absolute_url()}"' in page
    assert "That sequence failed" in page

    DiceRoll.objects.filter(match=first, purpose="winnings:home").update(
        values=[2]
    )  # the cause is gone; meanwhile the coach hires an assistant (the treasury moves)
    staff_hire(team=humans, kind="assistant_coaches", by=coach_alice)
    humans.refresh_from_db()
    postgame_retry(match=first, by=commissioner)
    assert postgame_run(first.pk) is True
    first.refresh_from_db()
    assert first.status == Match.Status.PROCESSED
    assert first.postgame_input["home"]["treasury_before"] == humans.treasury  # read anew, not replayed
    spp_after_first = {p.pk: p.spp for p in Player.objects.filter(team=humans)}

    assert waiting_for(second) is None
    assert postgame_run(second.pk) is True
    second.refresh_from_db()
    assert second.status == Match.Status.PROCESSED
    read = {int(p["ref"][1:]): p["spp_before"] for p in second.postgame_input["home"]["players"]}
    assert read == {pk: spp for pk, spp in spp_after_first.items() if pk in read} and max(read.values()) > 0
