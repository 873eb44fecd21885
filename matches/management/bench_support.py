"""What `manage.py bench_postgame` needs around the league it plays: worker subprocesses, the
throwaway database, CPU meters, the workers' log lines and its matches made ready through the services
(`manage.py bench_league` plays its load's results the same way)."""

from __future__ import annotations

import os
import random
import re
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from django.conf import settings
from django.core.management.base import CommandError

LINE = re.compile(r"task=(\w+) match=(\d+) result=(\S+) queries=(\d+)(?: commits=(\d+))? ms=([\d.]+)")
TIMEOUT = 600  # seconds: the bound of every wait


class Run(NamedTuple):
    task: str
    match: int
    result: str
    queries: int
    ms: float
    commits: int = 0


@dataclass
class Window:
    """Time during which tasks ran, and the CPU the workers and PostgreSQL spent meanwhile."""

    seconds: float = 0.0
    worker_cpu: float = 0.0
    postgres_cpu: float = 0.0
    _start: tuple[float, float, float] | None = None


class Meter:
    """Wall clock and CPU time (Linux /proc; zero elsewhere) of the workers and of PostgreSQL."""

    def __init__(self, worker_pids: list[int]) -> None:
        self.worker_pids = worker_pids

    def _now(self) -> tuple[float, float, float]:
        return time.perf_counter(), _cpu_seconds(self.worker_pids), _cpu_seconds(_postgres_pids())

    def start(self, window: Window | None = None) -> Window:
        window = window or Window()
        window._start = self._now()
        return window

    def stop(self, window: Window) -> None:
        assert window._start is not None
        end, start = self._now(), window._start
        window.seconds += end[0] - start[0]
        window.worker_cpu += end[1] - start[1]
        window.postgres_cpu += end[2] - start[2]
        window._start = None


def _cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone, or not Linux
        total += int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def _postgres_pids() -> list[int]:
    pids = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if (entry / "comm").read_text().strip() == "postgres":
                pids.append(int(entry.name))
        except OSError:
            continue
    return pids


class Statistics:
    """PostgreSQL's planner statistics kept as autovacuum keeps them on a live database: ANALYZE once
    the league's processed matches grew by a tenth since the last one (autovacuum_analyze_scale_factor;
    the bench's machine runs without autovacuum). Called between rounds, outside the measured time:
    without it every run and listener batch is planned for the empty tables of the bench's start
    (the derived tables' drift check reached seconds a batch at 1,000 matches, its joins nested for
    one-row tables; `manage.py bench_league` analyzes its built league the same way)."""

    def __init__(self) -> None:
        self.analyzed_at: int | None = None  # processed matches at the last ANALYZE (None: never)

    def keep(self, processed: int) -> None:
        last = self.analyzed_at
        if last is not None and processed - last < max(50, last // 10):
            return
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        self.analyzed_at = processed


def until(done: Callable[..., object], what: str) -> None:
    # Every 20 ms: at most 0.4 s over 20 rounds, and the polling steals little CPU from the workers.
    deadline = time.monotonic() + TIMEOUT
    while not done():
        if time.monotonic() > deadline:
            raise CommandError(f"timed out waiting for {what}")
        time.sleep(0.02)


def redis_client(url: str) -> Any:
    import redis

    return redis.Redis.from_url(url)


def _admin_connection(db: Mapping[str, Any]) -> Any:
    import psycopg

    return psycopg.connect(
        dbname="postgres",
        user=db.get("USER") or None,
        password=db.get("PASSWORD") or None,
        host=db.get("HOST") or None,
        port=db.get("PORT") or None,
        autocommit=True,
    )


def recreate_database(db: Mapping[str, Any]) -> None:
    with _admin_connection(db) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db["NAME"]}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{db["NAME"]}"')


def drop_database(db: Mapping[str, Any]) -> None:
    with _admin_connection(db) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db["NAME"]}" WITH (FORCE)')


def start_workers(count: int, logs: Path, conn_max_age: int) -> list[subprocess.Popen]:
    env = {
        **os.environ,
        "DB_CONN_MAX_AGE": str(conn_max_age),
        "DEBUG": "0",
        "POSTGAME_APPLY_DELAY": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-only-not-a-secret",
    }
    celery = str(Path(sys.executable).with_name("celery"))
    return [
        subprocess.Popen(
            [
                celery,
                "-A",
                "league.config",
                "worker",
                "--pool=solo",
                "--loglevel=INFO",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                f"bench{n}@%h",
            ],
            env=env,
            cwd=settings.BASE_DIR,
            stdout=subprocess.DEVNULL,
            stderr=open(logs / f"worker{n}.log", "w"),
            start_new_session=True,
        )
        for n in range(count)
    ]


