"""Dice sources. Rule functions never call random themselves: they take die values or a Dice.

Either the server rolls (SeededDice, reproducible from its seed) or a human types what the real
dice showed (ScriptedDice). Both hand out plain ints, and outcomes carry the values used, so every
result can be stored and replayed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from .errors import DiceError


@runtime_checkable
class Dice(Protocol):
    def roll(self, sides: int) -> int:
        """One die with `sides` faces: a value in 1..sides."""
        ...


def check_die(value: int, sides: int, what: str = "") -> int:
    """`value` if it is a possible result of a die with `sides` faces, else DiceError."""
    if type(value) is not int or not 1 <= value <= sides:
        label = f"{what}: " if what else ""
        raise DiceError(f"{label}{value!r} is not a possible D{sides} result (1-{sides})")
    return value


def _check_sides(sides: int) -> None:
    if type(sides) is not int or sides < 2:
        raise DiceError(f"a die needs at least 2 sides, got {sides!r}")


class SeededDice:
    """Server-side rolls; the same seed always gives the same sequence."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self.history: list[tuple[int, int]] = []  # (sides, value) of every roll, for the match log

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        value = self._random.randint(1, sides)
        self.history.append((sides, value))
        return value


class ScriptedDice:
    """Dice whose values were entered by a human (or a test), handed out in order."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self._next = 0

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        if self._next >= len(self._values):
            raise DiceError(
                f"no die value left: a D{sides} was asked for after all {len(self._values)} entered value(s) were used"
            )
        value = self._values[self._next]
        check_die(value, sides, f"entered value #{self._next + 1}")
        self._next += 1
        return value


def roll_many(dice: Dice, count: int, sides: int) -> tuple[int, ...]:
    """`count` dice of `sides` faces, in rolling order."""
    return tuple(dice.roll(sides) for _ in range(count))
