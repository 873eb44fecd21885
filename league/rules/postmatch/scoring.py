"""Which touchdowns of a reported score count (codes, never sentences).

A touchdown counts when it is credited to the roster player who scored it: that is what earns him
his SPP, so a score the report does not explain would silently lose them. A report may also declare
touchdowns that no roster player can be credited with, and the ruleset says when that is allowed:

- scored by an induced star player or mercenary (they earn no SPP for the team): allowed for a side
  that fielded one;
- awarded with no scorer, when the opponent could field no player after the KO rolls (LRB6 p.15
  L1940-1945, spec A21): parameter `awarded_touchdowns_without_scorer`;
- after a concession, the side that did not concede may be given a score (the rulebook leaves the
  score open, spec §8): parameter `conceded_match_score_needs_no_scorer`; its touchdowns beyond
  those credited then need no declaration.

A side's touchdowns credited and declared may never exceed its score.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..catalogue.team_building import Violation
from ..ruleset import Ruleset
from .finance import Side

SIDES = ("home", "away")


@dataclass(frozen=True, slots=True)
class SideScore:
    score: int
    credited: int  # touchdowns credited to roster players on the report
    declared: int = 0  # touchdowns the report declares with no roster scorer
    induced_players: int = 0  # star players and mercenaries the side fielded


def uncredited_touchdowns_allowed(ruleset: Ruleset, side: SideScore) -> bool:
    """Whether this side may declare touchdowns that no roster player is credited with."""
    return side.induced_players > 0 or ruleset.params.awarded_touchdowns_without_scorer


def score_needs_scorers(ruleset: Ruleset, side: str, conceded_by: str) -> bool:
    """False for the side that did not concede, when the ruleset lets its score be awarded."""
    conceded_against = conceded_by in SIDES and conceded_by != side
    return not (conceded_against and ruleset.params.conceded_match_score_needs_no_scorer)


def score_violations(
    ruleset: Ruleset, home: SideScore, away: SideScore, conceded_by: str = ""
) -> tuple[Violation, ...]:
    """Every way the two sides' touchdowns do not account for the score, home first."""
    found: list[Violation] = []
    for name, own in (("home", home), ("away", away)):
        params = {"side": name, "score": own.score, "credited": own.credited, "declared": own.declared}
        if own.declared and not uncredited_touchdowns_allowed(ruleset, own):
            found.append(Violation("uncredited_touchdowns_not_allowed", params))
        if own.credited + own.declared > own.score:
            found.append(Violation("touchdowns_exceed_score", params))
        elif own.credited + own.declared < own.score and score_needs_scorers(ruleset, name, conceded_by):
            found.append(
                Violation("touchdowns_not_credited", {**params, "missing": own.score - own.credited - own.declared})
            )
    return tuple(found)


def winning_side(
    home_score: int, away_score: int, conceded_by: Side | None = None, shootout_winner: Side | None = None
) -> Side | None:
    """Who won a match: the side that did not concede, whatever the score (spec §8); else the
    higher score; a level score goes to the shoot-out's winner (a play-off match: overtime, then a
    shoot-out); None: a draw."""
    if conceded_by is not None:
        return "away" if conceded_by == "home" else "home"
    if home_score != away_score:
        return "home" if home_score > away_score else "away"
    return shootout_winner
