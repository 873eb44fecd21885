"""Correcting or voiding a processed match: a draft with the new inputs, a preview of what would
move, then the replay (matches.services.replay) as Celery work, audited.

The draft holds the new inputs (the result sheet's values, every post-match die, the report's
decisions) and the inputs they replace; nothing on the match changes until it is applied. The
preview runs the same replay in a transaction that is rolled back and records what it moved
(matches.services.history_diff). Applying runs it for real and keeps what moved on the correction,
which the match page, the teams' pages and the coaches' to-do show. A restore is a new correction
whose inputs are the ones an applied correction replaced.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any, TypeVar

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.permissions import is_commissioner
from league.rules.postmatch.scoring import winning_side
from matches.hooks import redraw_brackets
from matches.models import Match, MatchCorrection
from matches.services.apothecary import stored_apothecary_problems
from matches.services.common import MatchError, side_of_user
from matches.services.correction_brackets import bracket_answer, brackets_played
from matches.services.correction_inputs import inputs_of as inputs_of  # where the pages and the API read them
from matches.services.correction_inputs import report_of as report_of
from matches.services.correction_inputs import write_inputs
from matches.services.events import publish_match
from matches.services.faults import is_transient, requeue_failed_corrections, retry_correction
from matches.services.history_diff import moved_by
from matches.services.replay import ReplayRefused, queue_waiting, replay_from
from matches.services.report import (
    playoff_problems,
    report_problems,
)
from matches.services.scoring import score_problems
from matches.services.sequence import match_sequence

log = logging.getLogger(__name__)
T = TypeVar("T")
APPLY_CORRECTION = "matches.apply_correction"
CORRECTABLE = (Match.Status.PROCESSED, Match.Status.VOID)


class _RolledBack(Exception):
    def __init__(self, value: Any):
        self.value = value


def rolled_back(work: Callable[[], T]) -> T:
    """What `work` returns, run in a transaction rolled back (a preview, a rehearsal): nothing it
    wrote stays."""
    try:
        with transaction.atomic():
            raise _RolledBack(work())
    except _RolledBack as done:
        found: T = done.value
        return found


def _moved_to(correction: MatchCorrection) -> tuple[str, int] | None:
    """The match's new place in play order when the correction moves its day played earlier: the
    replay starts there (the matches of its teams from that day on are replayed too)."""
    match, played_on = correction.match, (correction.inputs or {}).get("played_on")
    if correction.kind != MatchCorrection.Kind.EDIT or match.confirmed_at is None:
        return None
    day = date.fromisoformat(played_on) if played_on else None
    if day == match.played_on:
        return None
    moved = Match(pk=match.pk, played_on=day, round_id=match.round_id, confirmed_at=match.confirmed_at)
    return (match_sequence(moved), match.pk)


def _sheet_problems(match: Match, inputs: dict[str, Any]) -> list[str]:
    """What submitting this sheet would refuse (touchdowns that do not account for the score, an
    apothecary the team did not have, a play-off draw), read from the inputs written in a savepoint
    rolled back: the checks read saved rows, as for a submission."""

    def rehearse() -> list[str]:
        write_inputs(match, inputs, None)
        written = Match.objects.select_related("league", "home", "away").get(pk=match.pk)
        return playoff_problems(written) + score_problems(written) + stored_apothecary_problems(written)

    return rolled_back(rehearse)


def _winner(inputs: dict[str, Any]) -> str | None:
    r = inputs.get("result", {})
    return winning_side(
        r.get("home_score") or 0,
        r.get("away_score") or 0,
        r.get("conceded_by") or None,
        r.get("shootout_winner") or None,
    )


def _void(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(status=Match.Status.VOID)


# --- Draft, preview, confirm ---


def may_propose(by: User, match: Match) -> bool:
    """The commissioner, or a coach of the match where the league lets both coaches correct together."""
    if is_commissioner(by, match.league):
        return True
    return bool(match.league.coaches_correct and side_of_user(match, by))


def check_corrector(by: User, match: Match) -> None:
    if not may_propose(by, match):
        raise PermissionDenied(_("Only the commissioner can correct or void a processed match."))


def check_confirmer(by: User, correction: MatchCorrection) -> None:
    """The commissioner confirms any correction; where the league lets coaches correct together, a
    coach's proposal is confirmed by the other coach of the match, never by its author."""
    match = correction.match
    if is_commissioner(by, match.league):
        return
    check_corrector(by, match)
    proposer = side_of_user(match, correction.created_by)
    if proposer is None or side_of_user(match, by) in (None, proposer):
        raise PermissionDenied(_("The other coach of the match must accept this correction."))


