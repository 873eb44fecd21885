"""How `manage.py bench_league` serves and measures the pages (docs/benchmarks.md).

Times are taken through gunicorn started as the Procfile's `web` line starts it (same command,
same options, WEB_CONCURRENCY workers), with the bench's settings (league/tooling/bench_settings.py: the
real ones plus the bare view), against the database the league was built in. Query counts and
HTML sizes are taken in this process through the test client, on the same database.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse

from league.infra.page_versions import (
    ANY,
    aside_scope,
    bump_site_revision,
    bump_versions,
    play_scope,
    rate_scope,
    team_scope,
    user_scope,
)
from league.tooling.bench_clients import _clients, get

ROOT = Path(settings.BASE_DIR)


class BenchError(RuntimeError):
    pass


def procfile_web() -> str:
    """The Procfile's web command, as honcho and the platforms run it."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith("web:"):
            return line.split(":", 1)[1].strip()
    raise BenchError("the Procfile has no web process")


def database_env() -> dict[str, str]:
    """The environment that points a new process at this process's database."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        name = str(db["NAME"])
        if name == ":memory:" or "mode=memory" in name:
            raise BenchError("gunicorn cannot open an in-memory SQLite database")
        return {"DATABASE_URL": "", "SQLITE_PATH": name}
    if connection.vendor == "postgresql":
        auth = db["USER"] or ""
        if db.get("PASSWORD"):
            auth += f":{db['PASSWORD']}"
        host = f"{auth}@" if auth else ""
        host += f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
        return {"DATABASE_URL": f"postgres://{host}/{db['NAME']}"}
    raise BenchError(f"no gunicorn bench on {connection.vendor}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    process: subprocess.Popen
    port: int
    log: Path

    def cpu_seconds(self) -> float:
        """User and system time of gunicorn's processes so far (Linux: /proc; 0 elsewhere)."""
        from matches.management.bench_support import _cpu_seconds

        pids = [self.process.pid]
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == self.process.pid:  # its workers
                    pids.append(int(stat.parent.name))
            except (OSError, IndexError, ValueError):
                continue
        return _cpu_seconds(pids)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def start_gunicorn(workers: int, log: Path) -> Server:
    """gunicorn on a free port of 127.0.0.1, DEBUG off, answering once its workers are up."""
    port = free_port()
    env = {
        **os.environ,
        **database_env(),
        "DJANGO_SETTINGS_MODULE": "league.tooling.bench_settings",
        "DEBUG": "0",
        "ENV_FILE": "",  # the development .env (DEBUG=1) is not read, as under `make serve`
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-only-not-a-secret",
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WEB_CONCURRENCY": str(workers),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["bash", "-c", f"exec {procfile_web()}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,  # the access log: written as in production, not read
            stderr=out,
            start_new_session=True,
        )
    server = Server(process, port, log)
    from league.tooling.bench_urls import BARE_PATH

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise BenchError(f"gunicorn stopped: {log.read_text()[-2000:]}")
        try:
            if get(port, BARE_PATH, "")[0] == 200:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    server.stop()
    raise BenchError(f"gunicorn did not answer within 60 s: {log.read_text()[-2000:]}")


@dataclass
class AfterResult:
    """One reader's first reads of a page after a result: in its own league (rendered again) and in
    another (served kept), and the same reader's reads of the page kept, with no result between."""

    cookie: str
    reread_ms: list[float] = field(default_factory=list)
    own_ms: list[float] = field(default_factory=list)
    other_ms: list[float] = field(default_factory=list)


