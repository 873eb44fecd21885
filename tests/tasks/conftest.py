"""Fixtures of the worker tests: the worked match of tests/matches, a twin of it, real workers.

The worked match (Humans 2-1 Orcs, every die entered) is the one tests/matches/test_full_match.py
checks number by number; these tests run it through real workers and check the same numbers.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from celery.signals import task_postrun
from django.conf import settings
from django.db import connection

from league.config.celery import app
from matches.models import DiceRoll, Match, MatchEffect, MatchStep
from matches.services import match_schedule, prematch_record, report_confirm, report_save, report_submit
from matches.services.prematch import PrematchInput
from teams.models import ImprovementRoll, Injury, Player, TreasuryEntry
from tests.broker_queues import forget_redis_queue
from tests.builders import human_team, orc_team, worked_report_for

WAIT = 30.0  # seconds: the bound of every wait of these tests


def wait_for(done: Callable[[], Any], what: str, timeout: float = WAIT, log: Path | None = None) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = done()
        if result:
            return result
        time.sleep(0.05)
    tail = "\n" + log.read_text()[-3000:] if log and log.exists() else ""
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}{tail}")


def play(match: Match, report, alice, bob) -> Match:
    """Save, submit and confirm: with transactional_db the confirmation queues at once."""
    report_save(match=match, report=report, by=alice)
    report_submit(match=match, by=alice)
    report_confirm(match=match, by=bob)
    match.refresh_from_db()
    return match


def processed(match: Match) -> bool:
    match.refresh_from_db()
    assert match.status != Match.Status.FAILED, match.failure_reason
    return match.status == Match.Status.PROCESSED


@dataclass(frozen=True)
class TaskRun:
    name: str
    args: tuple
    result: Any
    thread: str


@pytest.fixture
def task_runs() -> Iterator[list[TaskRun]]:
    """Every task the in-process worker finished during the test, with the thread that ran it."""
    runs: list[TaskRun] = []

    def record(task=None, args=None, retval=None, **extra):
        runs.append(TaskRun(task.name, tuple(args or ()), retval, threading.current_thread().name))

    task_postrun.connect(record, weak=False)
    yield runs
    task_postrun.disconnect(record)


# --- A twin of the worked match: same rosters, same entered dice, other teams ---


@pytest.fixture
def twin(league, humans, orcs, coach_alice, coach_bob, commissioner):
    """The worked match again between two new teams built like tests/builders.py's (after
    them: the orcs' fixture makes bob a member)."""
    home = human_team(league, coach_alice, "Reavers II")
    away = orc_team(league, coach_bob, "Gouged Eye II")
    match = match_schedule(league=league, home=home, away=away, by=commissioner)
    match = prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=coach_alice)
    # The fixture's own function, called for these teams: the same report, the same dice.
    return match, worked_report_for(home, away)


def state(match: Match) -> dict[str, Any]:
    """Everything the sequence wrote, with ids replaced by side and shirt number, so two matches
    between different teams compare equal when their sequences did the same thing."""
    match.refresh_from_db()
    sides = {match.home_id: "home", match.away_id: "away"}
    players = Player.objects.filter(team_id__in=list(sides))
    name = {p.pk: f"{sides[p.team_id]}#{p.number}{'j' if p.journeyman else ''}" for p in players}

    def plain(text: str) -> str:
        text = text.replace(f"match:{match.pk}:", "match:")
        return re.sub(r"\b(p|player:)(\d+)\b", lambda m: m.group(1) + name.get(int(m.group(2)), m.group(2)), text)

    return {
        "status": match.status,
        "steps": sorted((s.order, s.step, s.status) for s in MatchStep.objects.filter(match=match)),
        "teams": sorted(
            (sides[t.pk], t.treasury, t.team_value, t.fan_factor, t.rerolls) for t in (match.home, match.away)
        ),
        "players": sorted(
            (name[p.pk], p.name, p.position, p.status, p.spp, p.miss_next_game, p.niggling_injuries) for p in players
        ),
        "ledger": sorted(
            (sides[e.team_id], e.kind, e.amount, plain(e.key))
            for e in TreasuryEntry.objects.filter(team_id__in=list(sides))
        ),
        "effects": effects_by_step(match, plain),
        "rolls": sorted(
            (
                name[r.player_id],
                r.index,
                r.d6a,
                r.d6b,
                json.dumps(r.options, sort_keys=True),
                r.choice,
                r.skill,
                r.pending,
            )
            for r in ImprovementRoll.objects.filter(match=match)
        ),
        "injuries": sorted(
            (name[i.player_id], i.casualty, i.stat, i.applied) for i in Injury.objects.filter(match=match)
        ),
        "dice": sorted((plain(d.purpose), tuple(d.values), d.source) for d in DiceRoll.objects.filter(match=match)),
    }