def correction_draft(
    *, match: Match, by: User, reason: str, inputs: dict[str, Any] | None = None, void: bool = False
) -> MatchCorrection:
    """A draft correction (new inputs) or void, checked; the match is not touched."""
    check_corrector(by, match)
    if match.status not in CORRECTABLE:
        raise MatchError([_("Only a processed match can be corrected.")])
    if match.history:
        raise MatchError([_("A match imported from another league manager cannot be corrected here.")])
    if not reason.strip():
        raise MatchError([_("Say why the match is corrected: the coaches will read it.")])
    if match.status == Match.Status.VOID and void:
        raise MatchError([_("This match is already void.")])
    before = inputs_of(match)
    if not void:
        inputs = inputs or before
        problems = report_problems(match, report_of(inputs)) or _sheet_problems(match, inputs)
        if problems:
            raise MatchError(problems)
    if match.stage and (void or _winner(inputs or {}) != _winner(before)):
        # The bracket moved on from its winner: a later round was drawn, maybe played, with him.
        raise MatchError([_("A correction cannot change who won a play-off match, nor void one.")])
    kind = MatchCorrection.Kind.VOID if void else MatchCorrection.Kind.EDIT
    # One draft per author and match: a new one ("Edit it again") replaces the one before.
    MatchCorrection.objects.filter(match=match, created_by=by, status=MatchCorrection.Status.DRAFT).update(
        status=MatchCorrection.Status.DISCARDED
    )
    correction = MatchCorrection.objects.create(
        match=match, kind=kind, reason=reason.strip(), inputs=inputs or {}, before=before, created_by=by
    )
    log_action(action="matches.correction.drafted", actor=by, league=match.league, match=match.pk, kind=kind)
    return correction


def _change(correction: MatchCorrection, by: User | None):  # type: ignore[no-untyped-def]
    if correction.kind == MatchCorrection.Kind.VOID:
        return _void
    return lambda match: write_inputs(match, correction.inputs, by)


def correction_preview(correction: MatchCorrection) -> dict[str, Any]:
    """What applying the correction would move, computed by its replay rolled back, and kept on it."""
    match = correction.match

    def replay() -> dict[str, Any]:
        with moved_by(match) as moved:
            replay_from(match, _change(correction, correction.created_by), since=_moved_to(correction))
        return moved.result()

    try:
        found = rolled_back(replay)
        found["brackets_played"] = brackets_played(found)
    except ReplayRefused as refused:
        found = {"refused": {"match": refused.match_id, "reason": refused.reason, "reasons": refused.reasons}}
    MatchCorrection.objects.filter(pk=correction.pk).update(preview=found)
    correction.preview = found
    return found


def correction_confirm(
    *, correction: MatchCorrection, by: User, acknowledged: bool = False, redraw: bool = False
) -> MatchCorrection:
    """Queue the replay (a Celery task); it runs at once where tasks run in-process. A correction
    that would seed otherwise a bracket with a match under way needs `acknowledged` (it stands as
    drawn); one that would seed otherwise a bracket with none may `redraw` it (matches.services.correction_brackets)."""
    check_confirmer(by, correction)
    if correction.preview is None:
        correction_preview(correction)
    preview = correction.preview or {}
    if "refused" in preview:
        # Its replay would stop at a match the rules refuse: applying it could only fail.
        raise MatchError([_("The rules refuse this correction (see its preview): edit it again or discard it.")])
    commissioner = is_commissioner(by, correction.match.league)
    preview = {**preview, **bracket_answer(preview, keep=acknowledged, redraw=redraw, commissioner=commissioner)}
    with transaction.atomic():
        updated = MatchCorrection.objects.filter(pk=correction.pk, status=MatchCorrection.Status.DRAFT).update(
            status=MatchCorrection.Status.QUEUED, confirmed_by=by, queued_at=timezone.now(), preview=preview
        )
        if not updated:
            raise MatchError([_("This correction has already been confirmed or discarded.")])
        log_action(
            action="matches.correction.confirmed",
            actor=by,
            league=correction.match.league,
            match=correction.match_id,
            redraw_brackets=preview["redraw_brackets"],
            kept_brackets=preview["kept_brackets"],
        )
        transaction.on_commit(lambda: _queue(correction.pk))
    correction.refresh_from_db()
    return correction


def _queue(correction_id: int) -> None:
    try:
        current_app.tasks[APPLY_CORRECTION].delay(correction_id)
    except Exception:  # the broker is down: the correction stays queued and the sweep sends it
        log.warning("could not queue correction %s; the sweep will", correction_id, exc_info=True)


