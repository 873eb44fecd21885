"""Running the post-match sequence: claim, freeze and plan, then apply the whole plan.

A run takes three commits whatever the match: the claim (a compare-and-swap on the match with a
lease), the frozen input (the report as the rules engine sees it, the server's dice and default
decisions, stored before anything uses them, and one progress row per step) and the application
of every effect. The application is one transaction: a killed worker or a failure leaves the
match exactly as before it (the frozen input and dice stay, so a retry replays the same dice), and
the next run applies the sequence whole. Every effect is recorded as a MatchEffect with its natural
key and every gold movement as a ledger entry keyed "match:<id>:<effect key>", so nothing can be
written twice.

The application starts by marking the steps done only where they are not: that UPDATE is the run's
mutex (a second run of the same match waits on the rows, then finds them done and skips). The two
teams are then locked in primary-key order, so two sequences sharing a team (or a coach buying a
re-roll meanwhile) wait for each other instead of deadlocking or reading a stale treasury. The
number of queries of a sequence depends on the kinds of effects, never on the roster size
(tests/tasks/test_postgame_queries.py), and one transaction for all the steps instead of one per
step is what makes a sequence cheap enough for the throughput target (docs/benchmarks.md).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from league.audit import log_action
from league.bulk import insert_rows
from league.rules import Ruleset
from league.rules.postmatch import (
    Decisions,
    MatchDice,
    MatchReport,
    PostMatchInputError,
    PostMatchPlan,
    plan_rolling_missing,
)
from matches.models import Decision, DiceRoll, Match, MatchStep
from matches.services.apply import SequenceContext, apply_effects
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
        status=Match.Status.PROCESSING, lease_until=until, attempts=F("attempts") + 1, failure_reason=""
    )
    return until if taken else None


def stored_inputs(match: Match, choices: dict[str, Any] | None = None) -> tuple[MatchDice, Decisions]:
    """The match's stored dice and decisions as the planner takes them (two reads; `choices`, the
    decisions already read, saves one). A journeyman's hire is the applier's, not the planner's."""
    choices = dict(match.decisions.values_list("key", "value")) if choices is None else choices
    dice = MatchDice(
        {
            purpose: tuple(values)
            for purpose, values in match.dice.values_list("purpose", "values")
            if purpose not in PREMATCH_DICE
        }
    )
    return dice, Decisions({k: v for k, v in choices.items() if not k.startswith("journeyman:")})


# A decision nobody made, and what the server assumes: a winner who let the server roll its
# winnings die could not ask for the re-roll, so it keeps the die (stored, so a replay reads the same).
DEFAULT_DECISIONS = {"winnings_reroll_decision": False}


# What a run reads of the match and its teams (and nothing more: these are compiled in every run).
MATCH_FIELDS = (
    "league__ruleset",
    "home_id",
    "away_id",
    "postgame_input",
    "gate",
    "conceded_by",
    "concession_justified",
    *(f"{side}_{name}" for side in ("home", "away") for name in ("tv", "petty_cash", "fame", "score")),
    *(
        f"{side}__{name}"
        for side in ("home", "away")
        for name in ("race", "fan_factor", "treasury", "rerolls", "assistant_coaches", "cheerleaders", "apothecary")
    ),
)


TEAM_FIELDS = (
    "race",
    "treasury",
    "fan_factor",
    "team_value",
    "rerolls",
    "assistant_coaches",
    "cheerleaders",
    "apothecary",
)


@dataclass
class Prepared:
    """What the frozen input gives a run: the match (teams and league loaded, house rules
    prefetched), its ruleset, the plan, the stored decisions and the steps already done."""

    match: Match
    ruleset: Ruleset
    plan: PostMatchPlan
    choices: dict[str, Any]
    done: set[str]


