"""python manage.py bench_league: every league page against a truly bare view (`make bench`).

Builds, in a throwaway database, a small league (6 teams, 10 matches) and a big one (200 ready
teams of 11-12 players, one regular season, its rounds and 3,000 processed matches with their
player lines, effects and dice: league/tooling/bench_league.py), then starts gunicorn as the Procfile's
`web` line does (WEB_CONCURRENCY=2 by default) with the bench's settings, whose only change is a
bare view returning HttpResponse("ok") (league/tooling/bench_urls.py), and measures (league/tooling/bench_serve.py,
printed by league/tooling/bench_report.py):

- per page, on each league: the median time of --repeat GETs through gunicorn and its ratio to
  the bare view's, the CPU time gunicorn's workers spent per request and its ratio (what a
  machine shared with other work changes least), the SQL queries (counted in this process) and
  the HTML size; the target is 5 times the bare view's median time, and no more queries on the
  big league than on the small one; then each page read once after a write anywhere (reported);
- per page of a league, read by an anonymous browser and by its logged-in user: the first read
  after a result in another league (target: within 2 times the same reader's re-read: the page is
  still kept) and after a result in its own league (target: within 10 times the bare view);
- two loads of --clients concurrent clients sending --load-requests requests of the big league's
  pages (the season page 2% of them; none sent after --load-seconds, 120), anonymous users then
  logged-in coaches, while a real result lands in the big league every second
  (league/tooling/bench_results.py): requests per second, p50 and p95; the target is a p95 under 500 ms, with no error and a result each second;
- then, on each league, a replay: the round-1 match of the two teams whose matches ran the real
  post-match sequence, corrected through the correction service (a touchdown and a block casualty
  credited to other players, the casualty to another victim); its task runs in this process and
  replays every later match of both teams (league/tooling/bench_replay.py): matches replayed,
  wall time and SQL statements per match; the target is under REPLAY_SECONDS on the big league,
  with statements per match no more than REPLAY_SPREAD above the small league's (they must not
  grow with the season's length);
- the big league's ratings (league/tooling/bench_ratings.py): its matches played for real rated
  incrementally as the post-match sequence has them rated, checked equal to a computation from
  scratch, then the whole league rated from scratch, timed.

--check exits with an error when a target is missed. Database: on PostgreSQL the configured
database is dropped and created (its name must contain "bench") and dropped at the end; on
SQLite a temporary file. --current-database uses the configured database as it is (the tests).
On PostgreSQL, --keep keeps a copy of the built leagues and --reuse measures a fresh copy of it
instead of building (league/tooling/bench_keep.py); --replay-only measures the replays alone.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, connections
from django.test.utils import override_settings
from django.urls import reverse

TARGET = 5.0  # times the bare view
P95_TARGET_MS = 500.0  # under load
REPLAY_SECONDS = 2.0  # the big league's correction, applied
# Statements per replayed match on the big league, at most the small league's and this much more:
# they must not grow with the season's length. (The small league's figure is the higher one: the
# replay's fixed part, about 90 statements, is shared by 6 matches there, by 59 here.)
REPLAY_SPREAD = 0.15
# The load's mix, in percent: the season page is the rare visit (2%), the others share the rest.
MIX = {
    "league home": 20,
    "season": 2,
    "standings": 16,
    "stats leaders": 8,
    "team": 20,
    "player": 14,
    "match": 20,
}


class Command(BaseCommand):
    help = "Benchmark every league page against a bare view, on a small and a big league, through gunicorn."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--teams", type=int, default=200)
        parser.add_argument("--matches", type=int, default=3000)
        parser.add_argument("--small-teams", type=int, default=6)
        parser.add_argument("--small-matches", type=int, default=10)
        parser.add_argument("--repeat", type=int, default=30, help="timed requests per page")
        parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (WEB_CONCURRENCY)")
        parser.add_argument("--clients", type=int, default=50, help="concurrent clients of the load")
        parser.add_argument("--load-requests", type=int, default=3000, help="requests of the load (0: none)")
        parser.add_argument(
            "--load-seconds", type=float, default=120.0, help="each load stops sending after this many seconds"
        )
        parser.add_argument("--seed", type=int, default=9)
        parser.add_argument("--check", action="store_true", help="exit with an error if a target is missed")
        parser.add_argument(
            "--current-database", action="store_true", help="build in the configured database as it is (tests)"
        )
        parser.add_argument("--keep", action="store_true", help="PostgreSQL: keep a copy of the built leagues")
        parser.add_argument("--reuse", action="store_true", help="PostgreSQL: a copy of the kept leagues, not built")
        parser.add_argument("--replay-only", action="store_true", help="no pages and no load: the replays alone")
        parser.add_argument("--loads-only", action="store_true", help="the two loads alone: no page table, no replay")

    def handle(self, *args: Any, **opts: Any) -> None:
        for key in ("teams", "small_teams"):
            if opts[key] < 2 or opts[key] % 2:
                raise CommandError("--teams must be even and at least 2; --matches and --repeat at least 1.")
        if min(opts["matches"], opts["small_matches"], opts["repeat"], opts["clients"]) < 1:
            raise CommandError("--teams must be even and at least 2; --matches and --repeat at least 1.")
        db = settings.DATABASES["default"]
        vendor = connection.vendor
        if (opts["keep"] or opts["reuse"]) and (vendor != "postgresql" or opts["current_database"]):
            raise CommandError("--keep and --reuse copy a PostgreSQL database: not with --current-database.")
        if opts["current_database"]:
            self._run(opts, f"{vendor} {db['NAME']}")
            return
        if vendor == "postgresql":
            from matches.management.bench_support import drop_database, recreate_database

            if "bench" not in str(db["NAME"]):
                raise CommandError(
                    "Set DATABASE_URL to a PostgreSQL database whose name contains 'bench' "
                    "(it is dropped and created): `make bench` does."
                )
            self.stderr.write(f"[bench] database {db['NAME']} (dropped and created)")
            kept = None
            if opts["reuse"]:
                from league.tooling.bench_keep import reuse

                kept = reuse(db)
            else:
                recreate_database(db)
            try:
                call_command("migrate", verbosity=0, interactive=False)
                # Nothing kept from an earlier run (its leagues had the same ids).
                caches["default"].clear()
                caches["pages"].clear()
                self._run(opts, f"PostgreSQL {db['NAME']}" + (" (a copy of the kept leagues)" if kept else ""), kept)
            finally:
                connections.close_all()
                drop_database(db)
        elif vendor == "sqlite":
            # A file, not memory: gunicorn's workers open it too.
            with tempfile.TemporaryDirectory(prefix="bench-league-") as folder:
                connection.settings_dict.setdefault("TEST", {})["NAME"] = str(Path(folder) / "bench.sqlite3")
                old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
                try:
                    self._run(opts, "SQLite (a temporary file)")
                finally:
                    connection.creation.destroy_test_db(old_name, verbosity=0)
        else:
            raise CommandError(f"bench_league runs on SQLite or PostgreSQL, not {vendor}.")

    def _run(self, opts: dict[str, Any], database: str, kept: dict[str, Any] | None = None) -> None:
        from league.tooling.bench_league import build_league
        from league.tooling.bench_replay import measure_replay
        from league.tooling.bench_report import report_load, report_pages, report_results

        load_before = os.getloadavg()[0]
        if kept:
            small, big = kept["small"], kept["big"]
        else:
            small = build_league(
                teams=opts["small_teams"], matches=opts["small_matches"], seed=opts["seed"], prefix="small"
            )
            big = build_league(teams=opts["teams"], matches=opts["matches"], seed=opts["seed"], prefix="bench")
        if opts["keep"]:
            from league.tooling.bench_keep import keep

            self.stderr.write(
                f"[bench] built leagues kept in {keep(settings.DATABASES['default'], {'small': small, 'big': big})}"
            )
        served = (
            "no pages, the replays alone"
            if opts["replay_only"]
            else (
                f"gunicorn as the Procfile runs it, {opts['workers']} workers; {opts['repeat']} requests per page, "
                "logged in as a coach (the fixtures page as the commissioner); after a result, anonymous too; "
                f"cache {'shared (CACHE_URL)' if settings.CACHE_URL else 'per process'}"
            )
        )
        self.stdout.write(
            f"bench_league: small league {small.teams} teams, {small.matches} matches; big league {big.teams} teams "
            f"({big.players} players), 1 season, {big.matches} processed matches ({big.lines} player lines), "
            f"built in {small.seconds + big.seconds:.1f} s; database {database}; {served}; "
            f"1-minute load average {load_before:.1f}"
        )
        pages, loads = (None, {}) if opts["replay_only"] else self._serve(opts, small, big)
        # Last: the correction writes to both leagues.
        # The replay alone: the league's pages rendered again after it are a task of their own in a
        # worker (league/infra/page_warm.py), which the bench would run inside the correction's task.
        with override_settings(PAGE_WARM_LANGUAGES=[]):
            replays = None if opts["loads_only"] else (measure_replay(small), measure_replay(big))
        missed = []
        if pages and not opts["loads_only"]:
            missed += report_pages(self.stdout.write, pages["small"], pages["big"], TARGET)
            missed += report_results(
                self.stdout.write, pages["small"], pages["big"], RESULT_OTHER_TARGET, RESULT_OWN_TARGET
            )
        for who, result in loads.items():
            missed += report_load(self.stdout.write, who, result, P95_TARGET_MS)
        if replays is not None:
            missed += self._report_replay(*replays)
        ratings = getattr(big, "ratings", None)  # built with the big league (league/tooling/bench_ratings.py)
        if ratings is not None:  # a kept league (--reuse) was rated when it was built
            self.stdout.write(ratings.line())
        self.stdout.write(f"1-minute load average after: {os.getloadavg()[0]:.1f}")
        if opts["check"] and missed:
            raise CommandError(f"targets missed: {', '.join(missed)}")

    def _serve(self, opts: dict[str, Any], small: Any, big: Any) -> tuple[dict[str, list], dict[str, Any]]:
        """Every page of both leagues measured through gunicorn, then the loads, each with a real result
        a second in the big league (league/tooling/bench_results.py): anonymous users, then logged-in
        coaches (none when --load-requests is 0)."""
        from league.tooling.bench_results import Results
        from league.tooling.bench_serve import BenchError, load, measure, page_client, start_gunicorn

        hosts = [*settings.ALLOWED_HOSTS, "testserver"]
        with override_settings(ROOT_URLCONF="league.tooling.bench_urls", ALLOWED_HOSTS=hosts):
            pages = {"small": _pages(small, big), "big": _pages(big, small)}
            # The loads' browsers: one each, as many people reading the big league; the coaches are
            # the big league's, each logged in as himself (his own badges).
            coaches = list(get_user_model().objects.filter(teams__league=big.league).order_by("pk"))
            browsers = {
                "users": [page_client(None)[1] for _ in range(opts["clients"])],
                "logged-in coaches": [page_client(coaches[n % len(coaches)])[1] for n in range(opts["clients"])],
            }
            loads = {}
            with tempfile.TemporaryDirectory(prefix="bench-gunicorn-") as folder:
                try:
                    server = start_gunicorn(opts["workers"], Path(folder) / "gunicorn.log")
                except BenchError as failure:
                    raise CommandError(str(failure)) from failure
                try:
                    for size in () if opts["loads_only"] else ("small", "big"):
                        for page in pages[size]:
                            # The bare view ten times as often: its CPU time is a few clock ticks.
                            repeat = opts["repeat"] * (10 if page is pages[size][0] else 1)
                            measure(page, server, repeat)
                    for n, (who, cookies) in enumerate(browsers.items() if opts["load_requests"] else ()):
                        results = Results(big, opts["seed"] + n)
                        loads[who] = load(
                            server.port,
                            pages["big"],
                            opts["clients"],
                            opts["load_requests"],
                            opts["seed"],
                            cookies,
                            results,
                            opts["load_seconds"],
                        )
                finally:
                    server.stop()
        return pages, loads

    def _report_replay(self, small: Any, big: Any) -> list[str]:
        self.stdout.write(small.line("replay, small league"))
        self.stdout.write(big.line())
        growth = big.per_match / small.per_match - 1
        ok = big.seconds < REPLAY_SECONDS and growth <= REPLAY_SPREAD
        # What each further match costs, the replay's fixed part aside: the same on both leagues.
        further = ""
        if big.matches != small.matches:
            further = f"; each further match {(big.statements - small.statements) / (big.matches - small.matches):.1f}"
        self.stdout.write(
            f"replay target: {'PASS' if ok else 'FAIL'} (under {REPLAY_SECONDS:g} s; statements per match at most "
            f"{REPLAY_SPREAD:.0%} above the small league's: {growth:+.0%}{further})"
        )
        return [] if ok else ["replay"]


RESULT_OTHER_TARGET = 2.0  # a page after a result in another league, against its re-read
RESULT_OWN_TARGET = 10.0  # a page after a result in its own league, against the bare view


def _result_sides(built: Any) -> tuple[tuple[int, int], ...]:
    """The (team, coach) pairs of a result in the league between two teams none of the measured
    pages shows: not the pages' team, nor its last match's or the corrected match's teams."""
    from teams.models import Team

    pairs = (
        Team.objects.filter(league=built.league)
        .exclude(pk__in=_shown(built))
        .order_by("pk")
        .values_list("pk", "coach_id")
    )
    return tuple(pairs[:2])