def correction_discard(*, correction: MatchCorrection, by: User) -> None:
    check_corrector(by, correction.match)
    MatchCorrection.objects.filter(pk=correction.pk, status=MatchCorrection.Status.DRAFT).update(
        status=MatchCorrection.Status.DISCARDED
    )


def correction_apply(correction_id: int) -> bool:
    """The task's body: the replay for real, what it moved kept and audited; a refusal leaves the
    history as it was and the correction failed, with the reason."""
    try:
        with transaction.atomic():
            # Locked: a second delivery (the sweep's) waits, then finds it applied.
            correction = (
                MatchCorrection.objects.select_for_update(of=("self",))
                .select_related("match__league", "created_by")
                .get(pk=correction_id)
            )
            if correction.status != MatchCorrection.Status.QUEUED:
                return False
            match = correction.match
            with moved_by(match) as moved:
                done = replay_from(match, _change(correction, correction.created_by), since=_moved_to(correction))
            result = {**moved.result(), "matches": done.matches}
            # The commissioner's "Redraw the bracket" (matches.services.correction_brackets), from the
            # corrected table, in this transaction: a redraw refused fails the correction as a replay's refusal.
            result["bracket_redrawn"] = redraw_brackets(
                (correction.preview or {}).get("redraw_brackets", []),
                by=correction.confirmed_by,
                match_id=match.pk,
                correction=correction.pk,
            )
            MatchCorrection.objects.filter(pk=correction.pk).update(
                status=MatchCorrection.Status.APPLIED, moved=result, applied_at=timezone.now(), failure_reason=""
            )
            log_action(
                action="matches.correction.applied",
                actor=correction.created_by,
                league=match.league,
                match=match.pk,
                kind=correction.kind,
                reason=correction.reason[:500],
                matches=done.matches,
            )
            publish_match(
                "match.corrected",
                match.pk,
                actor=correction.confirmed_by_id,  # who made it happen (a proposal's author is told)
                words={"reason": correction.reason, "kind": correction.kind},
                more={"correction": correction.pk, "matches": done.matches},
            )
        queue_waiting(done.teams)  # committed: the matches waiting behind the replayed ones
        return True
    except Exception as exc:
        if is_transient(exc):  # the database or the broker, not the history: still queued, retried
            retry_correction(correction_id, exc)
            raise
        if not isinstance(exc, ReplayRefused):  # a fault of the code: a retry would meet it again
            log.exception("correction %s could not be applied", correction_id)
            MatchCorrection.objects.filter(pk=correction_id).update(
                status=MatchCorrection.Status.FAILED, failure_reason=str(exc)[:2000] or type(exc).__name__
            )
            return False
        refused = exc
        # The reason in every site language kept too (moved holds nothing else for a failed one):
        # its pages show it in the reader's (matches.views.correction_words.failure_words).
        refusal = {"match": refused.match_id, "reason": refused.reason, "reasons": refused.reasons}
        MatchCorrection.objects.filter(pk=correction_id).update(
            status=MatchCorrection.Status.FAILED,
            failure_reason=f"#{refused.match_id}: {refused.reason}"[:2000],
            moved={"refused": refusal},
        )
        return False


def corrections_sweep(*, older_than: timedelta | None = None) -> list[int]:
    """Queue again the confirmed corrections no worker applied (the broker or the database was
    down, a worker died), queued longer ago than a lease, and those an older version failed for a
    transient fault (matches.services.faults): applying is one transaction, so a second delivery
    finds it applied and does nothing. One a live worker is applying (its row locked) is skipped."""
    older_than = timedelta(seconds=settings.POSTGAME_LEASE_SECONDS) if older_than is None else older_than
    requeue_failed_corrections()
    now = timezone.now()
    with transaction.atomic():
        stale = MatchCorrection.objects.select_for_update(skip_locked=True).filter(
            Q(queued_at__isnull=True) | Q(queued_at__lt=now - older_than), status=MatchCorrection.Status.QUEUED
        )
        ids = list(stale.values_list("pk", flat=True))
        MatchCorrection.objects.filter(pk__in=ids).update(queued_at=now)  # not again before `older_than`
    for pk in ids:
        try:
            current_app.tasks[APPLY_CORRECTION].delay(pk)
        except Exception:  # kombu raises various errors when the broker is unreachable
            log.warning("could not queue correction %s; the next sweep will", pk, exc_info=True)
    return ids


def restore_draft(*, correction: MatchCorrection, by: User, reason: str) -> MatchCorrection:
    """A new draft that gives back what an applied correction replaced."""
    if correction.status != MatchCorrection.Status.APPLIED:
        raise MatchError([_("Only an applied correction can be undone.")])
    return correction_draft(match=correction.match, by=by, reason=reason, inputs=correction.before)
