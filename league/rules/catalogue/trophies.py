"""A trophy as ruleset data (data/<key>/trophies.csv, seed 000 p.31-33 §9.5, PBBL §1.10).

Kept apart from types.py (which holds the Ruleset) so that the Ruleset can carry its trophies
without an import cycle. Every benefit is a number or a flag of the data, never a rule of the code:
PBBL's Spike! holder gains a fan factor point where LRB6's adds 2 to the gate roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

TROPHY_KINDS = ("major", "minor")


@dataclass(frozen=True, slots=True)
class TrophyData:
    key: str
    name_en: str
    name_fr: str
    kind: str  # "major" (a trophy re-roll and a benefit) or "minor"
    extra_rerolls: int = 0  # team re-rolls while held, counted in TV at the single list price (A10)
    gate_roll_bonus: int = 0  # added to the holder's 2D6 gate roll (LRB6 Spike!: +2)
    fan_factor_bonus: int = 0  # fan factor points while held (PBBL Spike!: +1), ignored by the FF roll
    winnings_bonus_per_match: int = 0  # added to every match's winnings, after the play-off doubling (A11)
    finalists_extra_mvp: bool = False  # the final awarding it: every MVP-eligible player of both finalists
    # Inducement key -> price while held (LRB6 Dungeonbowl: the wizard for 50,000).
    inducement_prices: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    gift_players_die: int = 0  # faces of the die giving how many players get a gift at the award (D3)
    gift_categories: frozenset[str] = frozenset()  # a gift may be any skill of these categories (M)
    gift_skills: tuple[str, ...] = ()  # or one of these skills (Hypnotic Gaze, Stab, Regeneration)
    # Optional Player of the Year after its final (LRB6 Spike!: Fan Favourite, p.32 L4144-4153).
    player_of_the_year_skill: str = ""

    def name(self, lang: str) -> str:
        return self.name_fr if lang.lower().startswith("fr") and self.name_fr else self.name_en


@dataclass(frozen=True, slots=True)
class HolderBenefits:
    """What a team gains from every trophy it holds, summed (a team may hold several)."""

    extra_rerolls: int = 0
    gate_roll_bonus: int = 0
    fan_factor_bonus: int = 0
    winnings_bonus_per_match: int = 0
    inducement_prices: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


def holder_benefits(trophies: Mapping[str, TrophyData], held: list[str] | tuple[str, ...]) -> HolderBenefits:
    """The benefits of the trophies `held` (keys of `trophies`; unknown keys, e.g. a commissioner's
    minor tournament, give nothing). Two trophies naming one inducement: the lower price wins."""
    rerolls = gate = fans = winnings = 0
    prices: dict[str, int] = {}
    for key in held:
        trophy = trophies.get(key)
        if trophy is None:
            continue
        rerolls += trophy.extra_rerolls
        gate += trophy.gate_roll_bonus
        fans += trophy.fan_factor_bonus
        winnings += trophy.winnings_bonus_per_match
        for item, price in trophy.inducement_prices.items():
            prices[item] = min(price, prices.get(item, price))
    return HolderBenefits(rerolls, gate, fans, winnings, MappingProxyType(prices))


def gift_choices(trophy: TrophyData, skill_categories: Mapping[str, str], held: frozenset[str]) -> tuple[str, ...]:
    """Skills a player may take as this trophy's gift (`skill_categories`: skill key -> category
    letter of the ruleset), leaving out those he already has; sorted for a stable numbering."""
    keys = {key for key, letter in skill_categories.items() if letter in trophy.gift_categories}
    keys |= set(trophy.gift_skills)
    return tuple(sorted(keys - held))
