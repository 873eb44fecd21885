"""A post-match step declared in data: a roll on a table whose rows apply effects the sequence
already knows (a niggling injury, a characteristic lost), such as a house rule's ageing roll
(seed 002, "Jet de vieillissement": after each experience roll, 2D6 at least the level's target
avoids it, else 2D6 on the ageing table). The step's settings are the ruleset's TableRoll
(loading/table_rolls.py); the plan walks it where post_match_steps lists its key.

Every die is asked for with run.die, so it is stored and replayed like the others; every effect is
keyed "<roll key>:<player>[:<n>]", unique in the match, so a re-run changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..ruleset import Ruleset
from ..types import SppLevel, TableRoll, TableRollOutcome
from .finance import Side
from .records import SIDES, InputRequest, PlayerReport
from .run import Run
from .spp import levels_for, spp_level

__all__ = ["roll_on_table", "table_roll_outcome"]


def _level_of_roll(levels: tuple[SppLevel, ...], n: int) -> SppLevel:
    """The level a player reached with his n-th improvement roll (the first that gives n rolls)."""
    return next((level for level in levels if level.improvement_rolls >= n), levels[-1])


def _triggers(run: Run, roll: TableRoll, team_key: str, player: PlayerReport) -> Iterator[tuple[str, SppLevel]]:
    """(effect key, level reached) for each roll the player makes in this match."""
    where = {"team_key": player.list_key(team_key), "position_key": player.position_key}
    if roll.trigger == "improvement":
        levels = levels_for(run.ruleset, **where)
        for effect in run.effects:
            if effect.step == "improvements" and effect.kind == "improvement" and effect.player_ref == player.ref:
                n = int(effect.key.rsplit(":", 1)[1])
                yield f"{roll.key}:{player.ref}:{n}", _level_of_roll(levels, n)
    elif not run.dead(player.ref):  # "level": once, for a player whose level rose in this match
        before = spp_level(run.ruleset, player.spp_before, **where)
        after = spp_level(run.ruleset, run.spp[player.ref], **where)
        if after != before:
            yield f"{roll.key}:{player.ref}", after


def roll_on_table(run: Run, roll: TableRoll) -> None:
    for side in SIDES:
        team_key = run.report.side(side).team_key
        for player in run.roster(side):
            for key, level in _triggers(run, roll, team_key, player):
                if roll.avoid_dice is not None:
                    target = roll.avoid_targets.get(level.key)
                    if target is None:  # no roll at this level (seed 002: none for a beginner)
                        continue
                    count, sides = roll.avoid_dice
                    request = InputRequest(f"{key}:avoid", "dice", "table_roll_avoid", side, player.ref, count, sides)
                    avoid = run.die(request)
                    if avoid is None or sum(avoid) >= target:
                        continue
                count, sides = roll.dice
                values = run.die(InputRequest(key, "dice", "table_roll", side, player.ref, count, sides))
                if values is not None:
                    _apply(run, roll, side, player.ref, key, values)


def _apply(run: Run, roll: TableRoll, side: Side, ref: str, key: str, values: tuple[int, ...]) -> None:
    """The row's effect, of a kind the sequence already applies; the outcome's key stands where a
    casualty's would (the injury's cause), and the effect's step is the roll's key."""
    outcome = roll.outcome(sum(values))
    if outcome.effect == "niggling_injury":
        run.emit(side, "niggling_injury", key, player_ref=ref, casualty=outcome.key, dice=values)
    elif outcome.effect == "stat_injury" and outcome.stat:
        # The limits count this match's casualties and the table rolls walked before this one.
        stats = run.injuries[ref].characteristics
        for earlier in run.effects:
            if earlier.player_ref == ref and earlier.kind == "stat_injury" and earlier.step in run.ruleset.table_rolls:
                stats = stats.injured(earlier.stat or "")
        if stats.injury_applies(outcome.stat):
            run.emit(side, "stat_injury", key, player_ref=ref, casualty=outcome.key, stat=outcome.stat, dice=values)
        else:
            run.emit(
                side,
                "injury_ignored",
                key,
                player_ref=ref,
                casualty=outcome.key,
                stat=outcome.stat,
                dice=values,
                reason="stat_limit",
            )


def table_roll_outcome(ruleset: Ruleset, key: str | None) -> TableRollOutcome | None:
    """The table row whose key an injury names as its cause (outcome keys are never casualty keys)."""
    for roll in ruleset.table_rolls.values():
        for outcome in roll.outcomes:
            if outcome.key == key:
                return outcome
    return None