def _shown(built: Any) -> set[int]:
    """The teams the measured pages show: the page's team, its last match's and the corrected match's."""
    return {
        built.team.pk,
        built.match.home_id,
        built.match.away_id,
        built.first_match.home_id,
        built.first_match.away_id,
    }


def _pages(built: Any, other: Any) -> list:
    """The pages measured, in the table's order; the first is the bare view. A league's own pages
    know their league and `other`, for the first reads after a result in each."""
    from league.tooling.bench_results import Results
    from league.tooling.bench_serve import AFTER_RESULTS, Page, page_client
    from league.tooling.bench_urls import BARE_PATH, BASE_PATH

    coach, cookie = page_client(built.coach)
    commissioner, commissioner_cookie = page_client(built.commissioner)
    anonymous = page_client(None)[1]
    slug, number = built.league.slug, built.season.number

    sides = {built.league.pk: _result_sides(built), other.league.pk: _result_sides(other)}
    # The results played in the page's own league: between teams none of the pages shows, scheduled
    # first (a round drawn by the commissioner), each with its listeners (league/tooling/bench_results.py).
    results = Results(built, seed=5, exclude=_shown(built))
    wanted = 8 * 2 * AFTER_RESULTS  # the league's pages, two readers each
    results.schedule(rounds=max(1, -(-wanted // max(1, len(results.pairs)))))

    def page(name: str, path: str, client: Any = coach, cookie: str = cookie) -> Page:
        ours = name not in ("bare view", "base.html")
        return Page(
            name,
            path,
            cookie,
            client,
            MIX.get(name, 0),
            league_id=built.league.pk if ours else 0,
            other_league_id=other.league.pk if ours else 0,
            result_sides=sides if ours else {},
            play_result=results.play_next if ours and results.pairs else None,
            # The commissioner's pages are not public: no anonymous reader.
            anonymous_cookie=None if client is commissioner else anonymous,
        )

    return [
        page("bare view", BARE_PATH),
        page("base.html", BASE_PATH),  # what every page shares: the menu, the session, the user
        page("league home", reverse("league:detail", args=[slug])),
        page("season", reverse("league:season", args=[slug, number])),
        page("fixtures", reverse("league:season_fixtures", args=[slug, number]), commissioner, commissioner_cookie),
        page("standings", reverse("league:season_standings", args=[slug, number])),
        page("stats leaders", reverse("league:stats", args=[slug])),
        page("team", reverse("teams:detail", args=[built.team.pk])),
        page("player", reverse("teams:player", args=[built.team.pk, built.player.pk])),
        page("match", reverse("matches:detail", args=[built.match.pk])),
    ]
