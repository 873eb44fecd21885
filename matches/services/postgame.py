"""Running the post-match sequence: claim, read, plan and apply in one transaction, one commit.

A team's matches are processed one after the other, in the order they were confirmed, each on the
state its previous match left: a run claims its match (a compare-and-swap with a lease) only when
no earlier confirmed match of either team is still waiting, running or failed. A match that has to
wait stays confirmed; the run of the match before it queues it when it finishes (the periodic sweep
is the safety net), and a failed match holds its teams' later matches until it is retried.

The run then locks both teams (in primary-key order: two sequences sharing a team, or a coach
buying a re-roll meanwhile, wait for each other instead of deadlocking) and, under that lock, reads
the match as the rules engine sees it (players' SPP, rolls already taken, treasury, fan factor),
rolls the dice nobody entered, stores them with the default decisions, plans and applies every
effect, in one transaction. Nothing is read before the lock, so no stale copy of a team is ever
replayed: a retry re-reads everything that is not a stored die or decision. A killed worker or a
failure leaves the match exactly as before the run; the next run applies the sequence whole.
Every effect is recorded as a MatchEffect with its natural key and every gold movement as a ledger
entry keyed "match:<id>:<effect key>", so nothing can be written twice. The input the run read is
kept on the match (postgame_input) for the audit.

The number of queries of a sequence depends on the kinds of effects, never on the roster size
(tests/tasks/test_postgame_queries.py); one transaction for the whole sequence is what makes it
cheap enough for the throughput target (docs/benchmarks.md).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.db.models import Case, Exists, F, OuterRef, When
from django.utils import timezone

from league.core import outbox
from league.core.audit import log_action
from league.infra import page_versions
from league.infra.bulk import insert_rows
from league.rules import Ruleset
from league.rules.decisions import InputsFit, inputs_fit
from league.rules.postmatch import (
    Decisions,
    InvalidInput,
    MatchDice,
    MatchReport,
    PostMatchInputError,
    PostMatchPlan,
    plan_rolling_missing,
)
from matches.hooks import history_changed, match_processed
from matches.models import Decision, DiceRoll, Match, MatchStep
from matches.services.apply import SequenceContext, apply_effects
from matches.services.claim import claim, lock_teams
from matches.services.common import match_ruleset, stored_choices_and_rolls, stored_inputs
from matches.services.decisions import open_decisions
from matches.services.dice_wait import store_or_ask
from matches.services.events import publish_match
from matches.services.faults import is_transient, release
from matches.services.held import LinesHeld, check_lines, hold_after_run
from matches.services.lineup import who_could_play
from matches.services.numbers import numbers_known
from matches.services.postgame_queue import queue_next
from matches.services.postgame_told import keep_left, tell_decisions
from matches.services.prematch import server_dice
from matches.services.refusals import refusal_words
from matches.services.replay_reads import kept_inputs, steps_kept
from matches.services.sequence import confirmed_of, earlier_unprocessed, later_processed
from matches.services.snapshot import build_report, report_to_json
from teams.models import Team

log = logging.getLogger(__name__)


def waiting_for(match: Match) -> Match | None:
    """The first earlier match whose sequence this confirmed match waits for (None: it does not wait)."""
    if match.status != Match.Status.CONFIRMED or match.confirmed_at is None:
        return None
    return (
        earlier_unprocessed(match.home_id, match.away_id, match.sequence, match.pk)
        .select_related("home", "away")
        .order_by("sequence", "pk")
        .first()
    )


# A decision nobody made, and what the server assumes: a winner who let the server roll its
# winnings die could not ask for the re-roll, so it keeps the die (stored, so a replay reads the same).
DEFAULT_DECISIONS = {"winnings_reroll_decision": False}


# What a run reads of the match (and nothing more: these are compiled in every run).
MATCH_FIELDS = (
    *("league__ruleset", "league__replay_dice_asked"),  # the dice a replay newly needs: asked? (dice_wait)
    "status",
    "attempts",
    "home_id",
    "away_id",
    "gate",
    "conceded_by",
    "concession_justified",
    "stage",
    "shootout_winner",
    "weather",
    "prematch_values",  # what the pre-match steps hand on (snapshot.prematch_handed_on)
    "cards_played",  # the report reads them (snapshot.build_report): not one more read
    "generation",  # a match a replay left undone runs under a new one (matches.services.held)
    *("settings_snapshot", "sequence"),  # read by every run: never a deferred load each
    *(f"{side}_{name}" for side in ("home", "away") for name in ("tv", "petty_cash", "fame", "score")),
)


# What a run reads besides (a replay does not): the events' facts (postgame_told).
RUN_FACTS = ("league__name", "season__name", "submitted_by_id")


def _lock(match_id: int, *, late: bool = False) -> tuple[Match, dict[str, Team]] | None:
    """Both teams locked, always in primary-key order (no deadlock between runs), then the match read
    under that lock: None when another run of the same match finished it meanwhile (a run whose lease
    ran out and was taken over waits here for the other, then finds the match processed). `late`:
    the match says whether it is late (matches.services.late.is_late) and whether a match of its teams
    waits to be queued after it (has_next), in the same read."""
    locked = lock_teams(match_id)
    found = Match.objects.select_related("league", "season").only(*MATCH_FIELDS, *RUN_FACTS)
    if late:
        teams = (OuterRef("home_id"), OuterRef("away_id"))
        found = found.annotate(
            late=Exists(later_processed(*teams, OuterRef("sequence"), OuterRef("pk"))),
            # Whether a match of its teams waits to be queued after it (postgame_queue.queue_next).
            has_next=Exists(confirmed_of(*teams).exclude(pk=OuterRef("pk"))),
        )
    match = found.get(pk=match_id)
    if match.status != Match.Status.PROCESSING:
        return None
    match.home, match.away = locked[match.home_id], locked[match.away_id]
    return match, {"home": match.home, "away": match.away}


def _store_plan(
    match: Match, ruleset: Ruleset, report: MatchReport | None = None
) -> tuple[PostMatchPlan, dict[str, Any]]:
    """Read the match as it stands (under the teams' lock), roll the dice nobody entered, store them
    and the default decisions, and plan. The dice are stored in the transaction that applies them.
    `report`: the match as a replay reads it (a team it does not replay as it stood then)."""
    report = build_report(match) if report is None else report
    match.postgame_input = report_to_json(report)  # what this run read, kept for the audit
    kept = kept_inputs(match.pk)  # a replay read them for all its matches (matches.services.replay_reads)
    if kept is None:
        choices, rolls = stored_choices_and_rolls(match)  # one read
    else:
        choices, rolls = dict(kept[0]), list(kept[1])
    given, decisions = stored_inputs(match, choices, rolls)
    for attempt in range(FIT_ROUNDS + 1):
        try:
            dice, decided, plan = plan_for_server(ruleset, report, given, decisions)
            break
        except PostMatchInputError as refused:
            # Inputs an edit, a void or an earlier match in play order made pointless, short, too many
            # or out of range are fitted, never a failure for good (league.rules.decisions.inputs_fit):
            # the dice that still fit kept in play order, the rest set aside, the missing ones rolled
            # by the server; a coach's choice the state no longer allows set aside (asked again).
            problems = refused.problems if isinstance(refused, InvalidInput) else None
            fit = inputs_fit(problems, given.rolls, decisions.choices) if problems is not None else None
            if fit is None or attempt == FIT_ROUNDS:
                _word(match, report, refused)
                raise
            given = _set_aside(match, given, decisions, fit)
            choices = {k: v for k, v in choices.items() if k not in fit.decisions}
            decisions = Decisions({k: v for k, v in decisions.choices.items() if k not in fit.decisions})
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
    return plan, choices


def _word(match: Match, report: MatchReport, refused: PostMatchInputError) -> None:
    """What the rules still refuse, worded for the people who read it (never the planner's codes
    and keys): `words` in every site language (a correction's pages pick the reader's), `worded`
    in the league's own, for the match page's failure (failure_text)."""
    words = refusal_words(match, report, refused)
    refused.words = words  # type: ignore[attr-defined]
    refused.worded = words.get(match.league.language) or words.get("en", "")  # type: ignore[attr-defined]


# A fitted die can open or close another step (an MVP draw after another): the plan is made again,
# this many times at most (each round fits what the last one refused; two or three in practice).
FIT_ROUNDS = 8


def _set_aside(match: Match, dice: MatchDice, decisions: Decisions, fit: InputsFit) -> MatchDice:
    """Write the fitted inputs, in the run's transaction, and audit what they were: a die no step
    uses any more is deleted (the planner rolls it again if its step still happens with nothing
    kept); a die whose count or faces changed keeps its stored values that still fit, the missing
    ones rolled by the server after them; the decisions set aside are deleted. Returns the dice the
    planner takes now. The audit entry keeps what the coach had entered (a correction's preview
    lists it step by step: matches.services.history_diff)."""
    rolls = dict(dice.rolls)
    gone = {key for key, fitted in fit.dice.items() if not fitted.kept}
    kept, rolled = {}, {}
    roller = server_dice()
    for key, fitted in sorted(fit.dice.items()):
        if key in gone:
            del rolls[key]
            continue
        values = fitted.completed(roller)
        rolls[key], kept[key] = values, list(fitted.kept)
        if fitted.rolled:
            rolled[key] = list(values[len(fitted.kept) :])
        DiceRoll.objects.filter(match=match, purpose=key).update(values=list(values))
    DiceRoll.objects.filter(match=match, purpose__in=gone).delete()
    Decision.objects.filter(match=match, key__in=fit.decisions).delete()
    log_action(
        action="matches.postgame.inputs_set_aside",
        actor=None,
        league=match.league,
        match=match.pk,
        dice={key: list(fitted.aside) for key, fitted in sorted(fit.dice.items()) if fitted.aside},
        kept=kept,
        rolled=rolled,
        decisions={key: decisions.choices[key] for key in sorted(fit.decisions)},
    )
    log.info("match %s: inputs fitted: %s", match.pk, ", ".join(sorted({*fit.dice, *fit.decisions})))
    return MatchDice(rolls)


def _mark_steps(match: Match, plan: PostMatchPlan) -> None:
    """One progress row per step, done (they are applied in this transaction). Only a retried match
    can have rows already: pending ones, left by a run of an earlier version that failed."""
    now = timezone.now()
    existing = set(match.steps.values_list("step", flat=True)) if match.attempts > 1 else set()
    if existing:
        MatchStep.objects.filter(match=match).update(status=MatchStep.Status.DONE, finished_at=now)
    rows = [
        dict(match_id=match.pk, step=step, order=order, status=MatchStep.Status.DONE, finished_at=now)
        for order, step in enumerate(plan.steps)
        if step not in existing
    ]
    if not steps_kept(match.pk, rows):  # a replay inserts every match's rows at once
        insert_rows(MatchStep, rows)


def process_locked(
    match: Match,
    teams: dict[str, Team],
    ruleset: Ruleset,
    *,
    report: MatchReport | None = None,
    sides: tuple[str, ...] = ("home", "away"),
    generation: int = 0,
) -> PostMatchPlan:
    """Plan and apply the sequence of a match whose teams are locked (a run, or a replay, which
    applies only the `sides` it replays, under the match's new `generation`)."""
    if report is None:  # a run (a replay set them before reading its report)
        unable = who_could_play(match, sides)
        if match.generation:  # undone by a replay since it ran: its lines may have become impossible
            check_lines(match, sides, unable)
    plan, choices = store_or_ask(_store_plan, match, ruleset, report, generation)  # or ask its coach
    _mark_steps(match, plan)
    effects = plan.effects if len(sides) == 2 else tuple(e for e in plan.effects if e.side in sides)
    written = apply_effects(SequenceContext(match, ruleset, teams, choices, generation), effects)
    keep_left(match, teams, written, open_decisions(match, ruleset))  # what it leaves the coaches to decide
    return plan


def _finish(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.PROCESSED,
        processed_at=timezone.now(),
        lease_until=None,
        postgame_input=match.postgame_input,
    )
    log_action(action="matches.postgame.processed", actor=None, league=match.league, match=match.pk)
    if match.stage:  # a play-off match: its winner advances, in this transaction (the play-offs receive it)
        match_processed.send(sender=Match, match_id=match.pk)
    history_changed.send(sender=Match, match_id=match.pk, league_id=match.league_id)
    # Nothing of its teams confirmed when the run read its match: no read of their next matches. One confirmed
    # during the run may have found it still running: the sweep sends it a lease after (postgame_sweep).
    if getattr(match, "has_next", True):
        transaction.on_commit(lambda: queue_next(match))


def plan_for_server(
    ruleset: Ruleset, report: MatchReport, given: MatchDice, decisions: Decisions
) -> tuple[MatchDice, Decisions, PostMatchPlan]:
    """The missing dice rolled, the default decisions taken and the plan (raises as the planner does)."""
    return plan_rolling_missing(ruleset, report, server_dice(), given, decisions, DEFAULT_DECISIONS)


class Late(Exception):
    """The match claimed is late: its run is a replay (matches.services.late), not this one."""


def postgame_run(match_id: int, *, check_late: bool = False) -> bool:
    """Run the sequence of a confirmed match; False when there was nothing to claim (done, running
    elsewhere, or waiting for an earlier match of one of its teams). One transaction, one commit:
    the claim, the sequence, and what its listeners (notifications, webhooks, ratings) are to do
    after it, as outbox rows (league/core/outbox.py). A worker killed meanwhile leaves the match
    confirmed as it was; the sweep queues it again once a lease has passed (postgame_sweep).
    `check_late`: raise Late, with nothing written, when the match is late."""
    claimed = None
    try:
        # The page versions its writes claim bumped by its last statement: one commit in all.
        with transaction.atomic(), page_versions.bumped_in_transaction(), outbox.collecting():
            claimed = claim(match_id)
            if not claimed:
                return False
            locked = _lock(match_id, late=check_late)
            if locked is None:
                return False
            match, teams = locked
            if check_late and match.late:  # type: ignore[attr-defined]
                raise Late(match_id)
            ruleset = match_ruleset(match)  # the only read of the house rules in a run
            with numbers_known(t.pk for t in teams.values() if not t.numbers_given):  # type: ignore[attr-defined]
                process_locked(match, teams, ruleset, generation=match.generation)
            _finish(match)
            tell_decisions(match)  # once: a second run finds the match processed
        return True
    except Late:
        raise
    except LinesHeld as held:  # not a failure: the commissioner says what stands
        hold_after_run(match_id, held)
        return False
    except Exception as exc:  # a readable reason on the match page, and a retry button
        if not claimed:  # the claim itself failed (the database is down): the task retries, then the sweep
            raise
        if is_transient(exc):  # the database or the broker, not the history: claimable again, retried
            release(match_id, claimed, exc)
            raise
        log.exception("post-match sequence of match %s failed", match_id)
        fail_run(match_id, failure_text(exc))
        return False


def failure_text(exc: Exception) -> str:
    """English, as stored: submitting and confirming already refused, in the user's language,
    whatever the rules engine could refuse here (matches/services/postcheck.py). A refusal the run
    worded (_store_plan) is stored in the league's language."""
    if getattr(exc, "worded", ""):
        return str(exc.worded)  # type: ignore[attr-defined]
    reason = "; ".join(map(str, exc.problems)) if hasattr(exc, "problems") else str(exc)
    if isinstance(exc, PostMatchInputError) and hasattr(exc, "missing"):
        reason = "; ".join(r.describe() for r in exc.missing)
    return reason


def fail_run(match_id: int, reason: str) -> None:
    """The claimed match failed: its reason on the match page, and a retry button."""
    with transaction.atomic():
        # Confirmed: the run's transaction rolled its claim back; processing: a replay's claim.
        Match.objects.filter(pk=match_id, status__in=(Match.Status.CONFIRMED, Match.Status.PROCESSING)).update(
            status=Match.Status.FAILED,
            failure_reason=reason[:2000],
            lease_until=None,
            attempts=F("attempts") + Case(When(status=Match.Status.CONFIRMED, then=1), default=0),  # its claim's
        )
        league = Match.objects.select_related("league").get(pk=match_id).league
        log_action(action="matches.postgame.failed", actor=None, league=league, match=match_id, reason=reason[:500])
        publish_match("sequence.failed", match_id, to="commissioners", words={"reason": reason[:500]})