@dataclass
class Page:
    name: str
    path: str
    cookie: str  # the session of the user the page is served to
    client: Client  # the same user, in this process (query count, HTML size)
    weight: int = 0  # share of the load mix, in percent
    times_ms: list[float] = field(default_factory=list)
    cpu_ms: float = 0.0  # gunicorn's workers' CPU time per request (user + system)
    cold_ms: list[float] = field(default_factory=list)  # each GET after a write (no kept page)
    cold_cpu_ms: float = 0.0
    league_id: int = 0  # the page's league: a result there makes its own pages stale
    other_league_id: int = 0  # another league: a result there leaves the page kept
    # The two teams (and their coaches) of the result in each league: neither the page's team nor
    # its match's, as most results of a busy league are (league/infra/page_versions.py).
    result_sides: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    play_result: Any = None  # plays a real result in the page's league (league/tooling/bench_results.py)
    anonymous_cookie: str | None = None  # an anonymous browser's cookies (None: not a public page)
    # The first reads after a result, by reader ("anonymous", "logged in"): a league's pages only.
    after: dict[str, AfterResult] = field(default_factory=dict)
    queries: list[int] = field(default_factory=list)
    size: int = 0
    error: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.times_ms)


def measure(page: Page, server: Server | None, repeat: int, warmup: int = 4) -> Page:
    """Queries and size in this process (after a warm-up), then `repeat` timed GETs through gunicorn
    (after `warmup` untimed ones, spread over its workers: their caches and templates), and the CPU
    time its workers spent on them (what a machine shared with other work changes least)."""
    for attempt in range(3):
        # The queries of a page rendered, not of a page kept (league/infra/page_cache.py: one query).
        with override_settings(PAGE_CACHE_SECONDS=0), CaptureQueriesContext(connection) as queries:
            response = page.client.get(page.path)
        if response.status_code != 200:
            page.error = f"{page.path} answered {response.status_code}"
            return page
        if attempt:
            page.queries.append(len(queries))
            page.size = len(response.content)
    if server is None:
        return page
    for n in range(warmup + repeat):
        if n == warmup:
            cpu = server.cpu_seconds()
        status, _size, seconds = get(server.port, page.path, page.cookie)
        if status != 200:
            page.error = f"{page.path} answered {status} through gunicorn"
            return page
        if n >= warmup:
            page.times_ms.append(seconds * 1000)
    page.cpu_ms = (server.cpu_seconds() - cpu) * 1000 / repeat
    # The first read after a write: a committed write anywhere bumps the site's revision, so the
    # page is rendered again (templates and connections stay warm, as in a running site).
    cold = max(3, repeat // 3)
    cpu = server.cpu_seconds()
    for _ in range(cold):
        bump_site_revision()
        status, _size, seconds = get(server.port, page.path, page.cookie)
        if status != 200:
            page.error = f"{page.path} answered {status} through gunicorn after a write"
            return page
        page.cold_ms.append(seconds * 1000)
    page.cold_cpu_ms = (server.cpu_seconds() - cpu) * 1000 / cold
    # A result bumps its league's version and ANY's (league/infra/page_versions.py): the page is
    # rendered again after one in its own league, served kept after one in the other league; read by
    # an anonymous browser and by the page's logged-in user. Each worker keeps its own pages (LocMem):
    # the page is read again `warmup` times between the two, so that the worker that answers next has
    # it, as it has for a reader who came back before the result.
    if not page.league_id:
        return page
    page.after["logged in"] = AfterResult(page.cookie, page.times_ms)
    if page.anonymous_cookie is not None:
        anonymous = page.after["anonymous"] = AfterResult(page.anonymous_cookie)
        for n in range(warmup + repeat):
            status, _size, seconds = get(server.port, page.path, anonymous.cookie)
            if status != 200:
                page.error = f"{page.path} answered {status} to an anonymous browser"
                return page
            if n >= warmup:
                anonymous.reread_ms.append(seconds * 1000)
    for _ in range(AFTER_RESULTS):
        for reader in page.after.values():
            for league_id, times in ((page.league_id, reader.own_ms), (page.other_league_id, reader.other_ms)):
                if league_id == page.league_id and page.play_result is not None:
                    page.play_result()  # a real result, its listeners run (the pages rendered for their readers)
                else:
                    bump_result(league_id, page.result_sides.get(league_id, ()))
                status, _size, seconds = get(server.port, page.path, reader.cookie)
                if status != 200:
                    page.error = f"{page.path} answered {status} through gunicorn after a result"
                    return page
                times.append(seconds * 1000)
                for _ in range(warmup):
                    get(server.port, page.path, reader.cookie)
    return page


AFTER_RESULTS = 3  # results in each league per reader of a page (a real one costs about a second)


def bump_result(league_id: int, sides: tuple[tuple[int, int], ...]) -> None:
    """What a result committed in the league bumps: its league's results, mail page and ratings, its
    two teams and their coaches (told of it), and the pages of no league (tests/web/test_result_scopes.py checks that a
    result played on the site bumps exactly these)."""
    bump_versions(
        [play_scope(league_id), aside_scope(league_id), rate_scope(league_id), ANY]
        + [team_scope(team) for team, _coach in sides]
        + [user_scope(coach) for _team, coach in sides]
    )


@dataclass
class Load:
    clients: int
    requests: int
    seconds: float
    times_ms: list[float]
    errors: int
    mix: dict[str, int]
    results: Any = None  # league/tooling/bench_results.Results: what landed in the league meanwhile
    asked: int = 0  # the requests asked for (--load-requests) ...
    limit: float = 0.0  # ... within at most these seconds (--load-seconds)
    medians: dict[str, float] = field(default_factory=dict)  # each page's median time (ms)

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds

    def percentile(self, q: float) -> float:
        ordered = sorted(self.times_ms)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def load(
    port: int, pages: list[Page], clients: int, total: int, seed: int, cookies: list[str], results: Any, limit: float
) -> Load:
    """`total` requests of the pages' mix (each page's weight in percent), shuffled, sent by
    `clients` threads at once, each as soon as its previous answer arrived. Each client is a browser
    of its own (`cookies`, one per client): no client is served a page another one read.

    Before the clock starts each client reads each page once (people who have been browsing: the
    pages they read are kept). `results` (league/tooling/bench_results.py, or None) is started with
    the clock and stopped once the last answer arrived: real results land in the league meanwhile.
    No request is sent once `limit` seconds have passed (results can slow the pages down tenfold).

    The clients run in a process of their own, as browsers are not in the server's process: in this
    one they would wait for Python's lock behind the results' thread (the ORM's work of a post-match
    sequence) before reading each answer, and the load would time that wait, not the site."""
    weighted = [p for p in pages if p.weight]
    plan = [p for p in weighted for _ in range(p.weight)]
    rng = random.Random(seed)
    queue = [rng.choice(plan) for _ in range(total)]
    if results is not None:
        results.schedule()  # the round the results play, drawn before anyone reads
    for cookie in cookies[:clients]:
        for page in weighted:
            get(port, page.path, cookie)
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    connections.close_all()  # the child shares none of this process's database connections
    child = context.Process(
        target=_clients, args=(port, [p.path for p in queue], cookies[:clients], limit, send), daemon=True
    )
    child.start()
    send.close()
    if results is not None:
        results.start()
    try:
        times, errors, sent, seconds, by_path_ms = receive.recv()
        child.join()
    finally:
        if results is not None:
            results.stop()
    by_path = {p.path: p for p in weighted}
    mix = {p.name: sum(1 for path in sent if by_path[path] is p) for p in weighted}
    medians = {p.name: statistics.median(by_path_ms[p.path]) for p in weighted if by_path_ms.get(p.path)}
    return Load(clients, len(times), seconds, times, errors, mix, results, total, limit, medians)


def browser_cookies(client: Client) -> str:
    """The Cookie header a browser would send: the session and the CSRF cookie the first page set
    (without it every answer would set a new one, as to a browser that refuses cookies)."""
    return "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items() if morsel.value)


def page_client(user: Any) -> tuple[Client, str]:
    """A browser of `user` (None: anonymous) that has read the home page, and its cookies."""
    client = Client()
    if user is not None:
        client.force_login(user)
    client.get(reverse("home"))
    return client, browser_cookies(client)
