"""python manage.py bench_postgame: the post-match sequence through real workers (`make bench`).

Builds a league of 100 teams through the real services in a throwaway PostgreSQL database (its
name must contain "bench": it is dropped and created again), starts 2 Celery worker subprocesses
(`celery -A league worker --pool=solo`) on the configured Redis broker, and plays 1,000 matches in
rounds (each team at most once per round, every post-match sequence done before the next round's
pre-match, as in a real league). Each round's results are confirmed in one transaction, so their
sequences reach the queue together at its commit; the throughput is matches / time from that
commit until the database shows the round processed, summed over rounds. The same is measured for a
trivial task (matches.ping: one query). Per-task wall time and query count come from the line each
task logs in the worker (matches/tasks.py), i.e. under the 2-worker load; CPU time is read from
/proc for the workers and every PostgreSQL process while the tasks run.
"""

from __future__ import annotations

import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections, transaction

LINE = re.compile(r"task=(\w+) match=(\d+) result=(\S+) queries=(\d+) ms=([\d.]+)")
TIMEOUT = 600  # seconds: the bound of every wait


class Command(BaseCommand):
    help = "Benchmark the post-match sequence through 2 real Celery workers on PostgreSQL and Redis."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--teams", type=int, default=100)
        parser.add_argument("--matches", type=int, default=1000)
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--seed", type=int, default=6)
        parser.add_argument(
            "--conn-max-age", type=int, default=60, help="DB_CONN_MAX_AGE of the workers (0: a new connection per task)"
        )
        parser.add_argument("--keep", action="store_true", help="keep the database afterwards")

    def handle(self, *args: Any, **opts: Any) -> None:
        db = settings.DATABASES["default"]
        if "postgresql" not in db["ENGINE"] or "bench" not in str(db["NAME"]):
            raise CommandError(
                "Set DATABASE_URL to a PostgreSQL database whose name contains 'bench' "
                "(it is dropped and created): `make bench` does."
            )
        broker = settings.CELERY_BROKER_URL
        if not broker.startswith("redis://"):
            raise CommandError("Set CELERY_BROKER_URL to a Redis database reserved for the bench: `make bench` does.")
        if opts["teams"] % 2 or opts["matches"] % (opts["teams"] // 2):
            raise CommandError("--teams must be even and --matches a multiple of --teams / 2 (whole rounds).")
        from league.celery import app

        app.conf.task_always_eager = False  # settings make it eager when no broker is set
        load = [os.getloadavg()[0]]  # other work on the machine skews every figure: say how much
        self._log(f"database {db['NAME']} (dropped and created), broker {broker}")
        _recreate_database(db)
        call_command("migrate", verbosity=0, interactive=False)
        _redis(broker).flushdb()  # the bench's own Redis database: stale messages would skew it
        logs = Path(tempfile.mkdtemp(prefix="bench-postgame-"))
        workers = _start_workers(opts["workers"], logs, opts["conn_max_age"])
        try:
            _wait_ready(app, workers)
            league, teams = self._build_league(opts["teams"], random.Random(opts["seed"]))
            meter = Meter([w.pid for w in workers])
            ping_window = self._ping(league, opts["matches"], broker, meter)
            postgame_window = self._play(league, teams, opts["matches"], random.Random(opts["seed"]), meter)
        finally:
            load.append(os.getloadavg()[0])
            _stop_workers(workers)
            connections.close_all()
            if not opts["keep"]:
                _drop_database(db)
        figures = _read_logs(logs)
        self._report(opts, figures, ping_window, postgame_window, load)

    def _log(self, message: str) -> None:
        self.stderr.write(f"[bench] {message}")

    # --- the league ---

    def _build_league(self, count: int, rng: random.Random):
        from league.selectors import league_ruleset
        from league.services import league_create, membership_add
        from teams.errors import TeamRuleError
        from teams.services import PlayerOrder, team_create

        User = get_user_model()
        commissioner = User.objects.create_user("commissioner")
        league = league_create(name="Bench League", ruleset="lrb6", commissioner=commissioner)
        ruleset = league_ruleset(league)
        budget = ruleset.params.starting_treasury
        races = sorted(ruleset.teams)
        teams = []
        started = time.perf_counter()
        for n in range(count):
            coach = User.objects.create_user(f"coach{n:03d}")
            membership_add(league=league, user=coach)
            size = 11 + n % 6  # 11 to 16 players
            for race in races[n % len(races) :] + races[: n % len(races)]:
                lineup = _lineup(ruleset.team(race), size, budget)
                if not lineup:
                    continue
                players = [PlayerOrder(pos, f"P{i}") for i, pos in enumerate(lineup, start=1)]
                try:
                    teams.append(
                        team_create(
                            league=league,
                            coach=coach,
                            name=f"Team {n:03d}",
                            race=race,
                            players=players,
                            fan_factor=rng.randint(0, 3),
                        )
                    )
                    break
                except TeamRuleError:
                    continue
        self._log(f"{len(teams)} teams created in {time.perf_counter() - started:.1f}s")
        return league, teams

    # --- the trivial baseline ---

    def _ping(self, league, count: int, broker: str, meter: Meter) -> Window:
        from matches.models import Match
        from matches.tasks import ping

        # One match row to read; it is deleted afterwards so the real league starts clean.
        User = get_user_model()
        teams = list(league.teams.all()[:2])
        match = Match.objects.create(
            league=league,
            home=teams[0],
            away=teams[1],
            ruleset="lrb6",
            ruleset_version="-",
            scheduled_by=User.objects.get(username="commissioner"),
        )
        client = _redis(broker)
        window = meter.start()
        for _ in range(count):
            ping.delay(match.pk)
        # Acks-late: a message leaves "unacked" only once its task has run.
        _until(lambda: client.llen("celery") == 0 and client.hlen("unacked") == 0, "the trivial tasks")
        meter.stop(window)
        match.delete()
        return window

    # --- the matches ---

    def _play(self, league, teams: list, count: int, rng: random.Random, meter: Meter) -> Window:
        from matches.models import Match
        from matches.services import report_confirm

        per_round = len(teams) // 2
        window, failed = Window(), []
        for n in range(count // per_round):
            matches = [self._ready(league, home, away, rng) for home, away in _round(teams, n)]
            with transaction.atomic():  # the round's sequences are queued together, at commit
                # Registered first, so it runs first at commit: the clock starts as the sends begin.
                transaction.on_commit(lambda: meter.start(window))
                for match, by in matches:
                    report_confirm(match=match, by=by)
            ids = [m.pk for m, _by in matches]
            _until(
                lambda ids=ids: (
                    not Match.objects.filter(pk__in=ids)
                    .exclude(status__in=[Match.Status.PROCESSED, Match.Status.FAILED])
                    .exists()
                ),
                f"round {n + 1}",
            )
            meter.stop(window)
            failed += list(
                Match.objects.filter(pk__in=ids, status=Match.Status.FAILED).values_list("pk", "failure_reason")
            )
            if (n + 1) % 5 == 0:
                self._log(f"round {n + 1}: {(n + 1) * per_round} matches, {window.seconds:.1f}s of post-match so far")
        if failed:
            raise CommandError(f"{len(failed)} post-match sequences failed, e.g. {failed[:3]}")
        _check_kept_figures(teams)
        return window

    def _ready(self, league, home, away, rng: random.Random):
        """A match scheduled, pre-match recorded, result saved and submitted (confirmed later)."""
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

        match = match_schedule(league=league, home=home, away=away, by=league.commissioner)
        match = prematch_record(match=match, data=PrematchInput(), by=home.coach)  # server dice
        lines: dict[str, dict[int, dict[str, int]]] = {"home": {}, "away": {}}
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

    # --- output ---

    def _report(
        self,
        opts: dict,
        figures: dict[str, list[tuple[int, float]]],
        ping_window: Window,
        postgame_window: Window,
        load: list[float],
    ) -> None:
        out = self.stdout.write
        out(
            f"\nbench_postgame: {opts['teams']} teams, {opts['matches']} matches, {opts['workers']} workers "
            f"(--pool=solo, DB_CONN_MAX_AGE={opts['conn_max_age']}), {os.cpu_count()} CPUs, PostgreSQL + Redis; "
            f"1-minute load average {load[0]:.1f} before, {load[-1]:.1f} after"
        )
        out(
            "wall time and queries: per task, measured in the workers (median); CPU: per task, "
            "all workers' and all PostgreSQL processes' CPU time over the run, divided by the tasks"
        )
        out(
            f"{'task':<16}{'runs':>6}{'wall ms':>9}{'queries (min-max)':>19}{'per second':>12}"
            f"{'worker CPU ms':>15}{'PG CPU ms':>11}"
        )
        for task, window in (("run_postgame", postgame_window), ("ping (trivial)", ping_window)):
            runs = figures.get(task.split()[0], [])
            if not runs:
                raise CommandError(f"no {task} lines in the worker logs")
            queries = sorted(q for q, _ms in runs)
            n = len(runs)
            out(
                f"{task:<16}{n:>6}{statistics.median(ms for _q, ms in runs):>9.1f}"
                f"{f'{queries[n // 2]} ({queries[0]}-{queries[-1]})':>19}{n / window.seconds:>12.1f}"
                f"{window.worker_cpu / n * 1000:>15.1f}{window.postgres_cpu / n * 1000:>11.1f}"
            )


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


def _check_kept_figures(teams: list) -> None:
    """After 1,000 sequences on two workers, every kept treasury and team value still agrees with
    the ledger and the rules engine."""
    from teams.selectors import compute_team_value, ledger_balance

    for team in teams:
        team.refresh_from_db()
        if (ledger_balance(team), compute_team_value(team)) != (team.treasury, team.team_value):
            raise CommandError(f"{team}: kept treasury or team value disagrees with the ledger or the rules")


def _bump(counts: dict[int, dict[str, int]], player_id: int, what: str) -> None:
    counts[player_id][what] = counts[player_id].get(what, 0) + 1


def _lineup(team, size: int, budget: int) -> list[str]:
    """`size` players of the cheapest positions (within their maximum), or [] over the budget."""
    lineup: list[str] = []
    for position in sorted(team.positions, key=lambda p: p.cost):
        lineup += [position.key] * min(position.max_count, size - len(lineup))
    cost = sum(team.position(key).cost for key in lineup)
    return lineup if len(lineup) == size and cost <= budget else []


def _round(teams: list, n: int) -> list[tuple[Any, Any]]:
    """Round n of a round robin (circle method): every team plays once, home and away alternate."""
    rest = teams[1:]
    shift = n % len(rest)
    ring = [teams[0]] + rest[shift:] + rest[:shift]
    half = len(ring) // 2
    pairs = list(zip(ring[:half], reversed(ring[half:]), strict=True))
    return [(a, b) if (n + i) % 2 else (b, a) for i, (a, b) in enumerate(pairs)]


def _until(done, what: str) -> None:
    # Every 20 ms: at most 0.4 s over 20 rounds, and the polling steals little CPU from the workers.
    deadline = time.monotonic() + TIMEOUT
    while not done():
        if time.monotonic() > deadline:
            raise CommandError(f"timed out waiting for {what}")
        time.sleep(0.02)


def _redis(url: str):
    import redis

    return redis.Redis.from_url(url)


def _admin_connection(db: dict):
    import psycopg

    return psycopg.connect(
        dbname="postgres",
        user=db.get("USER") or None,
        password=db.get("PASSWORD") or None,
        host=db.get("HOST") or None,
        port=db.get("PORT") or None,
        autocommit=True,
    )


def _recreate_database(db: dict) -> None:
    with _admin_connection(db) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db["NAME"]}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{db["NAME"]}"')


def _drop_database(db: dict) -> None:
    with _admin_connection(db) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db["NAME"]}" WITH (FORCE)')


def _start_workers(count: int, logs: Path, conn_max_age: int) -> list[subprocess.Popen]:
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
                "league",
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


def _wait_ready(app, workers: list[subprocess.Popen]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if any(w.poll() is not None for w in workers):
            raise CommandError("a worker exited at start-up; see its log")
        if len(app.control.ping(timeout=0.5)) >= len(workers):
            return
    raise CommandError("the workers did not answer within 60 s")


def _stop_workers(workers: list[subprocess.Popen]) -> None:
    for worker in workers:
        if worker.poll() is None:
            worker.send_signal(signal.SIGTERM)  # warm shutdown: the current task finishes
    for worker in workers:
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait(timeout=5)


def _read_logs(logs: Path) -> dict[str, list[tuple[int, float]]]:
    figures: dict[str, list[tuple[int, float]]] = {}
    for path in sorted(logs.glob("worker*.log")):
        for task, _match, _result, queries, ms in LINE.findall(path.read_text()):
            figures.setdefault(task, []).append((int(queries), float(ms)))
    return figures
