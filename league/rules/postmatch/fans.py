"""Gate, FAME and the post-match Fan Factor roll (seed 000 p.18 L2256-2285, p.29 L3834-3840)."""

from __future__ import annotations

from dataclasses import dataclass

from .._rules_arg import RulesLike, check_outcome, params_of
from ..dice import Dice, roll_many


def fans(roll_2d6_total: int, fan_factor: int, rules: RulesLike | None = None, *, roll_bonus: int = 0) -> int:
    """Fans of one team: (2D6 + bonus + FF) x fans_per_point. Example: FF 5, roll 2+6 -> 13,000.

    `roll_bonus`: what the team's held trophies add to its roll (HolderBenefits.gate_roll_bonus,
    LRB6 Spike!: +2, p.32 L4140-4143); a trophy's fan factor point (PBBL) is part of `fan_factor`."""
    if not 2 <= roll_2d6_total <= 12:
        raise ValueError(f"a 2D6 total is 2-12, got {roll_2d6_total}")
    if fan_factor < 0 or roll_bonus < 0:
        raise ValueError(f"fan factor and roll bonus cannot be negative, got {fan_factor}, {roll_bonus}")
    return (roll_2d6_total + roll_bonus + fan_factor) * params_of(rules).fans_per_point


def fame(own_fans: int, opponent_fans: int) -> int:
    """0 when not more fans than the opponent, +1 when more, +2 when at least double."""
    if own_fans <= opponent_fans:
        return 0
    return 2 if own_fans >= 2 * opponent_fans else 1


def fan_factor_dice(outcome: str, rules: RulesLike | None = None) -> int:
    """How many D6 the Fan Factor roll uses: 3 for the winner, 2 after a draw or a loss."""
    p = params_of(rules)
    return {"win": p.fan_factor_dice_win, "draw": p.fan_factor_dice_draw, "loss": p.fan_factor_dice_loss}[
        check_outcome(outcome)
    ]


def fan_factor_change(
    *, fan_factor: int, outcome: str, roll_total: int | None, conceded_unjustified: bool = False, floor: int = 0
) -> int:
    """Change of FF (-1, 0 or +1). Win: roll > FF gives +1. Draw: > FF +1, < FF -1. Loss: < FF -1.

    An unjustified concession costs 1 point without any roll (p.29 L3863-3864). FF never goes
    below 0 (spec §14 A25), nor below `floor` (the ruleset's fan_factor_floor: a house rule whose
    legal team needs FF >= 1 keeps 1, seed 002 H:L7, spec H7).
    """
    delta = _unfloored_change(fan_factor, outcome, roll_total, conceded_unjustified)
    return 0 if delta < 0 and fan_factor + delta < max(floor, 0) else delta


def _unfloored_change(fan_factor: int, outcome: str, roll_total: int | None, conceded_unjustified: bool) -> int:
    check_outcome(outcome)
    if fan_factor < 0:
        raise ValueError(f"fan factor cannot be negative, got {fan_factor}")
    if conceded_unjustified:
        return -1 if fan_factor > 0 else 0
    if roll_total is None:
        raise ValueError("the Fan Factor roll total is required unless the team conceded without justification")
    if roll_total < 1:
        raise ValueError(f"a dice total is at least 1, got {roll_total}")
    if outcome in ("win", "draw") and roll_total > fan_factor:
        return 1
    if outcome in ("loss", "draw") and roll_total < fan_factor:
        return -1
    return 0


@dataclass(frozen=True, slots=True)
class FanFactorRoll:
    dice: tuple[int, ...]  # empty after an unjustified concession (no roll is made)
    total: int | None
    delta: int


def roll_fan_factor(
    rules: RulesLike, dice: Dice, *, fan_factor: int, outcome: str, conceded_unjustified: bool = False
) -> FanFactorRoll:
    """Roll the Fan Factor dice (if any) and return them with the resulting change."""
    values = () if conceded_unjustified else roll_many(dice, fan_factor_dice(outcome, rules), 6)
    total = sum(values) if values else None
    delta = fan_factor_change(
        fan_factor=fan_factor,
        outcome=outcome,
        roll_total=total,
        conceded_unjustified=conceded_unjustified,
        floor=params_of(rules).fan_factor_floor,
    )
    return FanFactorRoll(values, total, delta)
