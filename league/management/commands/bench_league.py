"""python manage.py bench_league: the league pages on a big league (issue 9 item 7; `make bench`).

Builds, in a throwaway database, a league of 200 ready teams (11-12 players each), one regular
season with every team approved, its rounds and 3,000 processed matches with their player lines
(league/bench_league.py, bulk inserts), then serves through the Django test client, to the logged-in
coach of one team, a bare view (base.html and nothing else), the league home, the season
standings and the statistics' leaders (issue 10), --repeat times each after one warm-up. Prints the median and 90th-percentile time
around each request, its SQL query count, and the ratio of the median to the bare view's; the
target is 3 times the bare view at most (--check: exit with an error if a page misses it).

Database: on PostgreSQL the configured database is dropped and created (its name must contain
"bench", as for bench_postgame), migrated and dropped at the end; on SQLite an in-memory test
database is created. --current-database uses the configured database as it is (the tests do).
"""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, connections
from django.test import Client
from django.test.utils import override_settings
from django.urls import NoReverseMatch, reverse

TARGET = 3.0  # times the bare view (issue 9 item 7)


class Command(BaseCommand):
    help = "Benchmark the league home and the season standings on a league of 200 teams and 3,000 matches."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--teams", type=int, default=200)
        parser.add_argument("--matches", type=int, default=3000)
        parser.add_argument("--repeat", type=int, default=30, help="timed requests per page")
        parser.add_argument("--seed", type=int, default=9)
        parser.add_argument("--check", action="store_true", help="exit with an error if a page misses the target")
        parser.add_argument(
            "--current-database", action="store_true", help="build in the configured database as it is (tests)"
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["teams"] < 2 or opts["teams"] % 2 or opts["matches"] < 1 or opts["repeat"] < 1:
            raise CommandError("--teams must be even and at least 2; --matches and --repeat at least 1.")
        db = settings.DATABASES["default"]
        vendor = connection.vendor
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
            recreate_database(db)
            try:
                call_command("migrate", verbosity=0, interactive=False)
                self._run(opts, f"{vendor} {db['NAME']}")
            finally:
                connections.close_all()
                drop_database(db)
        elif vendor == "sqlite":
            old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
            try:
                self._run(opts, "SQLite (in memory)")
            finally:
                connection.creation.destroy_test_db(old_name, verbosity=0)
        else:
            raise CommandError(f"bench_league runs on SQLite or PostgreSQL, not {vendor}.")

    def _run(self, opts: dict[str, Any], database: str) -> None:
        from league.bench_league import URLCONF, build_league, serve

        load = os.getloadavg()[0]
        built = build_league(teams=opts["teams"], matches=opts["matches"], seed=opts["seed"])
        self.stdout.write(
            f"bench_league: {built.teams} teams ({built.players} players), 1 season, "
            f"{built.matches} processed matches ({built.lines} player lines), built in {built.seconds:.1f} s; "
            f"database {database}; {opts['repeat']} requests per page through the test client, "
            f"logged in as a coach; 1-minute load average {load:.1f}"
        )
        hosts = [*settings.ALLOWED_HOSTS, "testserver"]
        with override_settings(ROOT_URLCONF=URLCONF, ALLOWED_HOSTS=hosts):
            client = Client()
            client.force_login(built.coach)
            slug = built.league.slug
            pages = [
                ("bare view", reverse("bench_bare")),
                ("league home", reverse("league:detail", kwargs={"slug": slug})),
                ("season standings", _url("league:season_standings", slug, built.season.number)),
                # Issue 10: the statistics' leaders, all time (every processed match of the league).
                ("stats leaders", reverse("league:stats", kwargs={"slug": slug})),
            ]
            measures = []
            for name, url in pages:
                try:
                    measures.append((name, url and serve(client, name, url, opts["repeat"])))
                except RuntimeError as failure:  # a page that does not answer 200 is reported, not timed
                    measures.append((name, str(failure)))
        self.stdout.write(f"{'page':<18}{'median ms':>10}{'p90 ms':>9}{'queries':>9}{'x bare':>8}  target")
        bare = measures[0][1]
        if isinstance(bare, str):
            raise CommandError(bare)
        missed = []
        for name, measure in measures:
            if not measure:
                self.stdout.write(f"{name:<18}not available (no URL named league:season_standings)")
                continue
            if isinstance(measure, str):
                self.stdout.write(f"{name:<18}FAIL ({measure})")
                missed.append(name)
                continue
            ratio = measure.median / bare.median
            low, high = min(measure.queries), max(measure.queries)
            queries = str(low) if low == high else f"{low}-{high}"
            verdict = "" if measure is bare else ("PASS" if ratio <= TARGET else "FAIL") + f" (<= {TARGET:g}x)"
            if verdict.startswith("FAIL"):
                missed.append(name)
            self.stdout.write(
                f"{name:<18}{measure.median:>10.1f}{measure.p90:>9.1f}{queries:>9}{ratio:>8.2f}  {verdict}".rstrip()
            )
        if opts["check"] and missed:
            raise CommandError(f"over {TARGET:g} times the bare view or failed: {', '.join(missed)}")


def _url(name: str, *args: Any) -> str | None:
    """The page's URL, or None while it is not built (the standings page comes from another branch).
    Positional arguments: whatever the page names its slug and season number."""
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None
