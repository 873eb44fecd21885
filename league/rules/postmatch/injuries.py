"""The D68 casualty table and what a casualty does to a player (seed 000 p.25 L3093-3270)."""

from __future__ import annotations

from dataclasses import dataclass

from ..catalogue.characteristics import Characteristics
from ..dice import Dice, check_die
from ..ruleset import Ruleset
from ..types import CasualtyResult


def casualty_from_dice(ruleset: Ruleset, d6: int, d8: int) -> CasualtyResult:
    """D6 gives the tens, D8 the units: D6 2 and D8 3 read 23 (Badly Hurt)."""
    check_die(d6, 6, "casualty D6 (tens)")
    check_die(d8, 8, "casualty D8 (units)")
    return ruleset.casualty_table[d6 * 10 + d8]


def casualty(ruleset: Ruleset, d68: int) -> CasualtyResult:
    """The casualty for a D68 value; only 11-18, 21-28, ... 61-68 exist (spec §14 A20)."""
    if type(d68) is not int:
        raise ValueError(f"a D68 result is an integer, got {d68!r}")
    tens, units = divmod(d68, 10)
    if not 1 <= tens <= 6 or not 1 <= units <= 8:
        raise ValueError(f"{d68} is not a D68 result: tens must be 1-6 (D6) and units 1-8 (D8)")
    return casualty_from_dice(ruleset, tens, units)


def roll_casualty(ruleset: Ruleset, dice: Dice) -> CasualtyResult:
    """Roll D6 then D8. The result's d68 keeps both dice. Decay victims simply roll twice."""
    d6 = dice.roll(6)
    d8 = dice.roll(8)
    return casualty_from_dice(ruleset, d6, d8)


@dataclass(frozen=True, slots=True)
class InjuryEffect:
    result: CasualtyResult
    misses_next_game: bool
    niggling: bool
    stat: str | None  # characteristic actually lowered
    stat_ignored: bool  # a stat injury voided by the limits (-2 max, never below the minimum)
    dead: bool
    characteristics: Characteristics | None  # stats after the injury (None when not given)


def casualty_effect(ruleset: Ruleset, result: CasualtyResult, stats: Characteristics | None = None) -> InjuryEffect:
    """Apply a casualty result to a player's stats. A stat injury the limits void is ignored, but by
    default (ignored_injury_misses_next_game) the player still misses the next match (§14 A5).
    Without missed games (casualties_miss_next_game false) no result makes him miss it."""
    misses_at_all = ruleset.params.casualties_miss_next_game
    if result.stat is None:
        misses = result.misses_next_game and misses_at_all
        return InjuryEffect(result, misses, result.niggling, None, False, result.dead, stats)
    if stats is None:
        raise ValueError(f"casualty {result.key!r} lowers {result.stat.upper()}: the player's stats are needed")
    applies = stats.injury_applies(result.stat)
    misses = misses_at_all and (
        result.misses_next_game
        if applies
        else (result.misses_next_game and ruleset.params.ignored_injury_misses_next_game)
    )
    return InjuryEffect(
        result,
        misses,
        result.niggling,
        result.stat if applies else None,
        not applies,
        result.dead,
        stats.injured(result.stat),
    )
