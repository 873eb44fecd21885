"""Exceptions raised by the rules engine."""

from __future__ import annotations


class RulesetDataError(ValueError):
    """A ruleset data folder is broken.

    `problems` holds every problem found, each message starting with the file name and, when the
    problem sits on a row, its line number, so that a data author can fix them all in one go.
    """

    def __init__(self, problems: list[str] | tuple[str, ...]) -> None:
        self.problems = tuple(problems)
        count = len(self.problems)
        head = self.problems[0] if count else "invalid ruleset data"
        more = f" (and {count - 1} more: " + "; ".join(self.problems[1:]) + ")" if count > 1 else ""
        super().__init__(head + more)


class RulesetParameterError(ValueError):
    """A house-rule override names an unknown parameter or gives it a value of the wrong type."""


class DiceError(ValueError):
    """A die value is impossible (out of range) or a scripted dice sequence ran out."""
