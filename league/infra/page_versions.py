"""The versions that key kept pages and menu badges (league/infra/page_cache.py), each bumped after
the committed writes that can change what it keys: as narrow as the write (docs/decisions/operations.md,
2026-12-07).

One table of counters, `league_siterevision` (league.models.SiteRevision), one row per version:

- SITE (row 1): every kept page and badge carries it. Bumped by a write that claims no narrower
  scope (an admin edit, a management command, a sweep): what it changes is unknown, so everything;
- ANY (row 2): the pages that are not one league's (the home page, a coach's lists, the notifications):
  bumped by every committed write, whatever its scope;
- LEAGUE + id: everything of one league: every page of it, its teams' and its matches' carry it. Bumped
  by the writes made in its scope (a form posted under its URL or a team's, a correction's replay);
- PLAY + id: what a result changes in a league beyond its two teams: the league's own pages (home,
  seasons, standings, leaders, records, ratings, its mail and webhooks) carry it, its teams' and
  matches' pages do not. Bumped by a match's steps (a form posted under the match's URL, its post-match
  task); not by the derived tables' build, which changes no page (league/competitions/derived/build.py),
  nor by the ratings' batch unless the league's tables rank by rating (RATE);
- TEAM + id: one team's pages (the team, its players) and its matches' pages. Bumped by its matches'
  steps and by whatever else writes to that team only (its value refreshed, its rating moved). So a
  result between two teams leaves every other team's, player's and match's page of the league kept;
- ASIDE + id: what the listeners of a league's events write beside its results, shown on its mail and
  webhooks pages only (notifications, deliveries): they leave its other pages kept;
- RATE + id: a league's ratings, shown on its ratings pages (and its teams' pages, by TEAM): the
  ratings' batch after a result bumps them, and its league's results (PLAY) only when a season of
  the league ranks tied teams by rating (league/ratings/writes.py);
- STEP + id: a league's matches' progress before their result counts (a pre-match recorded, a
  draft, a submission, a card played: a match's status on the season and fixtures pages). Every page of
  the league carries it but those that show results only (its home, standings, statistics and
  ratings); a form posted to a match's pre-match, result, submission, dice or card pages claims it
  with the match's two teams instead of PLAY (match_progress_of_match), and PLAY too where its draft
  moves the match's day. A commissioner's menu carries it for the leagues he runs (a result to review);
- USER + id: one user's own state (his notifications read or received).

A write that may reach beyond a match's two teams inside a match's step (a play-off bracket advanced, a
trophy moved to a third team) claims its league (LEAGUE) where it is made (league/apps.py).

A write claims its scope with `page_scope(...)` (the page cache's middleware claims the league, team or
match of the URL a form is posted to; matches/page_scopes.py the post-match tasks'). A scope may be a
version's id or an SQL query that finds them (`league_of_team`), run once at the commit: a team, match
or correction deleted by the very write finds nothing, and the write then bumps SITE. A write to a table
every league shows (a user's name) bumps SITE whatever it claims.

Every version lives in the database and is read there at the start of a request, never from a cache:
a write committed by one process changes the key in every process (gunicorn and Celery workers).
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import DatabaseError, connections, transaction

from league.infra.page_scopes import (
    ANY,
    ASIDE,
    LEAGUE,
    PLAY,
    RATE,
    SITE,
    STEP,
    TEAM,
    USER,
    Scope,
    aside_of_deliveries,
    aside_of_delivery,
    aside_scope,
    league_of_correction,
    league_of_match,
    league_of_player,
    league_of_slug,
    league_of_team,
    league_pages_of_slug,
    league_scope,
    match_pages_of_match,
    match_progress_of_match,
    match_step_of_improvement,
    match_step_of_match,
    notifications_scope,
    play_scope,
    rate_scope,
    team_pages_of_team,
    team_scope,
    team_step_of_team,
    user_scope,
)

__all__ = [
    "SITE",
    "ANY",
    "LEAGUE",
    "USER",
    "PLAY",
    "TEAM",
    "ASIDE",
    "RATE",
    "STEP",
    "Scope",
    "league_scope",
    "user_scope",
    "play_scope",
    "rate_scope",
    "match_progress_of_match",
    "team_scope",
    "aside_scope",
    "league_pages_of_slug",
    "team_pages_of_team",
    "match_pages_of_match",
    "match_step_of_match",
    "match_step_of_improvement",
    "team_step_of_team",
    "aside_of_delivery",
    "league_of_slug",
    "league_of_team",
    "league_of_match",
    "league_of_player",
    "league_of_correction",
    "aside_of_deliveries",
    "notifications_scope",
]

TABLE = "league_siterevision"

# Tables whose rows every league's pages show (a coach's name, his profile): a write to them bumps SITE.
GLOBAL_TABLES = ("auth_user", "league_profile")

_claimed: contextvars.ContextVar[frozenset[Scope] | None] = contextvars.ContextVar("page_scope", default=None)
# Writes of bookkeeping no page shows (when a match was queued): they bump nothing.
_unseen: contextvars.ContextVar[bool] = contextvars.ContextVar("page_unseen", default=False)


def enter_scope(*scopes: Scope) -> contextvars.Token:
    """What the writes from here on change (added to what an enclosing scope claims: more bumps, never fewer)."""
    return _claimed.set((_claimed.get() or frozenset()) | frozenset(scopes))


def leave_scope(token: contextvars.Token) -> None:
    try:
        _claimed.reset(token)
    except ValueError:  # left in another context than entered: claim nothing (the whole site), never too little
        _claimed.set(None)


@contextmanager
def page_scope(*scopes: Scope) -> Iterator[None]:
    token = enter_scope(*scopes)
    try:
        yield
    finally:
        leave_scope(token)


@contextmanager
def unseen_writes() -> Iterator[None]:
    """The writes from here on change no page (a column no page or badge reads): they bump nothing."""
    token = _unseen.set(True)
    try:
        yield
    finally:
        _unseen.reset(token)


@contextmanager
def own_scope(*scopes: Scope) -> Iterator[None]:
    """What the writes from here on change, whatever an enclosing scope claims: for work that knows
    exactly what it writes and runs inside another's claim only when tasks run in-process (an
    outbox batch run at the commit of the post-match task that recorded it). None: the whole site."""
    token = _claimed.set(frozenset(scopes) if scopes else None)
    try:
        yield
    finally:
        leave_scope(token)


# --- The writes' side: the scopes written are gathered per connection, bumped once at the commit ---


def note_write(alias: str, table: str) -> None:
    """A statement that changes pages ran on `alias`: its scope is bumped once the transaction commits
    (at once outside a transaction). Called by the page cache's execute wrapper."""
    if _unseen.get():
        return
    connection = connections[alias]
    claimed = _claimed.get()
    pending: set[Scope] = connection.__dict__.setdefault("_page_pending", set())
    if claimed is None or table.startswith(GLOBAL_TABLES):
        pending.add(SITE)
    else:
        pending.update(claimed)
    bump = _bumper(alias)
    if not any(entry[1] is bump for entry in connection.run_on_commit):
        try:
            transaction.on_commit(bump, using=alias, robust=True)
        except transaction.TransactionManagementError:  # autocommit turned off by hand: no commit hook
            bump()


