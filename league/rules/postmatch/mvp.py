"""Who may receive a side's MVP, and drawing one (seed 000 p.26 L3356-3364, spec §5.2, §10.1, A7)."""

from __future__ import annotations

from dataclasses import dataclass

from ..catalogue.champions import is_champion
from ..dice import Dice
from ..ruleset import Ruleset
from .casualties import killed
from .records import SideReport


def mvp_candidates(ruleset: Ruleset, side: SideReport, already: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """Refs of the players an MVP may go to, numbered 1..n in the order of SideReport.players.

    "random" (rulebook): everyone who could play this match, the dead, unused reserves, journeymen,
    stars and mercenaries included (a star or mercenary wastes it). "random_living" (§10.1 b) leaves
    out the dead and the induced players; "chosen" (§10.1 a) lets the coach pick a roster player.
    A player who had to miss this match (an earlier MNG) is never a candidate, nor a champion (a
    star player on the roster, seed 002 H:L88), nor anyone in `already` (the players who received
    an MVP in this match, where the ruleset gives a player at most one: mvp_once_per_player).
    """
    mode = ruleset.params.mvp_mode
    team = ruleset.teams.get(side.team_key)
    found = []
    for player in side.players:
        if not player.eligible_for_mvp or player.miss_next_game_before or player.ref in already:
            continue
        if team is not None and player.on_roster and is_champion(team, player.position_key):
            continue
        if mode in ("random_living", "chosen") and player.is_star_or_mercenary:
            continue
        if mode == "random_living" and killed(ruleset, player):
            continue
        found.append(player.ref)
    return tuple(found)


@dataclass(frozen=True, slots=True)
class MvpDraw:
    ref: str | None  # None when nobody could receive it
    die: int | None  # the die rolled on the numbered candidates; None when there was no choice
    sides: int  # number of candidates (the die's faces)


def mvp_from_die(candidates: tuple[str, ...], die: int | None) -> str | None:
    """The candidate a stored die designates (1 = first candidate); no die needed for 0 or 1 candidate."""
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    if die is None or not 1 <= die <= len(candidates):
        count = len(candidates)
        raise ValueError(f"an MVP draw among {count} candidates needs a die of 1-{count}, got {die!r}")
    return candidates[die - 1]


def draw_mvp(ruleset: Ruleset, side: SideReport, dice: Dice) -> MvpDraw:
    """Draw one MVP at random: one die with as many faces as candidates, stored for replay."""
    candidates = mvp_candidates(ruleset, side)
    die = dice.roll(len(candidates)) if len(candidates) > 1 else None
    return MvpDraw(mvp_from_die(candidates, die), die, len(candidates))