def effects_by_step(match: Match, plain: Callable[[str], str]) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = {}
    for e in MatchEffect.objects.filter(match=match).order_by("pk"):
        side = "home" if e.team_id == match.home_id else "away"
        out.setdefault(e.step, []).append((plain(e.key), e.kind, side, e.amount, json.dumps(e.data, sort_keys=True)))
    return {step: sorted(rows) for step, rows in out.items()}


# --- Worker subprocesses (`celery -A league.config worker --pool=solo`) on the test database ---


@dataclass
class Broker:
    """Where the subprocess workers listen: the tests' broker (a file broker when that is the
    in-memory one, which another process cannot reach) and a queue of this test's own."""

    url: str
    queue: str
    transport_options: dict[str, Any] = field(default_factory=dict)


@pytest.fixture
def subprocess_broker(tmp_path) -> Iterator[Broker]:
    url = settings.CELERY_BROKER_URL
    options: dict[str, Any] = {}
    if url.startswith("memory://"):
        url = "filesystem://"
        options = {
            "data_folder_in": str(tmp_path / "broker"),
            "data_folder_out": str(tmp_path / "broker"),
            "control_folder": str(tmp_path / "broker-control"),
            "polling_interval": 0.05,
        }
        for folder in ("broker", "broker-control"):
            (tmp_path / folder).mkdir()
    broker = Broker(url, f"tests-postgame-{uuid.uuid4().hex[:12]}", options)
    yield broker
    if url.startswith("redis://"):
        forget_redis_queue(broker.url, broker.queue)


