"""Immutable records of a ruleset's catalogue and tables, and the Ruleset itself.

Everything is frozen so that one cached Ruleset can be shared by every request and thread.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

STATS: tuple[str, ...] = ("ma", "st", "ag", "av")
SKILL_CATEGORIES = "GASPME"  # E = Extraordinary: a skill category, never one a player may pick
PICKABLE_CATEGORIES = "GASPM"  # the letters a team list may give as Normal or Double access


def collation_key(text: str) -> str:
    """A key that sorts display names as a reader expects in English and French: case and accents
    ignored, so "Nécromantiques" sorts between "Nains" and "Nordiques", not after "Nurgle".
    (locale.strxfrm depends on the machine's installed locales: not used.)"""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


class _Named:
    """Bilingual display name; French only when asked for and actually known."""

    __slots__ = ()
    name_en: str
    name_fr: str

    def name(self, lang: str) -> str:
        if lang.lower().startswith("fr") and self.name_fr:
            return self.name_fr
        return self.name_en


@dataclass(frozen=True, slots=True)
class SkillCategory(_Named):
    """A skill category: its key is the letter the data files use (G A S P M E); readers see the
    letter of their language (French sheets read F for Strength, "Force")."""

    key: str
    letter_en: str
    letter_fr: str
    name_en: str
    name_fr: str

    def letter(self, lang: str) -> str:
        return self.letter_fr if lang.lower().startswith("fr") and self.letter_fr else self.letter_en


@dataclass(frozen=True, slots=True)
class Skill(_Named):
    key: str
    name_en: str
    name_fr: str
    category: str  # one letter: G A S P M, or E (Extraordinary, never picked on a roll)
    excludes: frozenset[str] = frozenset()  # skills a player may never hold together with this one


@dataclass(frozen=True, slots=True)
class Position(_Named):
    team_key: str
    key: str
    name_en: str
    name_fr: str
    max_count: int
    cost: int
    ma: int | None  # None: the source lost the profile (the league's roster catalogue gives it)
    st: int | None
    ag: int | None
    av: int | None
    skills: tuple[str, ...]
    normal_categories: frozenset[str]
    double_categories: frozenset[str]
    journeyman_eligible: bool

    @property
    def profile_complete(self) -> bool:
        return None not in (self.ma, self.st, self.ag, self.av)

    def stat(self, stat: str) -> int:
        if stat not in STATS:
            raise ValueError(f"unknown characteristic {stat!r} (expected one of {', '.join(STATS)})")
        value = getattr(self, stat)
        if value is None:
            raise ValueError(f"the profile of {self.team_key}/{self.key} is unknown: the league must complete it")
        return int(value)


@dataclass(frozen=True, slots=True)
class TeamList(_Named):
    key: str
    name_en: str
    name_fr: str
    reroll_cost: int
    max_rerolls: int
    apothecary_allowed: bool
    necromancer: bool
    special_rules: str
    positions: tuple[Position, ...]
    crp_new_team: bool = False

    def position(self, key: str) -> Position:
        for pos in self.positions:
            if pos.key == key:
                return pos
        raise KeyError(f"team {self.key!r} has no position {key!r}")

    @property
    def journeyman_positions(self) -> tuple[Position, ...]:
        return tuple(p for p in self.positions if p.journeyman_eligible)


@dataclass(frozen=True, slots=True)
class StarPlayer(_Named):
    key: str
    name_en: str
    name_fr: str
    cost: int
    ma: int | None  # None: the source lost the profile
    st: int | None
    ag: int | None
    av: int | None
    skills: tuple[str, ...]
    teams: frozenset[str]
    paired_with: str | None

    @property
    def profile_complete(self) -> bool:
        return None not in (self.ma, self.st, self.ag, self.av)


@dataclass(frozen=True, slots=True)
class Inducement(_Named):
    key: str
    name_en: str
    name_fr: str
    max_count: int | None  # None: unlimited (mercenaries)
    cost: int | None  # None: variable price, see `pricing`
    special_prices: Mapping[str, int]  # team_key -> price replacing `cost`
    pricing: str = "fixed"  # fixed / star_player / mercenary
    only_teams: frozenset[str] = frozenset()  # empty: no list restriction
    team_condition: str = "any"  # any / apothecary_allowed / apothecary_forbidden
    apothecary_uses: int = 0  # casualty re-rolls one unit gives, as an apothecary (Wandering Apothecaries)


@dataclass(frozen=True, slots=True)
class CasualtyResult(_Named):
    d68: int
    key: str
    name_en: str
    name_fr: str
    effect: str  # none / miss_next_game / niggling / ma / av / ag / st / dead
    misses_next_game: bool
    niggling: bool
    stat: str | None
    dead: bool

    @property
    def dice(self) -> tuple[int, int]:
        """The (D6, D8) that produce this result."""
        return divmod(self.d68, 10)


@dataclass(frozen=True, slots=True)
class SppLevel(_Named):
    key: str
    name_en: str
    name_fr: str
    spp_min: int
    spp_max: int | None  # None: open-ended (Legend)
    improvement_rolls: int  # cumulative rolls earned on reaching this level


@dataclass(frozen=True, slots=True)
class ImprovementResult(_Named):
    """One row of the 2D6 improvement table."""

    roll_from: int
    roll_to: int
    key: str
    name_en: str
    name_fr: str
    stat_options: tuple[str, ...]  # characteristics this result may raise instead of a skill


@dataclass(frozen=True, slots=True)
class TableEntry(_Named):
    """One row of a 2D6 table (weather, kick-off)."""

    roll_from: int
    roll_to: int
    key: str
    name_en: str
    name_fr: str
    effect_en: str = ""
    effect_fr: str = ""

    def effect(self, lang: str) -> str:
        """The effect in `lang` when the data has it, else in English."""
        return self.effect_fr if lang.startswith("fr") and self.effect_fr else self.effect_en


def _frozen(mapping: Mapping) -> Mapping:  # type: ignore[type-arg]
    return MappingProxyType(dict(mapping))
