"""Running the post-match sequence: claim, plan from stored inputs, apply step by step.

Each step is one transaction that applies that step's effects and marks the step done. Every
effect is recorded as a MatchEffect with its natural key and every gold movement as a ledger
entry keyed "match:<id>:<effect key>", so a redelivered task, a retry after a killed worker or a
double click writes nothing twice and resumes at the first step not yet done.

A step's transaction starts by marking the step done only if it is not done yet: that UPDATE is
the step's mutex (a second run of the same match waits on the row, then finds it done and skips),
and since the mark and the effects commit together a step is applied entirely or not at all. The
two teams are then locked in primary-key order, so two sequences sharing a team (or a coach buying
a re-roll meanwhile) wait for each other instead of deadlocking or reading a stale treasury. The
number of queries of a sequence depends on the steps and the kinds of effects, never on the roster
size (tests/tasks/test_postgame_queries.py).
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q, prefetch_related_objects
from django.utils import timezone

from league.audit import log_action
from league.rules import Ruleset
from league.rules.postmatch import (
    Decisions,
    MatchDice,
    PostMatchInputError,
    PostMatchPlan,
    plan_post_match,
    required_inputs,
    roll_missing,
)
from matches.models import Decision, DiceRoll, Match, MatchStep
from matches.services.apply import StepContext, apply_step, writes_rosters
from matches.services.common import match_ruleset
from matches.services.prematch import server_dice
from matches.services.snapshot import build_report, report_from_json, report_to_json
from teams.models import Team

log = logging.getLogger(__name__)

# Dice of the pre-match sequence are stored too, but the post-match planner never reads them.
PREMATCH_DICE = {"weather"}


def _lease() -> timedelta:
    return timedelta(seconds=settings.POSTGAME_LEASE_SECONDS)


def _claim(match_id: int) -> datetime | None:
    """Compare-and-swap: take the match unless someone holds a live lease on it or it is done.
    Returns the end of the lease taken, or None."""
    now = timezone.now()
    until = now + _lease()
    claimable = Q(status=Match.Status.CONFIRMED) | Q(status=Match.Status.PROCESSING, lease_until__lt=now)
    taken = Match.objects.filter(claimable, pk=match_id).update(
        status=Match.Status.PROCESSING, lease_until=until, attempts=F("attempts") + 1, failure_reason="")
    return until if taken else None


def _renew(match_id: int, until: datetime) -> datetime:
    """Extend the lease once half of it has gone: a live run keeps it, and a fast sequence (all of
    it well inside one lease) does not pay an UPDATE per step."""
    now = timezone.now()
    if until - now > _lease() / 2:
        return until
    until = now + _lease()
    Match.objects.filter(pk=match_id).update(lease_until=until)
    return until


def _inputs(dice_rows, decision_rows) -> tuple[MatchDice, Decisions]:
    dice = MatchDice({d.purpose: tuple(d.values) for d in dice_rows if d.purpose not in PREMATCH_DICE})
    decisions = Decisions({d.key: d.value for d in decision_rows if not d.key.startswith("journeyman:")})
    return dice, decisions


def _stored_inputs(match: Match) -> tuple[MatchDice, Decisions]:
    return _inputs(match.dice.all(), match.decisions.all())


def _prepare(match_id: int) -> tuple[Match, Ruleset, PostMatchPlan, set[str]]:
    """Freeze the input, roll the missing dice (stored before use) and plan. Idempotent.

    Returns the match (teams and league loaded, house rules prefetched), its ruleset, the plan and
    the steps already done. The match row stays locked while this runs, so two runs never store
    different server dice for the same purpose.
    """
    with transaction.atomic():
        match = (Match.objects.select_for_update(of=("self",)).select_related("home", "away", "league")
                 .get(pk=match_id))
        prefetch_related_objects([match.league], "house_rules")  # every ruleset read below: no query
        ruleset = match_ruleset(match)
        first_run = match.postgame_input is None
        if first_run:
            match.postgame_input = report_to_json(build_report(match))
            match.save(update_fields=["postgame_input"])
        report = report_from_json(match.postgame_input)
        given, decisions = _stored_inputs(match)
        dice = roll_missing(ruleset, report, server_dice(), given, decisions)
        # A winner who let the server roll its winnings die could not ask for the re-roll: it keeps
        # the die (stored as a decision, so a replay reads the same).
        kept = {r.key: False for r in required_inputs(ruleset, report, dice, decisions)
                if r.what == "winnings_reroll_decision"}
        if kept:
            Decision.objects.bulk_create([Decision(match=match, key=k, value=v) for k, v in kept.items()])
            decisions = decisions.merged(kept)
        DiceRoll.objects.bulk_create([
            DiceRoll(match=match, purpose=purpose, values=list(values), source=DiceRoll.Source.SERVER)
            for purpose, values in dice.rolls.items() if purpose not in given.rolls])
        plan = plan_post_match(ruleset, report, dice, decisions)
        # Steps are created with the frozen input, in this transaction: a first run has none yet.
        status = {} if first_run else dict(MatchStep.objects.filter(match=match).values_list("step", "status"))
        MatchStep.objects.bulk_create([MatchStep(match=match, step=step, order=order)
                                       for order, step in enumerate(plan.steps) if step not in status])
    return match, ruleset, plan, {step for step, st in status.items() if st == MatchStep.Status.DONE}


def _take_step(match: Match, step: str) -> bool:
    """Mark the step done unless it is: False when another run already applied it."""
    return bool(MatchStep.objects.filter(match=match, step=step).exclude(status=MatchStep.Status.DONE)
                .update(status=MatchStep.Status.DONE, finished_at=timezone.now()))


def _lock_teams(match: Match) -> dict[str, Team]:
    """Both teams, current and locked, always in primary-key order (no deadlock between runs)."""
    teams = {t.pk: t for t in Team.objects.select_for_update().filter(pk__in=[match.home_id, match.away_id])
             .order_by("pk")}
    for team in teams.values():
        team.league = match.league  # its house rules are prefetched: team values read no more rows
    return {"home": teams[match.home_id], "away": teams[match.away_id]}


def _finish(match: Match) -> None:
    if Match.objects.filter(pk=match.pk, status=Match.Status.PROCESSING).update(
            status=Match.Status.PROCESSED, processed_at=timezone.now(), lease_until=None):
        log_action(action="matches.postgame.processed", actor=None, league=match.league, match=match.pk)


def postgame_run(match_id: int, *, stop_after: str | None = None) -> bool:
    """Run (or resume) the sequence of a confirmed match; False when there was nothing to claim."""
    lease_until = _claim(match_id)
    if lease_until is None:
        return False
    current = None
    try:
        match, ruleset, plan, done = _prepare(match_id)
        finished = False
        for step in plan.steps:
            if step in done:
                continue
            current = step
            effects = plan.by_step(step)
            with transaction.atomic():
                lease_until = _renew(match_id, lease_until)
                if _take_step(match, step) and effects:
                    teams = _lock_teams(match) if writes_rosters(effects) else {"home": match.home, "away": match.away}
                    apply_step(StepContext(match, ruleset, teams), effects)
                if step == plan.steps[-1]:  # the last step and the final status commit together
                    _finish(match)
                    finished = True
            if settings.POSTGAME_STEP_DELAY:
                time.sleep(settings.POSTGAME_STEP_DELAY)
            if stop_after == step:
                raise SystemExit(f"stopped after {step} (test hook)")
        if not finished:  # every step was done already (by a run that died just before the end)
            with transaction.atomic():
                _finish(match)
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
            league = Match.objects.select_related("league").get(pk=match_id).league
            log_action(action="matches.postgame.failed", actor=None, league=league, match=match_id,
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
