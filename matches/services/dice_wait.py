"""Dice a change of the history newly needs, asked of the coach where the league says so.

A replay (a correction, a void, a restore, a late result) runs again matches already processed.
Their stored dice that still fit are kept in play order and the rest set aside
(postgame._store_plan); a die a step now needs and nobody stored (a step that newly happens, more
dice than stored, a face the new state no longer allows) is rolled by the server, unless the
league asks it of the team's coach (League.replay_dice_asked). Then the match is HELD instead:
the server's rolls of that run are taken back, what is asked is kept (DiceAsked, one row per die:
its key, how many dice of how many faces, after which kept values), and its teams' later matches
wait behind it, as behind a match held for its lines (matches.services.held). The coach enters
them on the match's dice page, or the commissioner lets the server roll them
(matches.services.dice_asked); the match is then confirmed again and queued, and runs with them.

Only a match run before is asked (generation > 0: run again by a replay, or undone by one and run
in its turn): a first run, a late result's own included, had its dice page, and rolls what was
left empty. Only what the stored dice already call for is asked: a die that another asked die
decides (the improvement roll of an MVP still to be drawn) is asked once that one is entered.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db.models import Max

from league.core.audit import log_action
from league.core.models import AuditEntry
from league.rules import Ruleset
from league.rules.postmatch import MatchReport, dice_in_use
from matches.dice_wait_models import DiceAsked
from matches.models import Decision, DiceRoll, Match
from matches.services.common import stored_inputs
from matches.services.events import publish_match
from matches.services.held import LinesHeld, _unapplied
from matches.services.snapshot import build_report

log = logging.getLogger(__name__)

SET_ASIDE = "matches.postgame.inputs_set_aside"  # postgame._set_aside's audit entry
ASKED = "matches.postgame.dice_asked"


@dataclass(frozen=True)
class Ask:
    key: str
    what: str
    side: str
    count: int  # dice to roll
    sides: int
    kept: tuple[int, ...] = ()  # the stored values that still fit: the asked dice come after them
    options: tuple[str, ...] = ()  # an MVP draw's candidates, as the planner lists them


class DiceWanted(LinesHeld):
    """The match waits for dice its coaches are asked for (a LinesHeld: a replay commits without it
    and its teams' later matches wait; a run that meets it holds it)."""

    def __init__(self, asks: tuple[Ask, ...]):
        super().__init__(())
        self.asks = asks
        self.args = (", ".join(ask.key for ask in asks),)

    def hold(self, match: Match) -> None:
        hold_for_dice(match, self.asks)


def asks_coach(match: Match, generation: int) -> bool:
    """Whether the dice this run newly needs are asked of the coaches (not on a first run)."""
    return bool(generation and match.league.replay_dice_asked)


Stored = TypeVar("Stored")


def store_or_ask(
    store: Callable[[Match, Ruleset, MatchReport | None], Stored],
    match: Match,
    ruleset: Ruleset,
    report: MatchReport | None,
    generation: int,
) -> Stored:
    """postgame._store_plan, or, where the coaches are asked, DiceWanted when it had to roll a die:
    its rolls taken back (the fitted dice and the set-aside stay, as the preview lists them)."""
    if not asks_coach(match, generation):
        return store(match, ruleset, report)
    report = build_report(match) if report is None else report
    marks: dict[Any, int] = {
        model: model.objects.aggregate(last=Max("pk"))["last"] or 0 for model in (DiceRoll, AuditEntry, Decision)
    }
    stored = store(match, ruleset, report)
    if not _take_back(match, marks):
        DiceAsked.objects.filter(match=match).delete()  # a need it waited for is gone (a later change)
        return stored
    asks = asked(match, ruleset, report)
    if not asks:  # nothing the stored dice call for is missing: cannot happen; the server rolls
        log.warning("match %s: dice rolled but none to ask; the server rolls them", match.pk)
        return store(match, ruleset, report)
    raise DiceWanted(asks)


def _take_back(match: Match, marks: dict[Any, int]) -> bool:
    """Undo what the server rolled in this run: the dice it rolled whole (deleted), the ones it
    completed after kept values (back to those), the default decisions it took with them. The
    set-aside audit entry no longer says rolled. Whether anything was rolled."""
    rolled = DiceRoll.objects.filter(match=match, pk__gt=marks[DiceRoll], source=DiceRoll.Source.SERVER)
    found = rolled.exists()
    rolled.delete()
    for entry in AuditEntry.objects.filter(pk__gt=marks[AuditEntry], action=SET_ASIDE, data__match=match.pk):
        completed = entry.data.get("rolled") or {}
        for key in completed:
            DiceRoll.objects.filter(match=match, purpose=key).update(values=entry.data["kept"][key])
        if completed:
            found = True
            AuditEntry.objects.filter(pk=entry.pk).update(data={**entry.data, "rolled": {}})
    if found:
        Decision.objects.filter(match=match, pk__gt=marks[Decision], by__isnull=True).delete()
    return found


def asked(match: Match, ruleset: Ruleset, report: MatchReport) -> tuple[Ask, ...]:
    """The dice the stored ones call for and that are missing, whole or in part (league.rules:
    dice_in_use, as the dice page asks them)."""
    given, decisions = stored_inputs(match)
    known, used, missing = dice_in_use(ruleset, report, given.rolls, decisions)
    asks = []
    for key, request in known.items():
        kept = () if key in missing else tuple(used.get(key, ()))
        if key in missing or len(kept) < request.count:
            count = request.count - len(kept)
            asks.append(Ask(key, request.what, request.side, count, request.sides, kept, tuple(request.options)))
    return tuple(asks)


def hold_for_dice(match: Match, asks: tuple[Ask, ...]) -> None:
    """Hold the match (its effects undone, or never applied) for the dice asked, audited: a
    correction's preview and the match page list them (matches.services.history_diff)."""
    _unapplied(match, Match.Status.HELD)
    before = set(DiceAsked.objects.filter(match=match).values_list("key", "count"))
    DiceAsked.objects.filter(match=match).delete()  # held again: what it asks now replaces what it asked
    DiceAsked.objects.bulk_create(
        DiceAsked(
            match_id=match.pk,
            key=ask.key,
            what=ask.what,
            side=ask.side,
            count=ask.count,
            sides=ask.sides,
            kept=list(ask.kept),
            options=list(ask.options) if ask.what == "mvp_draw" else [],
        )
        for ask in asks
    )
    teams = {side: match.team(side).name for side in {ask.side for ask in asks}}
    log_action(
        action=ASKED,
        actor=None,
        league=match.league,
        match=match.pk,
        asked={ask.key: {"count": ask.count, "sides": ask.sides, "team": teams[ask.side]} for ask in asks},
        kept={ask.key: list(ask.kept) for ask in asks if ask.kept},
    )
    # Each coach asked is told once the hold commits (a notice, a mail, a webhook), as a first
    # run's dice to enter are: the to-do lists them, the notice says where to look. Held again for
    # the same dice (the replay, then the run in its turn), he is not told twice.
    if before == {(ask.key, ask.count) for ask in asks}:
        return
    for side in sorted(teams):
        coach_id = match.team(side).coach_id
        count = sum(ask.count for ask in asks if ask.side == side)
        if coach_id is not None:
            publish_match(
                "decision.waiting",
                match.pk,
                recipients=(coach_id,),
                words={"decision": "dice", "count": count, "team": teams[side]},
                more={"decisions": {"dice": count}, "coach": coach_id},
            )
