"""Which name a round or a play-off game takes: pure, so every page and feed names it alike.

A regular or Swiss round is "round n". A play-off round is named by the bracket's round code
(league.scheduling.brackets.round_code: "final", "semi_final", "quarter_final", "round_of_16"...),
and the third-place game, played in the final's round, by itself. The web layer words the name
(league.competitions.seasons.round_labels).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

RoundKind = Literal["round", "final", "semi_final", "quarter_final", "round_of", "third_place"]

NAMED_CODES: tuple[RoundKind, ...] = ("final", "semi_final", "quarter_final")
ROUND_OF = "round_of_"


@dataclass(frozen=True, slots=True)
class RoundName:
    """`kind` says which words name it; `number` is the round's number ("round") or the number of
    teams the round starts with ("round_of": the round of 16)."""

    kind: RoundKind
    number: int = 0


def round_name(number: int, code: str = "", *, third_place: bool = False) -> RoundName:
    """The name of round `number` (its bracket code for a play-off round), or of the third-place game."""
    if third_place:
        return RoundName("third_place")
    for kind in NAMED_CODES:
        if code == kind:
            return RoundName(kind)
    if code.startswith(ROUND_OF) and code.removeprefix(ROUND_OF).isdigit():
        return RoundName("round_of", int(code.removeprefix(ROUND_OF)))
    return RoundName("round", number)
