"""The ELO arithmetic, in integers only (docs/ratings.md): ratings and deltas in tenths of a point,
the expected score in ten-thousandths, so that a league's ratings are the same numbers whatever
the database, the machine or the order in which they were first computed.

Pure Python (no Django): the tests check it against known values.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from functools import lru_cache

TENTHS = 10  # a rating is stored in tenths of a point: 1500.0 is 15000
SCALE = 10_000  # the expected score in ten-thousandths: 0.5 is 5000
# Elo's logistic curve: a 400-point gap gives the stronger side 10 to 1 odds.
SPREAD = 400 * TENTHS
# A gap above 400 points counts as 400 (the FIDE rule), so that a win between mismatched
# opponents still moves both ratings a little and the table of expected scores stays small.
MAX_GAP = 400 * TENTHS

WIN, DRAW, LOSS = SCALE, SCALE // 2, 0  # a side's score: 1, 0.5, 0

DEFAULT_START = 1500 * TENTHS
DEFAULT_K = 20


@lru_cache(maxsize=MAX_GAP + 1)
def _expected_ahead(gap: int) -> int:
    """The expected score, in ten-thousandths, of a side `gap` tenths of a point ahead (gap >= 0).

    Decimal arithmetic rounds each operation correctly (its specification, not the C library's
    pow), so this table is the same on every machine; the result is rounded half to even."""
    with localcontext() as ctx:
        ctx.prec = 28
        power = Decimal(10) ** (Decimal(-gap) / Decimal(SPREAD))
        value = Decimal(SCALE) / (1 + power)
        return int(value.quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def expected(rating: int, opponent: int) -> int:
    """The expected score of `rating` against `opponent` (both in tenths), in ten-thousandths.
    expected(a, b) + expected(b, a) == SCALE exactly: what one side gains the other loses."""
    gap = max(-MAX_GAP, min(MAX_GAP, rating - opponent))
    return _expected_ahead(gap) if gap >= 0 else SCALE - _expected_ahead(-gap)


def _round_div(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded half away from zero (symmetric, so deltas stay zero-sum)."""
    sign = -1 if numerator < 0 else 1
    return sign * ((abs(numerator) * 2 + denominator) // (2 * denominator))


def delta(rating: int, opponent: int, score: int, k: int) -> int:
    """How many tenths `rating` moves after a game scored `score` (WIN, DRAW or LOSS) against
    `opponent`, with K factor `k` (whole points): K x (score - expected)."""
    if score not in (WIN, DRAW, LOSS):
        raise ValueError(f"a score is {WIN}, {DRAW} or {LOSS}, not {score}")
    return _round_div(k * TENTHS * (score - expected(rating, opponent)), SCALE)


def game(home: int, away: int, home_score: int, k: int) -> tuple[int, int]:
    """Both sides' deltas after a game (home's score WIN, DRAW or LOSS): opposite numbers."""
    moved = delta(home, away, home_score, k)
    return moved, -moved


def points(tenths: int) -> str:
    """A rating as shown: 1523.4."""
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), TENTHS)
    return f"{sign}{whole}.{tenth}"
