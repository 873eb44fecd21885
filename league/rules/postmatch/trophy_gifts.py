"""A trophy's gifts at its award (LRB6 Chaos Cup, seed 000 p.32 L4176-4195, spec §14 A13): a die
gives how many players of the winner gain one; each is drawn among the roster with a die, and gains
one skill of the trophy's list (Mutations, Hypnotic Gaze, Stab, Regeneration). Every die comes from
`dice`, so a stored sequence replays the same gifts.

Value (A13): a skill of a category the position has as Normal access costs a Normal skill (+20,000
in LRB6), any other a double skill (+30,000): the value_modifiers keys new_skill / new_skill_double.
The skills stay with the players when the trophy is lost (they are advancements, not benefits).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..catalogue.trophies import TrophyData, gift_choices
from ..dice import Dice


@dataclass(frozen=True, slots=True)
class GiftCandidate:
    ref: str
    normal_categories: frozenset[str]
    skills: frozenset[str]  # skills the player has (starting and gained): not given twice


@dataclass(frozen=True, slots=True)
class Gift:
    ref: str
    skill: str
    value_key: str  # "new_skill" or "new_skill_double"
    dice: tuple[int, ...]  # the player die, then the skill die (none when the coach chose)


@dataclass(frozen=True, slots=True)
class GiftDraw:
    players_die: int | None  # None when the trophy gives no gifts
    gifts: tuple[Gift, ...]


def draw_gifts(
    trophy: TrophyData,
    skill_categories: Mapping[str, str],
    candidates: Sequence[GiftCandidate],
    dice: Dice,
    chosen: Mapping[str, str] | None = None,
) -> GiftDraw:
    """The gifts of `trophy` to a roster listed in `candidates` (a stable order, e.g. by number).

    `skill_categories`: skill key -> category letter. `chosen`: ref -> skill the coach picked for a
    drawn player ("may take", p.32); a pick not among his choices, or none, is drawn with a die.
    """
    if not trophy.gift_players_die:
        return GiftDraw(None, ())
    count = dice.roll(trophy.gift_players_die)
    pool = list(candidates)
    gifts = []
    for _n in range(min(count, len(pool))):
        player_die = dice.roll(len(pool)) if len(pool) > 1 else 1
        player = pool.pop(player_die - 1)
        options = gift_choices(trophy, skill_categories, player.skills)
        if not options:
            continue
        pick = (chosen or {}).get(player.ref)
        rolled: tuple[int, ...] = (player_die,)
        if pick not in options:
            skill_die = dice.roll(len(options)) if len(options) > 1 else 1
            pick, rolled = options[skill_die - 1], (player_die, skill_die)
        assert pick is not None
        normal = skill_categories.get(pick, "") in player.normal_categories
        gifts.append(Gift(player.ref, pick, "new_skill" if normal else "new_skill_double", rolled))
    return GiftDraw(count, tuple(gifts))


@dataclass(frozen=True, slots=True)
class PlayerOfTheYear:
    ref: str | None  # None when the league has no player
    die: int | None  # the die that broke a tie for the most SPP (None without a tie)
    skill: str  # the skill he gains, "" when he already has it
    value_key: str  # new_skill or new_skill_double, as for a gift


def player_of_the_year(
    trophy: TrophyData,
    skill_categories: Mapping[str, str],
    candidates: Sequence[tuple[GiftCandidate, int]],
    dice: Dice,
) -> PlayerOfTheYear:
    """The league's player with the most SPP (`candidates`: (player, SPP), living roster players, A12)
    gains the trophy's skill unless he has it; a tie is drawn with a die among the tied, in order."""
    skill = trophy.player_of_the_year_skill
    if not skill or not candidates:
        return PlayerOfTheYear(None, None, "", "")
    best = max(spp for _player, spp in candidates)
    tied = [player for player, spp in candidates if spp == best]
    die = dice.roll(len(tied)) if len(tied) > 1 else None
    chosen = tied[(die or 1) - 1]
    if skill in chosen.skills:
        return PlayerOfTheYear(chosen.ref, die, "", "")
    normal = skill_categories.get(skill, "") in chosen.normal_categories
    return PlayerOfTheYear(chosen.ref, die, skill, "new_skill" if normal else "new_skill_double")
