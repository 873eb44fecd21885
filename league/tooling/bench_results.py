"""The results that land in the big league while `manage.py bench_league`'s load runs (docs/benchmarks.md).

One a second, from the load's start to its end, each a real match: scheduled by the commissioner,
its pre-match recorded, its result saved and submitted by the home coach, confirmed by the away coach
(matches.management.bench_support.ready_match, as `bench_postgame` plays its matches), and its
post-match sequence run with its listeners (the outbox's batch: ratings, notifications, webhooks).
In production a Celery worker runs the sequence; here it runs eagerly in the thread that confirmed,
a thread of its own with its own database connection, beside gunicorn's workers serving the load.

The matches are scheduled before the clock starts, as a league's round is (one commissioner's
action under the league's URL). Each result's steps claim its match's scopes, as the page cache's
middleware claims them for a form posted under the match's URL (league/infra/page_urls.py), and the
sequence's task claims its own (league/infra/task_scopes.py): the page versions are bumped exactly
as a result played on the site bumps them.

The teams are the big league's, in pairs, but for the two whose history the replay measured after
the load corrects (league/tooling/bench_replay.py): a result of theirs would add matches to replay.
A pair plays again once every other pair has played.
"""

from __future__ import annotations

import queue
import random
import threading
import time
from typing import Any

from celery import current_app
from django.db import connection

INTERVAL = 1.0  # seconds between two results
GRACE = 0.1  # seconds: a result due this close to the load's end is not counted due


class Results:
    """A thread that plays a result every INTERVAL seconds between start() and stop(); when one takes
    longer, the next starts as soon as it ends. stop() waits for the result under way."""

    def __init__(self, built: Any, seed: int, exclude: set[int] | frozenset[int] = frozenset()) -> None:
        """`exclude`: teams that play none of these results (besides the two the replay corrects)."""
        from teams.models import Team

        real = {built.first_match.home_id, built.first_match.away_id} | set(exclude)
        ids = list(
            Team.objects.filter(league=built.league).exclude(pk__in=real).order_by("pk").values_list("pk", flat=True)
        )
        self.pairs = list(zip(ids[::2], ids[1::2], strict=False))
        self.league = built.league
        self.rng = random.Random(seed)
        self.processed = 0  # results whose post-match sequence ran (their match processed)
        self.failures: list[str] = []
        self.due = 0  # results due over the load: one at its start, then one each INTERVAL
        self.seconds: list[float] = []  # each result's wall time, pre-match to the sequence's listeners
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bench-results", daemon=True)
        self._began = 0.0
        self._eager = False
        self._scheduled: list[Any] = []  # the matches the load plays, in order
        self._renders: queue.Queue[list[int] | None] = queue.Queue()
        self._render_thread = threading.Thread(target=self._render, name="bench-renders", daemon=True)
        self.renders = 0  # pages rendered after the results (league/infra/page_warm.py)
        self._next = 0  # play_next's count

    def schedule(self, rounds: int = 2) -> None:
        """Each pair's next `rounds` matches, scheduled by the commissioner before the load starts
        (a round generated at once): a result then writes only its match's steps."""
        from league.infra.page_versions import league_scope, page_scope
        from matches.services import match_schedule
        from teams.models import Team

        teams = Team.objects.in_bulk([pk for pair in self.pairs for pk in pair])
        with page_scope(league_scope(self.league.pk)):
            for _ in range(rounds):
                for home, away in self.pairs:
                    match = match_schedule(
                        league=self.league, home=teams[home], away=teams[away], by=self.league.commissioner
                    )
                    self._scheduled.append(match)

    def play_next(self) -> float:
        """One result now, in this thread, its sequence and listeners run at its commit as in the
        load (and so its league's pages rendered again for their readers, league/infra/page_warm.py);
        its seconds."""
        eager = current_app.conf.task_always_eager
        current_app.conf.task_always_eager = True
        try:
            n = self._next
            self._next += 1
            home, away = self.pairs[n % len(self.pairs)]
            started = time.perf_counter()
            self._play(home, away, self._scheduled[n] if n < len(self._scheduled) else None)
            return time.perf_counter() - started
        finally:
            current_app.conf.task_always_eager = eager

    def start(self) -> None:
        from league.infra import page_warm

        if not self.pairs:
            raise RuntimeError("the big league has no two teams to play the load's results")
        if not self._scheduled:
            self.schedule()
        # The sequence runs in this process, whatever broker is configured: no worker takes it.
        self._eager = current_app.conf.task_always_eager
        current_app.conf.task_always_eager = True
        # The league's pages rendered after a result: a task of its own on a worker in production, here
        # a thread of its own, each render for every league queued meanwhile (league/infra/page_warm.py).
        page_warm.sender = self._renders.put
        self._began = time.perf_counter()
        self._render_thread.start()
        self._thread.start()

    def stop(self) -> None:
        from league.infra import page_warm

        # A result due in the load's last instant may not have started yet: its thread had to wake.
        self.due = int(max(0.0, time.perf_counter() - self._began - GRACE) // INTERVAL) + 1
        self._stop.set()
        self._thread.join()
        page_warm.sender = None
        self._renders.put(None)
        self._render_thread.join()
        current_app.conf.task_always_eager = self._eager

    def _render(self) -> None:
        from league.infra.page_warm import warm_leagues

        try:
            while True:
                ids = self._renders.get()
                if ids is None:
                    return
                while not self._renders.empty():  # what else was queued meanwhile, rendered once
                    more = self._renders.get()
                    if more is None:
                        return
                    ids = sorted(set(ids) | set(more))
                self.renders += warm_leagues(ids)
        finally:
            connection.close()  # this thread's own

    @property
    def behind(self) -> bool:
        """Fewer results than due: the writes did not keep up with one a second."""
        return self.processed < self.due

    def _run(self) -> None:
        try:
            n = 0
            while not self._stop.wait(max(0.0, self._began + n * INTERVAL - time.perf_counter())):
                home, away = self.pairs[n % len(self.pairs)]
                match = self._scheduled[n] if n < len(self._scheduled) else None
                n += 1
                started = time.perf_counter()
                try:
                    self._play(home, away, match)
                except Exception as failure:  # reported with the load's errors, the load goes on
                    self.failures.append(f"{type(failure).__name__}: {failure}")
                self.seconds.append(time.perf_counter() - started)
        finally:
            connection.close()  # this thread's own

    def _play(self, home_id: int, away_id: int, scheduled: Any) -> None:
        from league.infra.page_versions import league_scope, match_progress_of_match, match_step_of_match, page_scope
        from matches.management.bench_support import ready_match
        from matches.models import Match
        from matches.services import report_confirm
        from teams.models import Team

        teams = Team.objects.select_related("coach").in_bulk([home_id, away_id])
        # A match beyond those scheduled is scheduled here, by the commissioner (the league's scope).
        # Its pre-match, draft and submission claim the match's progress, its confirmation its step,
        # as the forms posted under the match's URL claim them (league/infra/page_urls.py).
        claim = match_progress_of_match(scheduled.pk) if scheduled is not None else league_scope(self.league.pk)
        with page_scope(claim):
            match, by = ready_match(self.league, teams[home_id], teams[away_id], self.rng, scheduled)
        with page_scope(match_step_of_match(match.pk)):
            report_confirm(match=match, by=by)  # its sequence runs at the commit
        match.refresh_from_db()
        if match.status != Match.Status.PROCESSED:
            raise RuntimeError(f"match {match.pk} left {match.status}: {match.failure_reason}")
        self.processed += 1
