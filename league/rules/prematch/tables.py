"""Table-roll pre-match steps: a 2D6 roll on a table, declared in data (docs/rulesets.md).

A ruleset declares each one in its ruleset.toml, `[pre_match_tables.<step>]`: the table's file
(its key column is `<step>_key`, beside roll_from, roll_to, name_en, name_fr and the optional
effect_en/effect_fr), the step's label in English and French, and whether the match page shows the
result's effect under its name. Listing `<step>` in `[sequence] pre_match_steps` makes the pre-match
roll it. The weather (LRB6 p.20 L2481-2524, PBBL P21/L50) is one such step, so a ruleset that rolls
another table before its matches (a dungeon's state, say) needs no Python.

The result is stored under the step's name with the dice that gave it (the web layer keeps both),
so a stored match is replayed from its dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dice import Dice, roll_many
from ..ruleset import Ruleset
from ..types import PreMatchTable, TableEntry


@dataclass(frozen=True, slots=True)
class PreMatchRoll:
    step: str
    dice: tuple[int, int]  # one 2D6 is stored, as for the weather (A15)
    result: TableEntry


def pre_match_table(ruleset: Ruleset, step: str) -> PreMatchTable:
    """The table behind a table-roll step; KeyError if the ruleset declares none for `step`."""
    return ruleset.pre_match_tables[step]


def table_result(ruleset: Ruleset, step: str, total: int) -> TableEntry:
    """The row of the step's table a 2D6 total falls on (the loader checked that every total has one)."""
    if type(total) is not int or not 2 <= total <= 12:
        raise ValueError(f"a {step} roll is a 2D6 total (2-12), got {total!r}")
    return next(e for e in pre_match_table(ruleset, step).entries if e.roll_from <= total <= e.roll_to)


def roll_table(ruleset: Ruleset, step: str, dice: Dice) -> PreMatchRoll:
    first, second = roll_many(dice, 2, 6)
    return PreMatchRoll(step, (first, second), table_result(ruleset, step, first + second))


def is_table_step(ruleset: Ruleset, step: str) -> bool:
    return step in ruleset.pre_match_tables
