"""The post-match sequence as a pure plan (spec §5, §7, §8; seed 000 p.29).

plan_post_match() turns a match report, its dice and the coaches' decisions into an ordered tuple
of Effects that the web layer applies and stores. It is deterministic: the same inputs always give
the same plan, so a stored match can be replayed. Dice come in as values keyed by natural keys
(see required_inputs); the server may roll the missing ones with roll_missing().
"""

from __future__ import annotations

from .dice import Dice, roll_many
from .postmatch_casualties import PlayerInjuries, ResolvedCasualty, killed, player_injuries, resolve_casualty
from .postmatch_check import check_report
from .postmatch_mvp import MvpDraw, draw_mvp, mvp_candidates
from .postmatch_run import Run
from .postmatch_steps import STEPS
from .postmatch_types import (
    CasualtyReport,
    Decisions,
    Effect,
    InputRequest,
    InvalidInput,
    InvalidReport,
    MatchDice,
    MatchReport,
    MissingInput,
    PlayerReport,
    PostMatchInputError,
    PostMatchPlan,
    SideReport,
)
from .types import Ruleset

__all__ = [
    "CasualtyReport", "Decisions", "Effect", "InputRequest", "InvalidInput", "InvalidReport", "MatchDice",
    "MatchReport", "MissingInput", "MvpDraw", "PlayerInjuries", "PlayerReport", "PostMatchInputError",
    "PostMatchPlan", "ResolvedCasualty", "SideReport", "check_report", "draw_mvp", "killed", "mvp_candidates",
    "plan_post_match", "player_injuries", "required_inputs", "resolve_casualty", "roll_missing",
]


def _walk(ruleset: Ruleset, report: MatchReport, dice: MatchDice | None, decisions: Decisions | None) -> Run:
    violations = check_report(ruleset, report)
    if violations:
        raise InvalidReport(violations)
    run = Run(ruleset, report, dice or MatchDice(), decisions or Decisions())
    for step in ruleset.post_match_steps:
        run.step = step
        STEPS[step](run)
    return run


def required_inputs(ruleset: Ruleset, report: MatchReport, dice: MatchDice | None = None,
                    decisions: Decisions | None = None) -> tuple[InputRequest, ...]:
    """The dice and decisions still missing, in step order (required=False: an improvement choice).

    Some inputs only appear once others are known: improvement dice after the MVP that pushes a
    player over a level, the winner's re-roll decision after its winnings die, the re-roll die after
    a "yes". Ask again after supplying inputs until nothing required is left. A key names one die
    set in MatchDice or one decision in Decisions (an improvement has one of each under one key).
    Raises InvalidReport when check_report finds anything.
    """
    return tuple(_walk(ruleset, report, dice, decisions).requests)


def roll_missing(ruleset: Ruleset, report: MatchReport, dice: Dice, given: MatchDice | None = None,
                 decisions: Decisions | None = None) -> MatchDice:
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


def plan_post_match(ruleset: Ruleset, report: MatchReport, dice: MatchDice | None = None,
                    decisions: Decisions | None = None) -> PostMatchPlan:
    """The ordered effects of the post-match sequence, grouped by ruleset.post_match_steps.

    Raises InvalidReport (check_report), InvalidInput (a die out of range, a choice the roll does not
    allow, a die or decision the match does not use) or MissingInput (listing every missing required
    die or decision). An improvement choice not made yet is no error: that roll is marked pending.
    """
    run = _walk(ruleset, report, dice, decisions)
    if run.problems:
        raise InvalidInput(tuple(run.problems))
    missing = tuple(r for r in run.requests if r.required)
    if missing:
        raise MissingInput(missing)
    unused = run.unused_inputs()
    if unused:
        raise InvalidInput(tuple(unused))
    return PostMatchPlan(steps=ruleset.post_match_steps, effects=tuple(run.effects), outcomes=dict(run.outcomes),
                         treasury=dict(run.treasury))