def wait_ready(app: Any, workers: list[subprocess.Popen]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if any(w.poll() is not None for w in workers):
            raise CommandError("a worker exited at start-up; see its log")
        if len(app.control.ping(timeout=0.5)) >= len(workers):
            return
    raise CommandError("the workers did not answer within 60 s")


def stop_workers(workers: list[subprocess.Popen]) -> None:
    for worker in workers:
        if worker.poll() is None:
            worker.send_signal(signal.SIGTERM)  # warm shutdown: the current task finishes
    for worker in workers:
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait(timeout=5)


def read_logs(logs: Path) -> list[Run]:
    """Every task run the workers logged (matches/tasks.py writes one line per run)."""
    runs = []
    for path in sorted(logs.glob("worker*.log")):
        for task, match, result, queries, commits, ms in LINE.findall(path.read_text()):
            runs.append(Run(task, int(match), result, int(queries), float(ms), int(commits or 0)))
    return runs


# The target (docs/benchmarks.md): sequences per second of the plain rounds, statements per sequence.
TARGET_RATE = 60
TARGET_STATEMENTS = 30


def verdict(runs: list[Run], plain_ids: set[int], plain_seconds: float) -> list[str]:
    """The target's lines: the plain rounds' sequences per second, and what one sequence costs the
    database, its run's statements and commits (median) plus its share of the listeners' batches
    (notifications, webhooks, ratings: league/core/outbox.py), every sequence counted."""
    done = [r for r in runs if r.task == "run_postgame" and r.result != "False"]
    listeners = [r for r in runs if r.task.startswith("outbox_")]
    if not done or not plain_seconds:
        return []
    n = len(done)
    own_q, own_c = statistics.median(r.queries for r in done), statistics.median(r.commits for r in done)
    q = own_q + sum(r.queries for r in listeners) / n
    c = own_c + sum(r.commits for r in listeners) / n
    rate = len([r for r in done if r.match in plain_ids]) / plain_seconds
    lines = []
    for name in sorted({r.task for r in listeners}):
        mine = [r for r in listeners if r.task == name]
        lines.append(
            f"{name}: {len(mine)} batches, {sum(int(r.result) for r in mine) / len(mine):.1f} rows each, "
            f"{sum(r.queries for r in mine) / n:.2f} statements and {sum(r.commits for r in mine) / n:.2f} "
            "commits per sequence"
        )
    lines.append(f"run_postgame alone: {own_q:g} statements, {own_c:g} commits (median)")
    passed = "PASS" if rate >= TARGET_RATE and q <= TARGET_STATEMENTS else "FAIL"
    lines.append(
        f"postgame: {rate:.1f} sequences/s ({q:.1f} statements, {c:.1f} commits): {passed} (target: at least "
        f"{TARGET_RATE} per second with two workers and at most {TARGET_STATEMENTS} statements, with ratings, "
        "notifications, webhooks and cards on)"
    )
    return lines


def webhook_on(league: Any) -> None:
    """One active webhook, so every event of a sequence makes a delivery. Its address is not public:
    each delivery's task refuses it without connecting (league/webhooks/safety.py), so the bench
    measures the deliveries' writing and tasks, not a receiver's answer."""
    from league.webhooks.models import Webhook

    Webhook.objects.create(league=league, url="http://127.0.0.1:9/bench", format=Webhook.Format.JSON)


def ready_match(league: Any, home: Any, away: Any, rng: random.Random, match: Any = None) -> tuple[Any, Any]:
    """A match scheduled (unless given, already scheduled), pre-match recorded, result saved and
    submitted (confirmed later)."""
    from matches.models import MatchPlayer
    from matches.services import (
        CasualtyLine,
        PlayerLine,
        PrematchInput,
        ReportInput,
        match_schedule,
        prematch_record,
        report_save,
        report_submit,
    )

    if match is None:
        match = match_schedule(league=league, home=home, away=away, by=league.commissioner)
    match = prematch_record(match=match, data=PrematchInput(), by=home.coach)  # server dice
    lines: dict[str, dict[int, dict[str, Any]]] = {"home": {}, "away": {}}
    for row in MatchPlayer.objects.filter(match=match, eligible=True):
        lines[row.side][row.player_id] = {}
    score, casualties = {}, []
    for side, other in (("home", "away"), ("away", "home")):
        ids = sorted(lines[side])
        score[side] = rng.choice((0, 0, 1, 1, 1, 2, 2, 3))
        for _ in range(score[side]):
            _bump(lines[side], rng.choice(ids), "touchdowns")
        for _ in range(rng.randint(0, 3)):
            _bump(lines[side], rng.choice(ids), "completions")
        for victim in rng.sample(ids, rng.choice((0, 1, 1, 2))):
            casualties.append(CasualtyLine(victim, d6=rng.randint(1, 6), d8=rng.randint(1, 8)))
            _bump(lines[other], rng.choice(sorted(lines[other])), "casualties")
    report = ReportInput(
        home_score=score["home"],
        away_score=score["away"],
        home_fame=rng.randint(0, 2),
        away_fame=rng.randint(0, 2),
        gate=rng.randint(20, 60),
        lines=tuple(PlayerLine(pid, **counts) for side in lines.values() for pid, counts in side.items() if counts),
        casualties=tuple(casualties),
    )
    report_save(match=match, report=report, by=home.coach)
    report_submit(match=match, by=home.coach)
    return match, away.coach


def _bump(counts: dict[int, dict[str, Any]], player_id: int, what: str) -> None:
    counts[player_id][what] = counts[player_id].get(what, 0) + 1
