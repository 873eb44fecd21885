"""Post-match dice rolled at the table and entered on their own page (/matches/<id>/dice/).

Which dice a match needs depends on the result and on the dice themselves: the MVP draw decides
whose SPP cross a level, hence which improvement rolls exist. The rules engine alone knows that
(league.rules.postmatch.dice_in_use), so the list is asked of it again after every change,
and a die is accepted only if the engine asks for it. A die left empty is rolled by the server
when the sequence runs. Saving the result sheet again clears these dice (report_save): they
depend on the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.core.audit import log_action
from league.rules import Ruleset, check_die
from league.rules.postmatch import Decisions, InputRequest, InvalidReport, MatchReport, dice_in_use, request_for_key
from matches.models import Decision, DiceRoll, Match
from matches.services.common import (
    MatchError,
    check_participant,
    lock_match,
    match_ruleset,
    require_status,
    stored_inputs,
)
from matches.services.snapshot import build_report, player_ref
from matches.services.wording import input_label, input_names

OPEN = (Match.Status.DRAFT, Match.Status.SUBMITTED)

# The post-match step that asks for each kind of die: rows are shown in the sequence's order.
STEP_OF = {
    "mvp_draw": "mvp",
    "improvement": "improvements",
    "departure": "remove_dead",
    "winnings": "winnings",
    "winnings_reroll": "winnings",
    "fan_factor": "fan_factor",
}
WHAT_ORDER = ("mvp_draw", "improvement", "departure", "winnings", "winnings_reroll", "fan_factor")
# A roll on a ruleset's table is its own step, named by its key's prefix (docs/rulesets.md).
TABLE_ROLL_WHATS = ("table_roll_avoid", "table_roll")


def step_of(request: InputRequest) -> str:
    if request.what in TABLE_ROLL_WHATS:
        return request.key.partition(":")[0]
    return STEP_OF.get(request.what, "")


@dataclass(frozen=True)
class DieRow:
    """One set of dice (one key): `values` were entered at the table; None: the server rolls them."""

    key: str
    what: str
    step: str
    side: str
    count: int
    sides: int
    label: str
    values: tuple[int, ...] | None = None
    candidates: tuple[str, ...] = ()  # MVP draw: the die's face n names candidates[n - 1]

    @property
    def notation(self) -> str:
        return f"{self.count if self.count > 1 else ''}D{self.sides}"


@dataclass(frozen=True)
class DiceSheet:
    rows: list[DieRow]  # what the sequence needs, in its order
    unused: list[DieRow]  # dice entered that it would refuse (the result changed): the next save removes them


def _rows(
    match: Match,
    ruleset: Ruleset,
    report: MatchReport,
    stored: Mapping[str, tuple[int, ...]],
    decisions: Decisions,
    names: Mapping[str, str],
) -> list[DieRow]:
    known, used, missing = dice_in_use(ruleset, report, stored, decisions)
    steps = list(ruleset.post_match_steps)
    refs = {p.ref: i for side in (report.home, report.away) for i, p in enumerate(side.players)}

    def order(request: InputRequest) -> tuple[int, ...]:
        step = step_of(request)
        tail = request.key.rsplit(":", 1)[-1]
        return (
            steps.index(step) if step in steps else len(steps),
            0 if request.side == "home" else 1,
            refs.get(request.player_ref or "", -1),
            WHAT_ORDER.index(request.what) if request.what in WHAT_ORDER else len(WHAT_ORDER),
            int(tail) if tail.isdigit() else 0,
        )

    rows = []
    for request in sorted((known[k] for k in known if k in used or k in missing), key=order):
        rows.append(
            DieRow(
                key=request.key,
                what=request.what,
                step=step_of(request),
                side=request.side,
                count=request.count,
                sides=request.sides,
                label=input_label(match, request, names),
                values=used.get(request.key),
                candidates=tuple(names.get(ref, ref) for ref in request.options) if request.what == "mvp_draw" else (),
            )
        )
    return rows


def _unused_row(
    match: Match, report: MatchReport, key: str, values: tuple[int, ...], names: Mapping[str, str]
) -> DieRow:
    request = request_for_key(report, key, count=len(values))
    return DieRow(
        key=key,
        what=request.what,
        step=step_of(request),
        side=request.side,
        count=len(values),
        sides=0,
        label=input_label(match, request, names),
        values=tuple(values),
    )


def _sheet(
    match: Match,
    ruleset: Ruleset,
    report: MatchReport,
    stored: Mapping[str, tuple[int, ...]],
    decisions: Decisions,
    names: Mapping[str, str],
) -> DiceSheet:
    rows = _rows(match, ruleset, report, stored, decisions, names)
    used = {row.key for row in rows if row.values is not None}
    return DiceSheet(
        rows, [_unused_row(match, report, key, values, names) for key, values in stored.items() if key not in used]
    )


def _state(match: Match) -> tuple[Ruleset, MatchReport, dict[str, tuple[int, ...]], Decisions]:
    given, decisions = stored_inputs(match)
    return match_ruleset(match), build_report(match), dict(given.rolls), decisions


def _refused_report(match: Match) -> MatchError:
    from matches.services.postcheck import postgame_problems  # (it imports the other services)

    return MatchError(postgame_problems(match) or [_("The post-match sequence cannot use this result.")])


def dice_sheet(match: Match) -> DiceSheet:
    """The dice the post-match sequence needs for the result as it stands, in its order, with the
    values entered so far, and the entered dice it would refuse. Raises MatchError (the readable
    reasons) when the result itself is refused."""
    ruleset, report, stored, decisions = _state(match)
    try:
        return _sheet(match, ruleset, report, stored, decisions, input_names(match, report, ruleset, stored))
    except InvalidReport:
        raise _refused_report(match) from None


def requested_dice(match: Match) -> list[DieRow]:
    return dice_sheet(match).rows


def _problems(rows: Mapping[str, DieRow], dice: Mapping[str, Sequence[int] | None]) -> list[str]:
    problems = []
    for key, values in dice.items():
        row = rows.get(key)
        if row is None:
            problems.append(_("“%(key)s” is not a die this match needs now.") % {"key": key})
            continue
        values = list(values or ())
        if values and len(values) != row.count:
            problems.append(
                ngettext(
                    "%(die)s: enter %(count)s die or none (%(given)s entered).",
                    "%(die)s: enter %(count)s dice or none (%(given)s entered).",
                    row.count,
                )
                % {"die": row.label, "count": row.count, "given": len(values)}
            )
        for value in values:
            try:
                check_die(value, row.sides)
            except (TypeError, ValueError):
                problems.append(
                    _("%(die)s: %(value)s is not a possible result of a D%(sides)s (1 to %(sides)s).")
                    % {"die": row.label, "value": value, "sides": row.sides}
                )
    return problems


def report_dice_enter(*, match: Match, dice: Mapping[str, Sequence[int] | None], by: User | None) -> list[DieRow]:
    """Store the dice rolled at the table: {key: values}; empty values clear an entered die (the
    server rolls it). Refused with every reason, nothing written, for a key the match does not need
    now, a wrong number of dice or a value out of range. Entered dice that decide nothing once this
    is saved (the improvement roll of a player who is no longer MVP) are deleted, else the sequence
    would refuse them. Returns those dice (not the ones cleared)."""
    check_participant(match, by)
    with transaction.atomic():
        lock_match(match)
        require_status(match, *OPEN)
        ruleset, report, stored, decisions = _state(match)
        cleared = {key for key, values in dice.items() if not values}
        entered = {key: tuple(values) for key, values in dice.items() if values}
        after_stored = {**{k: v for k, v in stored.items() if k not in cleared}, **entered}
        names = input_names(match, report, ruleset, after_stored)
        try:
            before = _sheet(match, ruleset, report, stored, decisions, names)
            after = _sheet(match, ruleset, report, after_stored, decisions, names)
        except InvalidReport:
            raise _refused_report(match) from None
        # A die the page showed, or one the new dice bring in (improvements of the new MVP).
        allowed = {row.key: row for row in after.rows} | {row.key: row for row in before.rows}
        problems = _problems(allowed, dice)
        if problems:
            raise MatchError(problems)
        used_after = {row.key for row in after.rows if row.values is not None}
        changed = {k: list(v) for k, v in entered.items() if k in used_after and stored.get(k) != v}
        removed = sorted(key for key in stored if key not in used_after)
        for key, values in changed.items():
            DiceRoll.objects.update_or_create(
                match=match, purpose=key, defaults={"values": values, "source": DiceRoll.Source.ENTERED}
            )
        DiceRoll.objects.filter(match=match, purpose__in=removed, source=DiceRoll.Source.ENTERED).delete()
        # A winnings die left to the server is never re-rolled (postgame.DEFAULT_DECISIONS): the
        # re-roll choice made on the result sheet would then be a decision the sequence refuses.
        sides = [key.split(":", 1)[1] for key in removed if key.startswith("winnings:")]
        Decision.objects.filter(match=match, key__in=[f"winnings_reroll:{side}" for side in sides]).delete()
        if changed or removed:
            log_action(
                action="matches.dice.entered",
                actor=by,
                league=match.league,
                match=match.pk,
                dice=changed,
                removed=removed,
            )
    return after.unused


def improvement_decision_keep(*, roll: Any, choice: str, by: Any, **_signal: Any) -> None:
    """A coach's improvement choice (teams.hooks.improvement_chosen) kept among the match's
    decisions, in the choice's transaction, so that a replay of the match makes the same choice."""
    Decision.objects.update_or_create(
        match_id=roll.match_id,
        key=f"improvement:{player_ref(roll.player_id)}:{roll.index}",
        defaults={"value": choice, "by": by},
    )