def _database_env() -> dict[str, str]:
    db = connection.settings_dict  # the test database, once pytest-django has set it up
    if db["ENGINE"].endswith("sqlite3"):
        return {"DATABASE_URL": "", "SQLITE_PATH": str(db["NAME"])}
    auth = quote(db["USER"] or "") + (":" + quote(db["PASSWORD"]) if db.get("PASSWORD") else "")
    return {"DATABASE_URL": f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"}


class Workers:
    """Starts worker subprocesses and makes sure every one of them is gone after the test."""

    def __init__(self, tmp_path: Path, broker: Broker) -> None:
        self.tmp_path, self.broker, self.procs = tmp_path, broker, []

    def start(
        self, *, apply_delay: float, lease_seconds: int, pool: tuple[str, ...] = ("--pool=solo",)
    ) -> tuple[subprocess.Popen, Path]:
        log = self.tmp_path / f"worker{len(self.procs)}.log"
        env = {
            **os.environ,
            **_database_env(),
            "DJANGO_SETTINGS_MODULE": "tests.tasks.worker_settings",
            "CELERY_BROKER_URL": self.broker.url,
            "TEST_WORKER_QUEUE": self.broker.queue,
            "TEST_BROKER_TRANSPORT_OPTIONS": json.dumps(self.broker.transport_options),
            "POSTGAME_APPLY_DELAY": str(apply_delay),
            "POSTGAME_LEASE_SECONDS": str(lease_seconds),
        }
        celery = str(Path(sys.executable).with_name("celery"))
        with open(log, "w") as out:
            proc = subprocess.Popen(
                [
                    celery,
                    "-A",
                    "league.config",
                    "worker",
                    *pool,
                    "-Q",
                    self.broker.queue,
                    "--loglevel=INFO",
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                    "-n",
                    f"{self.broker.queue}-{len(self.procs)}@%h",
                ],
                env=env,
                cwd=settings.BASE_DIR,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.procs.append(proc)
        return proc, log

    @staticmethod
    def kill(proc: subprocess.Popen) -> None:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # its own session: the worker and anything it forked
        proc.wait(timeout=10)


@pytest.fixture
def workers(tmp_path, subprocess_broker) -> Iterator[Workers]:
    started = Workers(tmp_path, subprocess_broker)
    try:
        yield started
    finally:
        for proc in started.procs:
            Workers.kill(proc)


@contextmanager
def app_broker(url: str, *, queue: str | None = None, transport_options: dict | None = None) -> Iterator[None]:
    """Point this process's Celery producers at another broker (and the post-match tasks at
    another queue) for a while; the in-process test worker keeps its own connection."""
    conf = app.conf
    saved = (
        os.environ.get("CELERY_BROKER_URL"),
        conf.broker_url,
        conf.broker_transport_options,
        conf.task_routes,
        conf.task_always_eager,
    )
    os.environ["CELERY_BROKER_URL"] = url  # Celery reads the environment before its own setting
    conf.broker_url, conf.broker_transport_options = url, transport_options or {}
    conf.task_always_eager = False
    if queue:
        conf.update(task_routes={name: {"queue": queue} for name in ("matches.*", "ratings.*", "league.*")})
    _reset_producers()
    try:
        yield
    finally:
        if saved[0] is None:
            os.environ.pop("CELERY_BROKER_URL", None)
        else:
            os.environ["CELERY_BROKER_URL"] = saved[0]
        conf.broker_url, conf.broker_transport_options = saved[1], saved[2]
        conf.update(task_routes=saved[3])
        conf.task_always_eager = saved[4]
        _reset_producers()


def _reset_producers() -> None:
    # Celery keeps a connection pool built from the broker URL at first use: drop the reference
    # (kombu keeps the pool, per URL, and gives it back when the URL is restored).
    app._pool = None
    app.amqp._producer_pool = None


def check_worked_numbers(home, away) -> None:
    """The numbers of the worked match, as tests/matches/test_full_match.py checks them."""
    from teams.selectors import compute_team_value, ledger_balance

    home.refresh_from_db()
    away.refresh_from_db()
    spp = {(p.team_id, p.number): p.spp for p in Player.objects.filter(team__in=[home, away], journeyman=False)}
    # TD 3 each, completion 1, casualty (block) 2, MVP 5 (dice: home candidate 4, away candidate 1).
    assert spp[(home.pk, 1)] == 6 and spp[(home.pk, 2)] == 1 and spp[(home.pk, 4)] == 5
    assert spp[(away.pk, 1)] == 3 + 5 and spp[(away.pk, 2)] == 2
    assert sum(spp.values()) == 6 + 1 + 5 + 8 + 2
    # 6 SPP reaches Experienced: one improvement roll each for #1, pending the coach's choice.
    rolls = {
        r.player.team_id: r
        for r in ImprovementRoll.objects.filter(player__team__in=[home, away]).select_related("player")
    }
    assert len(rolls) == 2 and rolls[home.pk].player.number == rolls[away.pk].player.number == 1
    assert (rolls[home.pk].d6a, rolls[home.pk].d6b, rolls[home.pk].pending) == (3, 3, True)
    assert (rolls[away.pk].d6a, rolls[away.pk].d6b, rolls[away.pk].pending) == (2, 5, True)
    assert rolls[home.pk].options["double"] is True and rolls[away.pk].options["double"] is False
    # Casualties: 41 Broken Ribs -> misses the next game; 61 -> dead.
    assert home.players.get(number=3, journeyman=False).miss_next_game is True
    assert away.players.get(number=3, journeyman=False).status == Player.Status.DEAD
    # Winnings: the winner re-rolled 2 -> 5: (5 + FAME 1) x 10k + 10k = 70k; loser (3 + 0) x 10k = 30k.
    assert home.treasury == 1_000_000 - 11 * 50_000 + 70_000 == 520_000
    assert away.treasury == 1_000_000 - 11 * 50_000 - 30_000 + 30_000 == 450_000
    # Fan factor: winner 3D6 = 18 -> +1; loser 2D6 = 2 < 3 -> -1. No spiralling expenses below 1.75M.
    assert (home.fan_factor, away.fan_factor) == (1, 2)
    se = MatchEffect.objects.filter(team__in=[home, away], kind="spiralling_expenses")
    assert se.count() == 2 and not se.exclude(amount=0).exists()
    # One free journeyman each for the next match (Loner, rookie cost in TV).
    assert home.players.filter(journeyman=True, status="active").count() == 1
    assert away.players.filter(journeyman=True, status="active").count() == 1
    assert home.team_value == 10 * 50_000 + 50_000 + 10_000 == 560_000  # #3 misses the game
    assert away.team_value == 10 * 50_000 + 50_000 + 20_000 == 570_000
    for team in (home, away):
        assert ledger_balance(team) == team.treasury
        assert compute_team_value(team) == team.team_value
