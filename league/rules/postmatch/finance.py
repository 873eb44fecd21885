"""Money after a match: winnings, concessions and spiralling expenses (spec §7-§8, seed 000 p.29)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .._rules_arg import RulesLike, check_outcome, outcome_from_score, params_of
from ..dice import check_die
from ..ruleset import Ruleset

Side = Literal["home", "away"]


def spiralling_expenses(rules: RulesLike, team_value: int) -> int:
    """Expense owed for a TV: 0 below the threshold, then one step per started band."""
    p = params_of(rules)
    over = team_value - p.spiralling_expenses_threshold
    if p.spiralling_expenses_strictly_above:  # one step per band or part above it (PBBL P38/L84)
        return p.spiralling_expenses_step * -(-over // p.spiralling_expenses_band) if over > 0 else 0
    if over < 0:
        return 0
    return p.spiralling_expenses_step * (1 + over // p.spiralling_expenses_band)


def spiralling_expenses_paid(rules: RulesLike, team_value: int, treasury: int) -> int:
    """What is actually paid: expenses never push the treasury below 0 (p.29)."""
    return min(spiralling_expenses(rules, team_value), max(treasury, 0))


def spiralling_expenses_basis(rules: RulesLike, *, roster_tv: int, petty_cash: int) -> int:
    """TV on which expenses are computed: the pre-match roster TV, plus petty cash only under
    the literal reading of p.29 L3741-3742 (parameter se_tv_includes_petty_cash, spec §14 A1)."""
    return roster_tv + petty_cash if params_of(rules).se_tv_includes_petty_cash else roster_tv


def winnings(
    ruleset: Ruleset,
    *,
    roll: int,
    fame: int,
    outcome: str,
    conceded: bool = False,
    multiplier: int = 1,
    bonus: int = 0,
) -> int:
    """(D6 + FAME) x per point, + the win-or-draw bonus; x multiplier (semi-final, final), + bonus
    (e.g. Blood Bowl holder, added after doubling, spec §14 A11). A conceding team gets nothing.

    The short-league option (p.34 L4472-4479, parameter short_league_winnings) adds its extra for
    the outcome, or doubles the FAME in the roll, before the multiplier (docs/decisions/rules.md,
    "Where the short-league extra goes: before the play-off doubling")."""
    check_die(roll, 6, "winnings roll")
    check_outcome(outcome)
    if fame < 0:
        raise ValueError(f"FAME cannot be negative, got {fame}")
    if multiplier < 1 or bonus < 0:
        raise ValueError("multiplier must be at least 1 and bonus not negative")
    if conceded:
        return 0
    p = ruleset.params
    if p.short_league_winnings == "double_fame":
        fame *= 2
    base = (roll + fame) * p.winnings_per_point
    if outcome == "win" or (outcome == "draw" and p.winnings_bonus_on_draw):
        base += p.winnings_bonus_win_or_draw
    if p.short_league_winnings == "extra":
        base += p.short_league_extra_win_or_draw if outcome in ("win", "draw") else p.short_league_extra_loss
    return base * multiplier + bonus


@dataclass(frozen=True, slots=True)
class SideWinnings:
    roll: int
    fame: int
    outcome: str
    conceded: bool
    earned: int  # what the side's own roll is worth, before any concession rule
    received: int  # what goes into its treasury


@dataclass(frozen=True, slots=True)
class MatchWinnings:
    home: SideWinnings
    away: SideWinnings
    transferred: int  # the conceder's winnings handed to the winner (0 without a penalised concession)
    concession_penalised: bool

    def side(self, side: Side) -> SideWinnings:
        return self.home if side == "home" else self.away


def concession_penalised(ruleset: Ruleset, *, conceded: bool, justified: bool) -> bool:
    """Whether the full concession penalties apply (p.29 L3856-3868, spec §14 A3)."""
    return conceded and (not justified or ruleset.params.justified_concession_penalties)


def match_winnings(
    ruleset: Ruleset,
    *,
    home_roll: int,
    home_fame: int,
    away_roll: int,
    away_fame: int,
    home_score: int,
    away_score: int,
    conceded_by: Side | None = None,
    justified: bool = False,
    multiplier: int = 1,
    home_bonus: int = 0,
    away_bonus: int = 0,
) -> MatchWinnings:
    """Both sides' winnings. The conceder always receives nothing; after a penalised concession the
    winner also receives what the conceder's own roll was worth. The non-conceder wins (spec §8)."""
    if conceded_by not in (None, "home", "away"):
        raise ValueError(f"conceded_by must be 'home', 'away' or None, got {conceded_by!r}")
    penalised = concession_penalised(ruleset, conceded=conceded_by is not None, justified=justified)
    sides = {}
    for side, roll, fame, own, other, bonus in (
        ("home", home_roll, home_fame, home_score, away_score, home_bonus),
        ("away", away_roll, away_fame, away_score, home_score, away_bonus),
    ):
        if conceded_by is None:
            outcome = outcome_from_score(own, other)
        else:
            outcome = "loss" if side == conceded_by else "win"
        earned = winnings(ruleset, roll=roll, fame=fame, outcome=outcome, multiplier=multiplier, bonus=bonus)
        sides[side] = (roll, fame, outcome, side == conceded_by, earned)
    transferred = sides[conceded_by][4] if conceded_by is not None and penalised else 0
    result = {}
    for side, (roll, fame, outcome, conceded, earned) in sides.items():
        received = 0 if conceded else earned + (transferred if conceded_by is not None else 0)
        result[side] = SideWinnings(roll, fame, outcome, conceded, earned, received)
    return MatchWinnings(result["home"], result["away"], transferred, penalised)


def minor_tournament_prize_cap(rules: RulesLike) -> int:
    """The most a minor tournament may pay (A14): minor_prize_cap_percent of the usual winnings,
    read as the most one match pays: (D6 at 6 + FAME at 2) x per point + the win bonus."""
    p = params_of(rules)
    most = (6 + 2) * p.winnings_per_point + p.winnings_bonus_win_or_draw
    return most * p.minor_prize_cap_percent // 100
