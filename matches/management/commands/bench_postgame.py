"""python manage.py bench_postgame: the post-match sequence through real workers (`make bench`).

Builds a league of 100 teams through the real services in a throwaway PostgreSQL database (its
name must contain "bench": it is dropped and created again), starts 2 Celery worker subprocesses
(`celery -A league.config worker --pool=solo`) on the configured Redis broker, and plays 1,000 matches in
rounds (each team at most once per round, every post-match sequence done before the next round's
pre-match, as in a real league). Each round's results are confirmed in one transaction, so their
sequences reach the queue together at its commit; the throughput is matches / time from that
commit until the database shows the round processed, summed over rounds. Then come queued rounds:
several rounds (--queued-depth) played and confirmed at once, so every team has that many matches
in the queue together and the workers must process each team's matches in order, each on the
state the one before left. Failed sequences are counted and printed (the target is 0). The same is measured for a
trivial task (matches.ping: one query). Ratings, notifications, one webhook and the ruleset's cards
are on; the last line says whether the target is met (`postgame: ... PASS`). Per-task wall time and query count come from the line each
task logs in the worker (matches/tasks.py), i.e. under the 2-worker load; CPU time is read from
/proc for the workers and every PostgreSQL process while the tasks run.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections, transaction

from league.rules import default_ruleset_key
from matches.management.bench_support import (
    Meter,
    Run,
    Statistics,
    Window,
    drop_database,
    read_logs,
    ready_match,
    recreate_database,
    redis_client,
    start_workers,
    stop_workers,
    until,
    verdict,
    wait_ready,
    webhook_on,
)


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
        parser.add_argument(
            "--queued-matches", type=int, default=600, help="matches played in queued rounds after the others"
        )
        parser.add_argument(
            "--queued-depth", type=int, default=3, help="rounds confirmed together: each team's matches queued at once"
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
        per_round = opts["teams"] // 2
        if (
            opts["teams"] % 2
            or opts["matches"] % per_round
            or opts["queued_matches"] % (per_round * opts["queued_depth"])
        ):
            raise CommandError(
                "--teams must be even, --matches a multiple of --teams / 2 (whole rounds) and --queued-matches "
                "a multiple of --teams / 2 x --queued-depth."
            )
        from league.config.celery import app

        app.conf.task_always_eager = False  # settings make it eager when no broker is set
        load = [os.getloadavg()[0]]  # other work on the machine skews every figure: say how much
        self._log(f"database {db['NAME']} (dropped and created), broker {broker}")
        recreate_database(db)
        call_command("migrate", verbosity=0, interactive=False)
        redis_client(broker).flushdb()  # the bench's own Redis database: stale messages would skew it
        logs = Path(tempfile.mkdtemp(prefix="bench-postgame-"))
        workers = start_workers(opts["workers"], logs, opts["conn_max_age"])
        try:
            wait_ready(app, workers)
            league, teams = self._build_league(opts["teams"], random.Random(opts["seed"]))
            webhook_on(league)
            meter = Meter([w.pid for w in workers])
            self.planner = Statistics()
            self.planner.keep(0)  # the league built: its teams and players analyzed
            ping_window = self._ping(league, opts["matches"], broker, meter)
            rng = random.Random(opts["seed"])
            plain = self._play(league, teams, opts["matches"], rng, meter, depth=1, first_round=0)
            queued = self._play(
                league,
                teams,
                opts["queued_matches"],
                rng,
                meter,
                depth=opts["queued_depth"],
                first_round=opts["matches"] // per_round,
            )
            _check_kept_figures(teams)
        finally:
            load.append(os.getloadavg()[0])
            stop_workers(workers)
            connections.close_all()
            if not opts["keep"]:
                drop_database(db)
        self._report(opts, read_logs(logs), ping_window, plain, queued, load)

    def _log(self, message: str) -> None:
        self.stderr.write(f"[bench] {message}")

    # --- the league ---

    def _build_league(self, count: int, rng: random.Random) -> tuple[Any, list[Any]]:
        from league.core.selectors import league_ruleset
        from league.core.services import league_create, membership_add
        from teams.errors import TeamRuleError
        from teams.services import PlayerOrder, team_create

        User = get_user_model()
        commissioner = User.objects.create_user("commissioner")
        league = league_create(name="Bench League", ruleset=default_ruleset_key(), commissioner=commissioner)
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

    def _ping(self, league: Any, count: int, broker: str, meter: Meter) -> Window:
        from matches.models import Match
        from matches.tasks import ping

        # One match row to read; it is deleted afterwards so the real league starts clean.
        User = get_user_model()
        teams = list(league.teams.all()[:2])
        match = Match.objects.create(
            league=league,
            home=teams[0],
            away=teams[1],
            ruleset=default_ruleset_key(),
            ruleset_version="-",
            scheduled_by=User.objects.get(username="commissioner"),
        )
        client = redis_client(broker)
        window = meter.start()
        for _ in range(count):
            ping.delay(match.pk)
        # Acks-late: a message leaves "unacked" only once its task has run.
        until(lambda: client.llen("celery") == 0 and client.hlen("unacked") == 0, "the trivial tasks")
        meter.stop(window)
        match.delete()
        return window

    # --- the matches ---

    def _play(
        self, league: Any, teams: list, count: int, rng: random.Random, meter: Meter, *, depth: int, first_round: int
    ) -> Played:
        """Rounds from `first_round` on, `depth` at a time: each group is played (pre-match, result,
        submission) and then confirmed in one transaction, so with depth > 1 every team has `depth`
        matches in the queue at once."""
        from matches.models import Match
        from matches.services import report_confirm

        per_round = len(teams) // 2
        played = Played(depth)
        for g in range(count // (per_round * depth)):
            rounds = range(first_round + g * depth, first_round + (g + 1) * depth)
            matches = [ready_match(league, home, away, rng) for n in rounds for home, away in _round(teams, n)]
            with transaction.atomic():  # the group's sequences are queued together, at commit
                # Registered first, so it runs first at commit: the clock starts as the sends begin.
                transaction.on_commit(lambda: meter.start(played.window))
                for match, by in matches:
                    report_confirm(match=match, by=by)
            ids = [m.pk for m, _by in matches]
            played.ids.update(ids)
            until(
                lambda ids=ids: (
                    not Match.objects.filter(pk__in=ids)
                    .exclude(status__in=[Match.Status.PROCESSED, Match.Status.FAILED])
                    .exists()
                ),
                f"rounds {rounds.start + 1}-{rounds.stop}",
            )
            meter.stop(played.window)
            self.planner.keep(Match.objects.filter(status=Match.Status.PROCESSED).count())
            played.failed += list(
                Match.objects.filter(pk__in=ids, status=Match.Status.FAILED).values_list("pk", "failure_reason")
            )
            if (g + 1) % max(1, 5 // depth) == 0:
                self._log(
                    f"{len(played.ids)} matches ({depth} rounds at a time), "
                    f"{played.window.seconds:.1f}s of post-match so far, {len(played.failed)} failed"
                )
        return played

    # --- output ---

    def _report(
        self, opts: dict, runs: list[Run], ping_window: Window, plain: Played, queued: Played, load: list[float]
    ) -> None:
        out = self.stdout.write
        out(
            f"\nbench_postgame: {opts['teams']} teams, {opts['matches']} matches, then {opts['queued_matches']} in "
            f"queued rounds ({opts['queued_depth']} matches of each team queued at once), {opts['workers']} workers "
            f"(--pool=solo, DB_CONN_MAX_AGE={opts['conn_max_age']}), {os.cpu_count()} CPUs, PostgreSQL + Redis; "
            f"1-minute load average {load[0]:.1f} before, {load[-1]:.1f} after"
        )
        out(
            "wall time and queries: per sequence applied, measured in the workers (median); CPU: all workers' and "
            "all PostgreSQL processes' CPU time over the run, divided by the sequences; waits: runs that found "
            "their match waiting for an earlier match of one of its teams (it is queued again when that one ends)"
        )
        out(
            f"{'task':<24}{'runs':>6}{'wall ms':>9}{'queries (min-max)':>19}{'per second':>12}"
            f"{'worker CPU ms':>15}{'PG CPU ms':>11}{'waits':>7}{'failed':>8}"
        )
        rows = (
            (
                "run_postgame",
                plain.window,
                [r for r in runs if r.task == "run_postgame" and r.match in plain.ids],
                plain,
            ),
            (
                "run_postgame queued",
                queued.window,
                [r for r in runs if r.task == "run_postgame" and r.match in queued.ids],
                queued,
            ),
            ("ping (trivial)", ping_window, [r for r in runs if r.task == "ping"], None),
        )
        for task, window, task_runs, played in rows:
            done = [r for r in task_runs if r.result != "False"]
            if not done:
                if played is not None and not played.ids:
                    continue  # e.g. --queued-matches 0
                raise CommandError(f"no {task} lines in the worker logs")
            queries = sorted(r.queries for r in done)
            n = len(done)
            waits = len(task_runs) - n if played else 0
            failed = len(played.failed) if played else 0
            out(
                f"{task:<24}{n:>6}{statistics.median(r.ms for r in done):>9.1f}"
                f"{f'{queries[n // 2]} ({queries[0]}-{queries[-1]})':>19}{n / window.seconds:>12.1f}"
                f"{window.worker_cpu / n * 1000:>15.1f}{window.postgres_cpu / n * 1000:>11.1f}{waits:>7}{failed:>8}"
            )
        for line in verdict(runs, plain.ids, plain.window.seconds):
            out(line)
        failures = plain.failed + queued.failed
        out(f"failures: {len(failures)}")
        if failures:
            raise CommandError(f"{len(failures)} post-match sequences failed, e.g. {failures[:3]}")


class Played:
    """The matches of one part of the bench, the time their sequences took, and those that failed."""

    def __init__(self, depth: int) -> None:
        self.depth, self.window = depth, Window()
        self.ids: set[int] = set()
        self.failed: list[tuple[int, str]] = []


def _check_kept_figures(teams: list) -> None:
    """After 1,000 sequences on two workers, every kept treasury and team value still agrees with
    the ledger and the rules engine."""
    from teams.selectors import compute_team_value, ledger_balance

    for team in teams:
        team.refresh_from_db()
        if (ledger_balance(team), compute_team_value(team)) != (team.treasury, team.team_value):
            raise CommandError(f"{team}: kept treasury or team value disagrees with the ledger or the rules")


def _lineup(team: Any, size: int, budget: int) -> list[str]:
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
