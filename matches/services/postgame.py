"""Running the post-match sequence: claim, plan from stored inputs, apply step by step.

Each step is one transaction that applies that step's effects and marks the step done. Every
effect is recorded as a MatchEffect with its natural key and every gold movement as a ledger
entry keyed "match:<id>:<effect key>", so a redelivered task, a retry after a killed worker or a
double click writes nothing twice and resumes at the first step not yet done.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from league.audit import log_action
from league.rules.postmatch import (
    Decisions,
    MatchDice,
    PostMatchInputError,
    plan_post_match,
    required_inputs,
    roll_missing,
)
from matches.models import Decision, DiceRoll, Match, MatchEffect, MatchStep
from matches.services.apply import apply_effect
from matches.services.common import match_ruleset
from matches.services.prematch import server_dice
from matches.services.snapshot import build_report, report_from_json, report_to_json

log = logging.getLogger(__name__)


def _lease() -> timedelta:
    return timedelta(seconds=settings.POSTGAME_LEASE_SECONDS)

# Dice of the pre-match sequence are stored too, but the post-match planner never reads them.
PREMATCH_DICE = {"weather"}


def _claim(match_id: int) -> bool:
    """Compare-and-swap: take the match unless someone holds a live lease on it or it is done."""
    now = timezone.now()
    claimable = Q(status=Match.Status.CONFIRMED) | Q(status=Match.Status.PROCESSING, lease_until__lt=now)
    return bool(Match.objects.filter(claimable, pk=match_id).update(
        status=Match.Status.PROCESSING, lease_until=now + _lease(), attempts=F("attempts") + 1, failure_reason=""))


def _stored_inputs(match: Match) -> tuple[MatchDice, Decisions]:
    dice = MatchDice({d.purpose: tuple(d.values) for d in match.dice.all() if d.purpose not in PREMATCH_DICE})
    decisions = Decisions({d.key: d.value for d in match.decisions.all() if not d.key.startswith("journeyman:")})
    return dice, decisions


def _prepare(match: Match):
    """Freeze the input, roll the missing dice (stored before use) and plan. Idempotent."""
    ruleset = match_ruleset(match)
    with transaction.atomic():
        match = Match.objects.select_for_update().select_related("home", "away", "league").get(pk=match.pk)
        if match.postgame_input is None:
            match.postgame_input = report_to_json(build_report(match))
            match.save(update_fields=["postgame_input"])
        report = report_from_json(match.postgame_input)
        given, decisions = _stored_inputs(match)
        dice = roll_missing(ruleset, report, server_dice(), given, decisions)
        # A winner who let the server roll its winnings die could not ask for the re-roll: it keeps
        # the die (stored as a decision, so a replay reads the same).
        for request in required_inputs(ruleset, report, dice, decisions):
            if request.what == "winnings_reroll_decision":
                Decision.objects.get_or_create(match=match, key=request.key, defaults={"value": False})
                decisions = decisions.merged({request.key: False})
        for purpose, values in dice.rolls.items():
            if purpose not in given.rolls:
                DiceRoll.objects.get_or_create(match=match, purpose=purpose,
                                               defaults={"values": list(values), "source": DiceRoll.Source.SERVER})
        # Re-read: a concurrent run may have stored its own server dice first; the stored ones win.
        dice, _decisions = _stored_inputs(match)
        plan = plan_post_match(ruleset, report, dice, decisions)
        for order, step in enumerate(plan.steps):
            MatchStep.objects.get_or_create(match=match, step=step, defaults={"order": order})
    return match, plan


def postgame_run(match_id: int, *, stop_after: str | None = None) -> bool:
    """Run (or resume) the sequence of one match. Returns False when there was nothing to claim.

    stop_after exists for tests that simulate a worker dying between two steps.
    """
    if not _claim(match_id):
        return False
    match = Match.objects.select_related("home", "away", "league").get(pk=match_id)
    current = None
    try:
        match, plan = _prepare(match)
        done = set(MatchStep.objects.filter(match=match, status=MatchStep.Status.DONE).values_list("step", flat=True))
        for step in plan.steps:
            if step in done:
                continue
            current = step
            with transaction.atomic():
                locked = Match.objects.select_for_update().get(pk=match.pk)
                applied = set(MatchEffect.objects.filter(match=locked, step=step).values_list("key", flat=True))
                for effect in plan.by_step(step):
                    if effect.key not in applied:
                        apply_effect(locked, effect)
                MatchStep.objects.filter(match=locked, step=step).update(
                    status=MatchStep.Status.DONE, finished_at=timezone.now())
                Match.objects.filter(pk=locked.pk).update(lease_until=timezone.now() + _lease())
            if settings.POSTGAME_STEP_DELAY:
                time.sleep(settings.POSTGAME_STEP_DELAY)
            if stop_after == step:
                raise SystemExit(f"stopped after {step} (test hook)")
        with transaction.atomic():
            Match.objects.filter(pk=match.pk).update(status=Match.Status.PROCESSED, processed_at=timezone.now(),
                                                     lease_until=None)
            log_action(action="matches.postgame.processed", actor=None, league=match.league, match=match.pk)
        return True
    except SystemExit:
        raise
    except Exception as exc:  # a readable reason on the match page, and a retry button
        log.exception("post-match sequence of match %s failed", match_id)
        reason = "; ".join(exc.problems) if hasattr(exc, "problems") else str(exc)
        if isinstance(exc, PostMatchInputError) and hasattr(exc, "missing"):
            reason = "; ".join(r.describe() for r in exc.missing)
        with transaction.atomic():
            Match.objects.filter(pk=match_id).update(status=Match.Status.FAILED, failure_reason=reason[:2000],
                                                     lease_until=None)
            if current:
                MatchStep.objects.filter(match_id=match_id, step=current).update(status=MatchStep.Status.FAILED)
            log_action(action="matches.postgame.failed", actor=None, league=match.league, match=match_id,
                       reason=reason[:500])
        return False


def queue_postgame(match_id: int) -> None:
    """Send the sequence to a worker. If the broker is down the match stays confirmed and the
    periodic sweep queues it later: nothing is lost."""
    from matches.tasks import run_postgame

    try:
        run_postgame.delay(match_id)
    except Exception:  # kombu raises various errors when the broker is unreachable
        log.warning("could not queue the post-match sequence of match %s; the sweep will", match_id, exc_info=True)
        return
    Match.objects.filter(pk=match_id, queued_at__isnull=True).update(queued_at=timezone.now())


def postgame_sweep(*, older_than: timedelta = timedelta(minutes=5)) -> list[int]:
    """Queue what was lost: confirmed matches never queued (broker down) or queued long ago, and
    runs whose lease expired (a worker died). Returns the ids it queued."""
    now = timezone.now()
    stale = Match.objects.filter(
        Q(status=Match.Status.CONFIRMED, queued_at__isnull=True)
        | Q(status=Match.Status.CONFIRMED, queued_at__lt=now - older_than)
        | Q(status=Match.Status.PROCESSING, lease_until__lt=now)
    ).values_list("pk", flat=True)
    ids = list(stale)
    for match_id in ids:
        Match.objects.filter(pk=match_id).update(queued_at=None)
        queue_postgame(match_id)
    return ids


def postgame_retry(*, match: Match, by) -> Match:
    """After a failure: put the match back to confirmed and queue it again (the commissioner or a coach)."""
    from matches.services.common import check_participant

    check_participant(match, by)
    with transaction.atomic():
        updated = Match.objects.filter(pk=match.pk, status=Match.Status.FAILED).update(
            status=Match.Status.CONFIRMED, queued_at=None, failure_reason="")
        if updated:
            log_action(action="matches.postgame.retried", actor=by, league=match.league, match=match.pk)
            transaction.on_commit(lambda: queue_postgame(match.pk))
    match.refresh_from_db()
    return match