@contextmanager
def bumped_in_transaction(alias: str = "default") -> Iterator[None]:
    """Around the writes of a transaction that commits once (the post-match run): the versions they
    claim bumped by its last statement instead of an upsert committed after it, so the run commits
    once. Readers see the writes and the new versions at the same commit; the versions' rows are
    locked from that statement to the commit only, as an upsert of their own locks them. A block
    that raises bumps nothing (its transaction rolls back)."""
    yield
    connection = connections[alias]
    pending = connection.__dict__.pop("_page_pending", None)
    if not pending:
        return
    bump = _bumper(alias)
    connection.run_on_commit = [entry for entry in connection.run_on_commit if entry[1] is not bump]
    ordered = sorted(_resolve(alias, pending))
    values = ", ".join(["(%s, 1)"] * len(ordered))
    with connection.cursor() as cursor:  # no savepoint: a failure here fails the transaction, retried whole
        cursor.execute(_UPSERT.format(values=values), ordered)


_bumpers: dict[str, Callable[[], None]] = {}


def _bumper(alias: str) -> Callable[[], None]:
    """One function per database alias, so that a transaction queues it once however many rows
    it writes (on_commit keeps a list; note_write looks for this very function in it)."""
    if alias not in _bumpers:

        def bump() -> None:
            pending = connections[alias].__dict__.pop("_page_pending", set())
            bump_versions(_resolve(alias, pending or {SITE}), alias)

        _bumpers[alias] = bump
    return _bumpers[alias]


def _resolve(alias: str, scopes: Iterable[Scope]) -> set[int]:
    ids: set[int] = set()
    for scope in scopes:
        if isinstance(scope, int):
            ids.add(scope)
        elif callable(scope):
            ids |= _resolve(alias, scope())
        else:
            with connections[alias].cursor() as cursor:
                cursor.execute(*scope)
                found = {int(row[0]) for row in cursor.fetchall()}
            ids |= found or {SITE}  # its row is gone with the write: what it changed is unknown
    if SITE in ids:
        return {SITE}  # every key carries it
    return ids | {ANY}


_UPSERT = (
    f"INSERT INTO {TABLE} (id, number) VALUES {{values}}"  # noqa: S608
    f" ON CONFLICT (id) DO UPDATE SET number = {TABLE}.number + 1"
)


