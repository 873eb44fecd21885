"""The post-match sequence as a pure plan (spec §5, §7, §8; seed 000 p.29).

plan_post_match() turns a match report, its dice and the coaches' decisions into an ordered tuple
of Effects that the web layer applies and stores. It is deterministic: the same inputs always give
the same plan, so a stored match can be replayed. Dice come in as values keyed by natural keys
(see required_inputs); the server may roll the missing ones with roll_missing().
"""

from __future__ import annotations

from collections.abc import Mapping

from ..dice import Dice, roll_many
from ..registry import POST_MATCH
from ..ruleset import Ruleset
from . import card_plays, healing, steps, steps_players  # noqa: F401  (they register the steps)
from .casualties import PlayerInjuries, ResolvedCasualty, killed, player_injuries, resolve_casualty
from .check import check_report
from .effects import Effect, PostMatchPlan
from .finance import Side
from .kinds import money, players, teams  # noqa: F401  (they declare the effect kinds)
from .mvp import MvpDraw, draw_mvp, mvp_candidates
from .records import (
    INPUT_PREFIXES,
    SIDES,
    CardPlay,
    CasualtyReport,
    Decisions,
    InputProblem,
    InputRequest,
    InvalidInput,
    InvalidReport,
    MatchDice,
    MatchReport,
    MissingInput,
    PlayerReport,
    PostMatchInputError,
    SideReport,
    die_faces,
)
from .run import Run
from .table_rolls import roll_on_table

__all__ = [
    "CardPlay",
    "CasualtyReport",
    "Decisions",
    "Effect",
    "InputProblem",
    "InputRequest",
    "InvalidInput",
    "InvalidReport",
    "MatchDice",
    "MatchReport",
    "MissingInput",
    "MvpDraw",
    "PlayerInjuries",
    "PlayerReport",
    "PostMatchInputError",
    "PostMatchPlan",
    "ResolvedCasualty",
    "SideReport",
    "check_report",
    "dice_in_use",
    "die_faces",
    "draw_mvp",
    "killed",
    "mvp_candidates",
    "plan_post_match",
    "plan_rolling_missing",
    "player_injuries",
    "request_for_key",
    "required_inputs",
    "resolve_casualty",
    "roll_missing",
]


def _walk(
    ruleset: Ruleset, report: MatchReport, dice: MatchDice | None, decisions: Decisions | None, like: Run | None = None
) -> Run:
    """One pass through the steps; `like`, an earlier walk of the same report, saves checking the
    report and resolving its casualties again."""
    if like is None:
        violations = check_report(ruleset, report)
        if violations:
            raise InvalidReport(violations)
    report = card_plays.with_card_plays(ruleset, report)
    run = Run(ruleset, report, dice or MatchDice(), decisions or Decisions(), like.suffered if like else None)
    for step in ruleset.post_match_steps:
        run.step = step
        if step in ruleset.table_rolls:  # a step declared in the ruleset's data
            roll_on_table(run, ruleset.table_rolls[step])
        else:
            POST_MATCH[step](run)
    return run


def required_inputs(
    ruleset: Ruleset, report: MatchReport, dice: MatchDice | None = None, decisions: Decisions | None = None
) -> tuple[InputRequest, ...]:
    """The dice and decisions still missing, in step order (required=False: an improvement choice).

    Some inputs only appear once others are known: improvement dice after the MVP that pushes a
    player over a level, the winner's re-roll decision after its winnings die, the re-roll die after
    a "yes". Ask again after supplying inputs until nothing required is left. A key names one die
    set in MatchDice or one decision in Decisions (an improvement has one of each under one key).
    Raises InvalidReport when check_report finds anything.
    """
    return tuple(_walk(ruleset, report, dice, decisions).requests)


def request_for_key(report: MatchReport, key: str, *, decision: bool = False, count: int = 0) -> InputRequest:
    """The request a stored key answers, read off the key itself: to name a die or decision the
    steps no longer ask for (the result changed since it was entered)."""
    prefix, _sep, rest = key.partition(":")
    whats = INPUT_PREFIXES.get(prefix, (prefix, prefix))
    target = rest.split(":", 1)[0]
    side_of: dict[str, Side] = {p.ref: side for side in SIDES for p in report.side(side).players}
    side: Side = target if target in SIDES else side_of.get(target, "home")
    player = None if target in SIDES else target
    return InputRequest(
        key, "decision" if decision else "dice", whats[1] if decision else whats[0], side, player, count=count
    )


