"""What a result may be under the ruleset's result policy (codes, never sentences).

Two core parameters say it:

- `draws_allowed`: a level score nobody conceded stands as a draw. When False (classic 3rd
  edition, 004 L233), a tie goes to sudden-death overtime and, still level, to a D6 shoot-out
  re-rolled on ties: the result names the shoot-out's winner and may keep its dice. A play-off
  match never ends in a draw, whatever the ruleset (the same overtime, then the shoot-out).
- `result_mode`: "score" (any score) or "first_touchdown" (Dungeon Bowl, seed 003 D:L49, spec
  §3.7, D6: the first touchdown wins and ends the match, so a result is 1-0 to its scorer, or
  0-0 when a team conceded before anyone scored; it never ends level). A league that plays with
  "more balls" sets it to "score" (a house rule the ruleset offers as a setting).

The shoot-out's dice are pairs [home D6, away D6], in order: every pair but the last is level
(re-rolled), the last names the winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..catalogue.team_building import Violation
from ..ruleset import Ruleset
from .finance import Side

SIDES: tuple[Side, Side] = ("home", "away")


def draws_possible(ruleset: Ruleset) -> bool:
    """Whether a league match of this ruleset may end in a draw (the standings' draw column)."""
    return ruleset.params.draws_allowed and ruleset.params.result_mode == "score"


def ties_resolved(ruleset: Ruleset, playoff: bool) -> bool:
    """Whether a level score goes to overtime and a shoot-out (a play-off match, or no draws)."""
    return ruleset.params.result_mode == "score" and (playoff or not ruleset.params.draws_allowed)


def shootout_dice_winner(dice: Sequence[Sequence[int]]) -> Side | None:
    """The side the shoot-out's last pair names (None: no dice, or the last pair is level)."""
    if not dice:
        return None
    home, away = dice[-1]
    return None if home == away else "home" if home > away else "away"


def _dice_violations(dice: Sequence[object], winner: str) -> list[Violation]:
    found: list[Violation] = []
    pairs: list[tuple[int, int]] = []
    for pair in dice:
        if (
            not isinstance(pair, list | tuple)
            or len(pair) != 2
            or not all(type(d) is int and 1 <= d <= 6 for d in pair)
        ):
            return [Violation("shootout_dice_not_pairs", {"pair": repr(pair)})]
        pairs.append((int(pair[0]), int(pair[1])))
    if any(home != away for home, away in pairs[:-1]) or pairs[-1][0] == pairs[-1][1]:
        found.append(Violation("shootout_dice_order", {}))
    elif shootout_dice_winner(pairs) != winner:
        found.append(Violation("shootout_dice_winner", {"winner": winner}))
    return found


def result_violations(
    ruleset: Ruleset,
    *,
    home_score: int,
    away_score: int,
    conceded_by: str = "",
    shootout_winner: str = "",
    shootout_dice: Sequence[object] = (),
    overtime: bool = False,
    playoff: bool = False,
) -> tuple[Violation, ...]:
    """Every way the result does not fit the ruleset's result policy (the score's own sanity, its
    touchdowns' credit and the concession's side are checked elsewhere)."""
    found: list[Violation] = []
    tied = home_score == away_score and not conceded_by
    resolved = ties_resolved(ruleset, playoff)
    if ruleset.params.result_mode == "first_touchdown":
        if conceded_by in SIDES:
            winner_score = away_score if conceded_by == "home" else home_score
            loser_score = home_score if conceded_by == "home" else away_score
            if loser_score or winner_score > 1:
                found.append(Violation("first_touchdown_conceded_score", {"home": home_score, "away": away_score}))
        elif sorted((home_score, away_score)) != [0, 1]:
            found.append(Violation("first_touchdown_score", {"home": home_score, "away": away_score}))
    if shootout_winner:
        if shootout_winner not in SIDES:
            found.append(Violation("shootout_side", {}))
        elif not resolved:
            found.append(Violation("shootout_not_allowed", {"playoff_only": ruleset.params.draws_allowed}))
        elif not tied:
            found.append(Violation("shootout_not_tied", {}))
    elif tied and resolved:
        found.append(Violation("winner_needed", {"playoff": playoff}))
    if shootout_dice:
        if not shootout_winner or found:
            if not shootout_winner:
                found.append(Violation("shootout_dice_without_shootout", {}))
        else:
            found += _dice_violations(shootout_dice, shootout_winner)
    if overtime and not resolved:
        found.append(Violation("overtime_not_allowed", {}))
    return tuple(found)