def _prepare(match_id: int) -> Prepared:
    """Freeze the input, roll the missing dice (stored before use) and plan. Idempotent.

    Runs in the claim's transaction: the match row stays locked until it commits, so two runs
    never store different server dice for the same purpose.
    """
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("home", "away", "league")
        .only(*MATCH_FIELDS)
        .get(pk=match_id)
    )
    ruleset = match_ruleset(match)  # the only read of the house rules in a run
    first_run = match.postgame_input is None
    if first_run:  # (the JSON reads back as the same report: tests/matches/test_snapshot.py)
        report = build_report(match)
        match.postgame_input = report_to_json(report)
        match.save(update_fields=["postgame_input"])
    else:
        report = report_from_json(match.postgame_input)
    choices = dict(match.decisions.values_list("key", "value"))
    given, decisions = stored_inputs(match, choices)
    dice, decided, plan = plan_for_server(ruleset, report, given, decisions)
    insert_rows(
        Decision,
        [
            dict(match_id=match.pk, key=key, value=value, by_id=None)
            for key, value in decided.choices.items()
            if key not in decisions.choices
        ],
    )
    insert_rows(
        DiceRoll,
        [
            dict(match_id=match.pk, purpose=purpose, values=list(values), source=DiceRoll.Source.SERVER)
            for purpose, values in dice.rolls.items()
            if purpose not in given.rolls
        ],
    )
    # Steps are created with the frozen input, in this transaction: a first run has none yet.
    status = {} if first_run else dict(match.steps.values_list("step", "status"))
    insert_rows(
        MatchStep,
        [
            dict(match_id=match.pk, step=step, order=order, status=MatchStep.Status.PENDING, finished_at=None)
            for order, step in enumerate(plan.steps)
            if step not in status
        ],
    )
    return Prepared(match, ruleset, plan, choices, {step for step, st in status.items() if st == MatchStep.Status.DONE})


def _take_steps(match: Match) -> bool:
    """Mark the steps done unless they are: False when another run already applied them."""
    return bool(
        MatchStep.objects.filter(match=match)
        .exclude(status=MatchStep.Status.DONE)
        .update(status=MatchStep.Status.DONE, finished_at=timezone.now())
    )


def _lock_teams(match: Match) -> dict[str, Team]:
    """Both teams, current and locked, always in primary-key order (no deadlock between runs), with
    what the sequence reads of them: what it writes (apply._write_teams) and the team value's facts."""
    teams = {
        t.pk: t
        for t in Team.objects.select_for_update()
        .filter(pk__in=[match.home_id, match.away_id])
        .only(*TEAM_FIELDS)
        .order_by("pk")
    }
    return {"home": teams[match.home_id], "away": teams[match.away_id]}


def _finish(match: Match) -> None:
    if Match.objects.filter(pk=match.pk, status=Match.Status.PROCESSING).update(
        status=Match.Status.PROCESSED, processed_at=timezone.now(), lease_until=None
    ):
        log_action(action="matches.postgame.processed", actor=None, league=match.league, match=match.pk)


def plan_for_server(ruleset: Ruleset, report: MatchReport, given: MatchDice, decisions: Decisions):
    """The missing dice rolled, the default decisions taken and the plan (raises as the planner does)."""
    return plan_rolling_missing(ruleset, report, server_dice(), given, decisions, DEFAULT_DECISIONS)


def postgame_run(match_id: int) -> bool:
    """Run (or resume) the sequence of a confirmed match; False when there was nothing to claim."""
    claimed = False
    try:
        with transaction.atomic():  # the claim and the frozen input commit together
            if _claim(match_id) is None:
                return False
            claimed = True
            p = _prepare(match_id)
        with transaction.atomic():
            if _take_steps(p.match):
                teams = _lock_teams(p.match)
                effects = [e for e in p.plan.effects if e.step not in p.done]
                apply_effects(SequenceContext(p.match, p.ruleset, teams, p.choices), effects)
            _finish(p.match)
        return True
    except Exception as exc:  # a readable reason on the match page, and a retry button
        if not claimed:  # the claim itself failed (the database is down): the sweep tries again later
            raise
        log.exception("post-match sequence of match %s failed", match_id)
        # English, as stored: submitting and confirming already refused, in the user's language,
        # whatever the rules engine could refuse here (matches/importing/postcheck.py).
        reason = "; ".join(map(str, exc.problems)) if hasattr(exc, "problems") else str(exc)
        if isinstance(exc, PostMatchInputError) and hasattr(exc, "missing"):
            reason = "; ".join(r.describe() for r in exc.missing)
        with transaction.atomic():
            Match.objects.filter(pk=match_id).update(
                status=Match.Status.FAILED, failure_reason=reason[:2000], lease_until=None
            )
            league = Match.objects.select_related("league").get(pk=match_id).league
            log_action(action="matches.postgame.failed", actor=None, league=league, match=match_id, reason=reason[:500])
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
            status=Match.Status.CONFIRMED, queued_at=None, failure_reason=""
        )
        if updated:
            log_action(action="matches.postgame.retried", actor=by, league=match.league, match=match.pk)
            transaction.on_commit(lambda: queue_postgame(match.pk))
    match.refresh_from_db()
    return match