def dice_in_use(
    ruleset: Ruleset, report: MatchReport, stored: Mapping[str, tuple[int, ...]], decisions: Decisions | None = None
) -> tuple[dict[str, InputRequest], dict[str, tuple[int, ...]], set[str]]:
    """Every die request the `stored` dice lead to: (requests by key, the stored dice the steps use,
    the keys still missing). A stored die is handed to the steps only once they ask for it, so one
    they no longer ask for (the MVP changed, and with him who levels up) is left out rather than
    refused. Raises InvalidReport."""
    known: dict[str, InputRequest] = {}
    used: dict[str, tuple[int, ...]] = {}
    missing: set[str] = set()
    run = None
    for _ in range(8):  # the chains are short (MVP -> improvements, winnings -> re-roll)
        run = _walk(ruleset, report, MatchDice(used), decisions, like=run)
        wanted = [r for r in run.requests if r.kind == "dice"]
        known.update({r.key: r for r in wanted})
        missing = {r.key for r in wanted if r.key not in stored}
        found = {r.key: tuple(stored[r.key]) for r in wanted if r.key in stored}
        if not found:
            break
        used.update(found)
    return known, used, missing


def roll_missing(
    ruleset: Ruleset,
    report: MatchReport,
    dice: Dice,
    given: MatchDice | None = None,
    decisions: Decisions | None = None,
) -> MatchDice:
    """`given` plus every missing die, rolled with `dice` (SeededDice on the server), in request order.

    Decisions are never invented: when one is missing (the winner's re-roll, an MVP pick) the dice
    that depend on it stay missing; call again once the coach has decided. Store the result: it is
    what plan_post_match replays.
    """
    current = given or MatchDice()
    # Each round only adds dice that became askable; the chain is at most MVP -> improvements and
    # winnings -> re-roll, so a few rounds always suffice.
    for _ in range(8):
        wanted = [r for r in required_inputs(ruleset, report, current, decisions) if r.kind == "dice"]
        if not wanted:
            return current
        current = current.merged({r.key: roll_many(dice, r.count, r.sides) for r in wanted})
    raise RuntimeError("post-match dice requests did not settle")  # unreachable with the known steps


def plan_post_match(
    ruleset: Ruleset, report: MatchReport, dice: MatchDice | None = None, decisions: Decisions | None = None
) -> PostMatchPlan:
    """The ordered effects of the post-match sequence, grouped by ruleset.post_match_steps.

    Raises InvalidReport (check_report), InvalidInput (a die out of range, a choice the roll does not
    allow, a die or decision the match does not use) or MissingInput (listing every missing required
    die or decision). An improvement choice not made yet is no error: that roll is marked pending.
    """
    return _plan(ruleset, _walk(ruleset, report, dice, decisions))


def plan_rolling_missing(
    ruleset: Ruleset,
    report: MatchReport,
    dice: Dice,
    given: MatchDice | None = None,
    decisions: Decisions | None = None,
    defaults: Mapping[str, str | bool] | None = None,
) -> tuple[MatchDice, Decisions, PostMatchPlan]:
    """roll_missing, then default decisions, then plan_post_match, in one walk per round of newly
    askable inputs (usually 2 or 3 instead of 5): the server's path.

    `defaults` maps an InputRequest.what to the value a decision takes when nobody made it (the
    caller's policy, e.g. a winner who left its winnings die to the server keeps it). Returns the
    dice and decisions completed with what was rolled or assumed, for the caller to store, and the
    plan; raises as plan_post_match does.
    """
    current, decided, defaults = given or MatchDice(), decisions or Decisions(), defaults or {}
    run = None
    for _ in range(8):
        run = _walk(ruleset, report, current, decided, like=run)
        rolled = {r.key: roll_many(dice, r.count, r.sides) for r in run.requests if r.kind == "dice"}
        assumed = {r.key: defaults[r.what] for r in run.requests if r.kind == "decision" and r.what in defaults}
        if not rolled and not assumed:
            return current, decided, _plan(ruleset, run)
        current, decided = current.merged(rolled), decided.merged(assumed)
    raise RuntimeError("post-match dice requests did not settle")  # unreachable with the known steps


def _plan(ruleset: Ruleset, run: Run) -> PostMatchPlan:
    if run.problems:
        raise InvalidInput(tuple(run.problems))
    missing = tuple(r for r in run.requests if r.required)
    if missing:
        raise MissingInput(missing)
    unused = run.unused_inputs()
    if unused:
        raise InvalidInput(tuple(unused))
    return PostMatchPlan(
        steps=ruleset.post_match_steps,
        effects=tuple(run.effects),
        outcomes=dict(run.outcomes),
        treasury=dict(run.treasury),
    )
