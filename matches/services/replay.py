"""Replaying a league's history from a match on, in play order: a late result taking its place, a
correction, a void (docs/design-history.md).

A replay is one transaction under the lock of every team it reads (in primary-key order, as the
post-match runs take theirs: no deadlock; a new result of a team being replayed waits for it, the
other teams' matches are not held up). It starts with the teams of the changed match marked
"dirty" from that match on:

1. **Undo**, newest first: every processed match of a dirty team from that point has what its run
   did to that team reversed (matches.services.undo; gold by new ledger entries).
2. The change itself is written (a correction's inputs, a void).
3. **Redo**, oldest first: each of those matches runs its post-match sequence again on the state
   the matches before it left, from its stored dice and decisions, under a new generation (its
   ledger keys are scoped by it). A die for a step that no longer happens and a choice the state no
   longer allows are set aside, and the choice is asked again, as in any run
   (postgame._store_plan). The opponent of a dirty team in such a match is not replayed: it is read
   as it stood then (the match's stored post-match input), and its effects are planned again and
   compared with the ones it kept; if they differ, that team is dirty from that match too and the
   replay starts again with it (a cascade: rare, since a team's effects depend on its own state).

A replay either completes whole or changes nothing: a match the rules now refuse stops it with
ReplayRefused, naming the match and the reason. A match whose lines the change made impossible is
held instead, and its teams' later matches wait: the rest commits (matches.services.held).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from league.core import outbox
from league.infra.bulk import insert_rows
from league.infra.page_versions import league_scope, page_scope
from league.rules.postmatch import MatchReport
from matches.hooks import history_changed, match_processed
from matches.models import Match, MatchEffect, MatchStep
from matches.services.appliers import SequenceContext
from matches.services.claim import TEAM_FIELDS
from matches.services.common import match_ruleset
from matches.services.held import LinesHeld, check_lines, wait_behind
from matches.services.history_diff import watch_teams
from matches.services.lineup import who_could_play
from matches.services.numbers import numbers_read, numbers_tracked, numbers_worn, settle_numbers
from matches.services.postgame import MATCH_FIELDS, failure_text, process_locked
from matches.services.postgame_queue import queue_next
from matches.services.refusals import in_language, refusal_words
from matches.services.replay_reads import reads_kept, result_facts
from matches.services.snapshot import build_report, ref_player_id, report_from_json
from matches.services.undo import finish_undo, undo_side
from teams.models import Team, TreasuryEntry

log = logging.getLogger(__name__)

Key = tuple[str, int]  # a match's place in play order: (sequence, id)
# The matches a replay takes: processed ones, and the ones a run holds or failed. Not the confirmed
# ones waiting: run here with both sides, a waiting match would read an opponent the replay does
# not undo (already past it in play order) or one whose earlier matches are still waiting. They
# are queued once the replay commits (queue_waiting) and run in their turn, replaying if late.
# A held match is taken again: the change may have made its lines possible (matches.services.held).
IN_HISTORY = (Match.Status.PROCESSED, Match.Status.PROCESSING, Match.Status.FAILED, Match.Status.HELD)
SIDES = ("home", "away")
# What a match run again has written on it (replay._redo), for all of them in one UPDATE.
FINISHED_FIELDS = ("status", "processed_at", "lease_until", "failure_reason", "postgame_input", "generation")


class ReplayRefused(Exception):
    """A match of the replay that the rules now refuse: nothing was changed. `reasons`: the reason
    in each site language (matches.services.refusals.refusal_words), for whoever reads it later."""

    def __init__(self, match_id: int, reason: str, reasons: dict[str, str] | None = None):
        super().__init__(f"match {match_id}: {reason}")
        self.match_id, self.reason, self.reasons = match_id, reason, reasons or {}


class _Cascade(Exception):
    def __init__(self, team_id: int, key: Key):
        self.team_id, self.key = team_id, key


@dataclass
class Replayed:
    """What a replay did: the matches it ran again, in play order, and the teams it changed."""

    matches: list[int] = field(default_factory=list)
    teams: set[int] = field(default_factory=set)
    undone: dict[int, list[MatchEffect]] = field(default_factory=dict)
    same_result: bool = False  # the changed match run again with its result as it was


def key_of(match: Match) -> Key:
    return (match.sequence, match.pk)


def replay_from(start: Match, change: Callable[[Match], None] | None = None, since: Key | None = None) -> Replayed:
    """Replay the history of `start`'s teams from it on, with `change` written to it between the undo
    and the redo (`since`: an earlier place the change moves it to). The caller holds the
    transaction; a cascade starts again from a savepoint."""
    # It runs again other teams' matches: its writes claim the whole league's pages
    # (league/infra/page_versions.py), whatever the match's own step claimed.
    with page_scope(league_scope(start.league_id)):
        return _replay_from(start, change, since)


def _replay_from(start: Match, change: Callable[[Match], None] | None, since: Key | None) -> Replayed:
    first = min(key_of(start), since) if since else key_of(start)
    dirty: dict[int, Key] = {start.home_id: first, start.away_id: first}
    while True:
        # atomic, not a bare savepoint: rolling a cascade's first attempt back must also drop the
        # events it published (on_commit callbacks are pruned only for an atomic block's savepoint).
        try:
            # numbers_tracked: the shirt numbers it gives back (numbers); collecting: the listeners'
            # rows of every match it runs again written in one INSERT (league/core/outbox.py).
            with transaction.atomic(), numbers_tracked(), outbox.collecting():
                done = _replay_once(start.pk, dirty, change)
        except _Cascade as cascade:
            log.info("replay of match %s reaches team %s too", start.pk, cascade.team_id)
            dirty[cascade.team_id] = min(dirty.get(cascade.team_id, cascade.key), cascade.key)
            continue
        # A void is not run again: told here (the others were told as they ran again).
        history_changed.send(
            sender=Match, match_id=start.pk, league_id=start.league_id, result_changed=not done.same_result
        )
        return done


def _history(start_id: int, dirty: dict[int, Key]) -> list[Match]:
    since = min(seq for seq, _pk in dirty.values())
    found = (
        Match.objects.filter(Q(home_id__in=list(dirty)) | Q(away_id__in=list(dirty)))
        .filter(Q(status__in=IN_HISTORY, sequence__gte=since) | Q(pk=start_id))
        .exclude(history=True)  # imported past matches: their effects came with the import, never replayed
        .select_related("league")
        .only(
            *MATCH_FIELDS,
            "sequence",
            "generation",
            "postgame_input",
            "processed_at",
            "settings_snapshot",  # the ruleset each undo and redo reads (matches.services.common.match_ruleset)
            "league__ruleset",
        )
        .order_by("sequence", "pk")
    )
    return [m for m in found if m.pk == start_id or _dirty_sides(m, dirty, start_id)]


def _dirty_sides(match: Match, dirty: dict[int, Key], start_id: int) -> tuple[str, ...]:
    if match.pk == start_id or match.status != Match.Status.PROCESSED:
        return SIDES  # never applied (a late match, or one held or failed), or the changed match: both run
    key = key_of(match)
    teams = (match.home_id, match.away_id)
    return tuple(side for side, team_id in zip(SIDES, teams, strict=True) if team_id in dirty and dirty[team_id] <= key)


def _first_run_reach(history: list[Match], dirty: dict[int, Key], start_id: int) -> tuple[int, Key] | None:
    """A match the replay runs for the first time (a late or waiting one it takes along) runs both
    sides: a team of it that is not replayed from it on would have it applied on top of the matches
    that team played after it. The first such team, and the match it is replayed from."""
    for match in history:
        if match.pk == start_id or match.status == Match.Status.PROCESSED:
            continue
        for team_id in (match.home_id, match.away_id):
            if team_id not in dirty or dirty[team_id] > key_of(match):
                return team_id, key_of(match)
    return None


def _lock(team_ids: Iterable[int]) -> dict[int, Team]:
    return {
        t.pk: t for t in Team.objects.select_for_update().filter(pk__in=set(team_ids)).only(*TEAM_FIELDS).order_by("pk")
    }


def _replay_once(start_id: int, dirty: dict[int, Key], change: Callable[[Match], None] | None) -> Replayed:
    history = _history(start_id, dirty)
    teams = _lock(t for m in history for t in (m.home_id, m.away_id))
    history = _history(start_id, dirty)  # again under the lock: a run that held it has finished
    more = {t for m in history for t in (m.home_id, m.away_id)} - set(teams)
    teams.update(_lock(more))
    reach = _first_run_reach(history, dirty, start_id)
    if reach is not None:
        raise _Cascade(*reach)
    plan = [(m, _dirty_sides(m, dirty, start_id), m.status) for m in history]
    done = Replayed(teams={t for m, sides, _ in plan for t in (m.home_id, m.away_id) if m.side_of(t) in sides})
    watch_teams(done.teams)  # the only teams it changes, as they stand before (a preview's diff)
    numbers_read(teams)  # the shirt numbers every team of it gave back, in one read
    stored = _effects_of(m.pk for m, _sides, _status in plan)
    undos = [
        (m, sides)
        for m, sides, status in reversed(plan)  # 1. undo, newest first
        if status in (Match.Status.PROCESSED, Match.Status.VOID) and m.processed_at is not None
    ]
    # Each team's matches undone, newest first: at its last (its oldest match), the rows their runs
    # added are taken back and its value computed, once (in between nothing reads them).
    undone: dict[int, list[int]] = {}
    for m, sides in undos:
        for side in sides:
            undone.setdefault(_team_on(m, side), []).append(m.pk)
    ledger: list[dict[str, Any]] = []  # the undos' entries, in one insert
    for match, sides in undos:
        _undo(match, sides, teams, done, stored, undone, ledger)
    insert_rows(TreasuryEntry, ledger)
    MatchStep.objects.filter(match_id__in=[m.pk for m, _sides in undos]).delete()
    start = next(m for m, _sides, _status in plan if m.pk == start_id)
    # The matches run again with what the standings and ratings read of them as it was: every
    # match processed before but the changed one, and that one when its change left it so.
    same = {m.pk for m, _sides, status in plan if status == Match.Status.PROCESSED and m.pk != start_id}
    before = result_facts(start_id)
    if change is not None:  # 2. the change (a new day played moves the match in play order)
        change(start)
        start.refresh_from_db(
            fields=["status", "sequence", *(f for f in MATCH_FIELDS if "__" not in f and not f.endswith("_id"))]
        )
        plan.sort(key=lambda entry: key_of(entry[0]))
    if any(m.pk == start_id and status == Match.Status.PROCESSED for m, _s, status in plan):
        if result_facts(start_id) == before:
            same.add(start_id)
    blocked: set[int] = set()  # teams whose later matches wait behind a held one
    finished: list[Match] = []  # marked processed together once all are redone
    with reads_kept([m for m, _sides, _status in plan]):  # their fixed facts, read once
        for match, sides, _status in plan:  # 3. redo, oldest first
            if match.pk == start_id and start.status == Match.Status.VOID:
                continue
            try:
                if blocked & {match.home_id, match.away_id}:
                    raise LinesHeld()
                _redo(match, sides, teams, stored, finished, same=match.pk in same)
                settle_numbers()  # a player given another number takes his own once it is free again
            except LinesHeld as held:  # the replay commits without it, and its teams' later matches
                team_id = wait_behind(match, sides, held, blocked)
                if team_id is not None:
                    raise _Cascade(team_id, key_of(match)) from None
                continue
            done.matches.append(match.pk)
            done.same_result = done.same_result or (match.pk == start_id and match.pk in same)
    Match.objects.bulk_update(finished, FINISHED_FIELDS)  # nothing in the redo reads their status
    return done


def _team_on(match: Match, side: str) -> int:
    return match.home_id if side == "home" else match.away_id


def _effects_of(match_ids: Iterable[int]) -> dict[tuple[int, int], list[MatchEffect]]:
    """The stored effects of the replay's matches, by (match, team), in one read: what each undo
    reverses and what a team not replayed is compared on."""
    found: dict[tuple[int, int], list[MatchEffect]] = {}
    for row in MatchEffect.objects.filter(match_id__in=list(match_ids)).order_by("pk"):
        found.setdefault((row.match_id, row.team_id), []).append(row)
    return found


def _by_side(match: Match, teams: dict[int, Team]) -> dict[str, Team]:
    match.home, match.away = teams[match.home_id], teams[match.away_id]
    return {"home": match.home, "away": match.away}


def _undo(
    match: Match,
    sides: tuple[str, ...],
    teams: dict[int, Team],
    done: Replayed,
    stored: dict[tuple[int, int], list[MatchEffect]],
    undone: dict[int, list[int]],
    ledger: list[dict[str, Any]],
) -> None:
    ctx = SequenceContext(match, match_ruleset(match), _by_side(match, teams), {}, match.generation)
    for side in sides:
        team_id = ctx.teams[side].pk
        rows = stored.get((match.pk, team_id), [])
        done.undone.setdefault(match.pk, []).extend(undo_side(ctx, side, rows, finish=False, ledger=ledger))
        if undone[team_id][-1] == match.pk:
            finish_undo(ctx, side, undone[team_id])


def _redo(
    match: Match,
    sides: tuple[str, ...],
    teams: dict[int, Team],
    stored: dict[tuple[int, int], list[MatchEffect]],
    finished: list[Match],
    *,
    same: bool = False,
) -> None:
    by_side = _by_side(match, teams)
    ruleset = match_ruleset(match)
    unable = who_could_play(match, sides)
    check_lines(match, sides, unable)  # a player the change made unable: held for the commissioner
    report = build_report(match, worn=numbers_worn(match))  # MVP candidates in the numbers worn then
    clean = tuple(side for side in SIDES if side not in sides)
    kept: dict[str, list[tuple[Any, ...]]] = {}
    if clean and not match.postgame_input:  # how that team stood is not known: replay it too
        raise _Cascade(by_side[clean[0]].pk, key_of(match))
    if clean:
        stood = report_from_json(match.postgame_input or {})
        report = _mixed(report, stood, clean)
        kept = {side: _comparable_rows(stored.get((match.pk, by_side[side].pk), [])) for side in clean}
    generation = match.generation + 1 if match.processed_at is not None else match.generation
    match.status = Match.Status.PROCESSING  # what a run reads (it takes over from nobody here)
    try:
        plan = process_locked(match, by_side, ruleset, report=report, sides=sides, generation=generation)
    except Exception as exc:
        if isinstance(exc, LinesHeld):  # dice asked of a coach (matches.services.dice_wait): it waits
            raise
        # A refusal of the rules, worded as the submission words it, in every site language (a
        # correction's preview and failure show it in the reader's); anything else as it came.
        reasons = getattr(exc, "words", None) or refusal_words(match, report, exc)
        raise ReplayRefused(
            match.pk, getattr(exc, "worded", "") or in_language(reasons, failure_text(exc)), reasons
        ) from exc
    for side in clean:
        if _comparable_effects(plan.effects, side) != kept[side]:
            raise _Cascade(by_side[side].pk, key_of(match))
    match.status, match.processed_at, match.lease_until = Match.Status.PROCESSED, timezone.now(), None
    match.failure_reason, match.generation = "", generation
    if match.stage:  # a play-off match: its winner advances (the play-offs receive it, reading it processed)
        Match.objects.bulk_update([match], FINISHED_FIELDS)
        match_processed.send(sender=Match, match_id=match.pk)
    else:
        finished.append(match)
    history_changed.send(sender=Match, match_id=match.pk, league_id=match.league_id, result_changed=not same)


def _mixed(report: MatchReport, stood: MatchReport, clean: tuple[str, ...]) -> MatchReport:
    """The match as the replay reads it: the teams it replays as they now stand, the others as they
    stood when the match was first processed (their history up to it is unchanged)."""
    return replace(report, **{side: stood.side(side) for side in clean})  # type: ignore[arg-type]


# What a team's effects are compared on: what the run changed, not the coach's later choices (an
# improvement chosen since, the team value it raised), which the replay does not touch.
def _comparable_rows(rows: list[MatchEffect]) -> list[tuple[Any, ...]]:
    return sorted(
        (
            r.key,
            r.kind,
            r.player_id,
            r.amount,
            (r.data or {}).get("spp", 0),
            (r.data or {}).get("delta", 0),
            tuple((r.data or {}).get("dice", ())),
            (r.data or {}).get("casualty"),
            (r.data or {}).get("stat"),
        )
        for r in rows
        if r.kind != "team_value"
    )


def _comparable_effects(effects: Iterable[Any], side: str) -> list[tuple[Any, ...]]:
    return sorted(
        (
            e.key,
            e.kind,
            ref_player_id(e.player_ref) if e.player_ref else None,
            e.amount,
            e.spp,
            e.delta,
            tuple(e.dice),
            e.casualty,
            e.stat,
        )
        for e in effects
        if e.side == side and e.kind != "team_value"
    )


def queue_waiting(team_ids: Iterable[int]) -> None:
    """After a replay: queue each team's first match still waiting (a confirmed match behind it)."""
    for team_id in team_ids:
        first = (
            Match.objects.filter(Q(home_id=team_id) | Q(away_id=team_id), status=Match.Status.CONFIRMED)
            .order_by("sequence", "pk")
            .first()
        )
        if first is not None:
            queue_next(first)
