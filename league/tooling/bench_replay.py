"""The bench league's real matches, and the replay `manage.py bench_league` measures (docs/benchmarks.md).

The matches of two teams (league/tooling/bench_league.py) run the real post-match sequence, in
play order, so that their history holds what a replay reads: effects, ledger entries, server dice
and the stored input. The bench then corrects their round-1 match through the correction service (a
draft, then its confirmation, whose task runs in this process) and times the task: every later
match of the two teams is undone, then run again.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from celery import current_app
from celery.signals import task_postrun, task_prerun
from django.db import connection


class ReplayError(RuntimeError):
    pass


def play_for_real(matches: list[Any]) -> None:
    """Each submitted match confirmed and its sequence run, one after the other in play order: the
    next is confirmed only once the one before is processed, so no run queues another (a run would
    see the bulk-written matches of the opponent played later and replay them as a late result)."""
    from league.core.selectors import settings_snapshot
    from matches.models import Match
    from matches.services.postgame import postgame_run

    snapshot = settings_snapshot(matches[0].league) if matches else None  # kept at confirmation
    for match in sorted(matches, key=lambda m: (m.sequence, m.pk)):
        Match.objects.filter(pk=match.pk).update(status=Match.Status.CONFIRMED, settings_snapshot=snapshot)
        if not postgame_run(match.pk):
            reason = Match.objects.filter(pk=match.pk).values_list("failure_reason", flat=True).first()
            raise ReplayError(f"the bench's match {match.pk} did not run its sequence: {reason}")
        match.status = Match.Status.PROCESSED


@dataclass
class Replay:
    matches: int  # the matches replayed
    seconds: float  # the task's wall time
    statements: int  # the SQL statements it sent

    @property
    def per_match(self) -> float:
        return self.statements / self.matches

    def line(self, label: str = "replay") -> str:
        return (
            f"{label}: {self.matches} matches replayed in {self.seconds:.2f} s "
            f"({self.per_match:.1f} statements per match)"
        )


def corrected_inputs(match: Any, team_id: int) -> dict[str, Any]:
    """The match's inputs with a touchdown of `team_id` moved to another of its players, and one of
    its block casualties moved: the casualty suffered to another victim, the credit to another
    player."""
    from matches.services.corrections import inputs_of
    from teams.models import Player

    inputs = inputs_of(match)
    ours = set(Player.objects.filter(team_id=team_id).values_list("pk", flat=True))
    lines = [line for line in inputs["lines"] if line["player_id"] in ours]
    _move(lines, "touchdowns")
    _move(lines, "casualties")
    victims = {c["victim_id"] for c in inputs["casualties"]}
    theirs = [line["player_id"] for line in inputs["lines"] if line["player_id"] not in ours | victims]
    suffered = next(c for c in inputs["casualties"] if c["victim_id"] not in ours)
    suffered["victim_id"] = theirs[0]
    return inputs


def _move(lines: list[dict[str, Any]], count: str) -> None:
    giver = next(line for line in lines if line[count])
    taker = next(line for line in lines if line is not giver)
    giver[count] -= 1
    taker[count] += 1


def measure_replay(built: Any) -> Replay:
    """Correct the built league's round-1 match played for real (its home team's touchdown and
    casualty), and time the correction's task."""
    from league.core.models import AuditEntry
    from matches.models import MatchCorrection
    from matches.services.corrections import APPLY_CORRECTION, correction_confirm, correction_draft

    match = built.first_match
    match.refresh_from_db()
    correction = correction_draft(
        match=match,
        by=built.commissioner,
        reason="Bench: a touchdown and a casualty credited to the wrong players.",
        inputs=corrected_inputs(match, match.home_id),
    )
    with _task_measured(APPLY_CORRECTION) as measured:
        correction_confirm(correction=correction, by=built.commissioner)
    correction.refresh_from_db()
    if correction.status != MatchCorrection.Status.APPLIED or "seconds" not in measured:
        raise ReplayError(f"the bench's correction was not applied: {correction.failure_reason}")
    applied = AuditEntry.objects.filter(action="matches.correction.applied", league=built.league).latest("pk")
    return Replay(len(applied.data["matches"]), measured["seconds"], measured["statements"])


@contextmanager
def _task_measured(name: str) -> Iterator[dict[str, Any]]:
    """The wall time and SQL statements of the named task's run, run in this process (eagerly,
    whatever the broker: no worker takes it from under the bench) when the block queues it."""
    measured: dict[str, Any] = {}
    state = {"on": False, "count": 0, "started": 0.0}

    def started(task: Any = None, **_: Any) -> None:
        if getattr(task, "name", None) == name:
            state.update(on=True, count=0, started=time.perf_counter())

    def finished(task: Any = None, **_: Any) -> None:
        if getattr(task, "name", None) == name and state["on"]:
            state["on"] = False
            measured.update(seconds=time.perf_counter() - state["started"], statements=state["count"])

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if state["on"]:
            state["count"] += 1
        return execute(sql, params, many, context)

    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = True
    task_prerun.connect(started, weak=False)
    task_postrun.connect(finished, weak=False)
    try:
        with connection.execute_wrapper(count):
            yield measured
    finally:
        task_prerun.disconnect(started)
        task_postrun.disconnect(finished)
        current_app.conf.task_always_eager = eager