def bump_versions(ids: Iterable[int], alias: str = "default") -> None:
    """One statement, the rows in the order of their ids (two commits bumping the same rows never
    wait on each other in a cycle)."""
    ordered = sorted(set(ids))
    if not ordered:
        return
    sql = _UPSERT.format(values=", ".join(["(%s, 1)"] * len(ordered)))
    connection = connections[alias]
    try:
        if connection.in_atomic_block:  # a failure must not break the enclosing transaction
            with transaction.atomic(using=alias), connection.cursor() as cursor:
                cursor.execute(sql, ordered)
        else:  # after the commit, as on_commit runs it: one statement, no BEGIN
            with connection.cursor() as cursor:
                cursor.execute(sql, ordered)
    except DatabaseError:
        # The table does not exist yet: the writes of the migrations that come before it. Nothing
        # is served from the page cache before then (the reads fail the same way).
        with connections[alias].cursor() as cursor:
            if TABLE in connections[alias].introspection.table_names(cursor):
                raise


def bump_site_revision(alias: str = "default") -> None:
    bump_versions([SITE], alias)


def versions(ids: Iterable[int], alias: str = "default") -> dict[int, int]:
    wanted = sorted(set(ids))
    with connections[alias].cursor() as cursor:
        cursor.execute(
            f"SELECT id, number FROM {TABLE} WHERE id IN ({', '.join(['%s'] * len(wanted))})",  # noqa: S608
            wanted,
        )
        return {int(pk): int(number) for pk, number in cursor.fetchall()}


def site_revision(alias: str = "default") -> int:
    return versions([SITE], alias).get(SITE, 0)


# --- The reads' side: one query gives a page's versions and its user's ---

# What can change a user's menu badges (matches.selectors.common.actions_waiting reads nothing else):
# everything of the leagues he coaches a team in, is a member of or runs; his teams (their matches'
# steps, their players' improvements); the results of the leagues he runs (a result submitted to him,
# a line held for him). Another team's result in his league leaves his badges kept. A version never
# bumped reads 0: the key still names his leagues (page_shared.standing reads them there).
_USER_LEAGUES = (
    f"SELECT 'u', s.id, COALESCE(v.number, 0) FROM ("  # noqa: S608
    f"SELECT {LEAGUE} + league_id AS id FROM league_membership WHERE user_id = %s"
    f" UNION SELECT {LEAGUE} + id FROM league_league WHERE commissioner_id = %s"
    f" UNION SELECT {PLAY} + id FROM league_league WHERE commissioner_id = %s"
    f" UNION SELECT {PLAY} + league_id FROM league_membership WHERE user_id = %s AND role = 'commissioner'"
    f" UNION SELECT {STEP} + id FROM league_league WHERE commissioner_id = %s"
    f" UNION SELECT {STEP} + league_id FROM league_membership WHERE user_id = %s AND role = 'commissioner'"
    f" UNION SELECT {LEAGUE} + league_id FROM teams_team WHERE coach_id = %s"
    f" UNION SELECT {TEAM} + id FROM teams_team WHERE coach_id = %s) s LEFT JOIN {TABLE} v ON v.id = s.id"
)
_USER_PARAMS = 8


def read_versions(
    page: Scope | None, user_id: int | None, session: tuple[str, list[Any]] | None = None, alias: str = "default"
) -> tuple[str, str]:
    """The page's key part and the user's (his badges'), in one query. `page` is the page's league
    (a query, as `league_of_team`) or None for a page that is no one league's (keyed by ANY);
    `session` an SQL condition and its parameter that say whether the browser's session still lives
    (a page kept for a session is never served once it is logged out or expired)."""
    ids = [SITE] + ([user_scope(user_id)] if user_id else []) + ([] if page is not None else [ANY])
    parts = [f"SELECT 'u', id, number FROM {TABLE} WHERE id IN ({', '.join(['%s'] * len(ids))})"]  # noqa: S608
    params: list[Any] = list(ids)
    # The page's versions, 0 for one never bumped yet: its key names its league all the same
    # (page_shared.standing reads it there). Each scope's query names its column `id`.
    if isinstance(page, int):
        page = ("SELECT %s AS id", (page,))
    if isinstance(page, tuple):
        parts.append(
            f"SELECT 'p', s.id, COALESCE(v.number, 0) FROM ({page[0]}) s"  # noqa: S608
            f" LEFT JOIN {TABLE} v ON v.id = s.id"
        )
        params += page[1]
    if user_id:
        parts.append(_USER_LEAGUES)
        params += [user_id] * _USER_PARAMS
    if session is not None:
        parts.append(f"SELECT 'p', -1, COUNT(*) FROM django_session WHERE {session[0]}")
        params += session[1]
    with connections[alias].cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts), params)
        rows = sorted((str(tag), int(pk), int(number)) for tag, pk, number in cursor.fetchall())
    user = ",".join(f"{pk}:{number}" for tag, pk, number in rows if tag == "u")
    page_part = ",".join(f"{pk}:{number}" for tag, pk, number in rows if tag == "p")
    return f"{user}|{page_part}", user
