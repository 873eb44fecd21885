"""Immutable records of a ruleset's catalogue and tables, and the Ruleset itself.

Everything is frozen so that one cached Ruleset can be shared by every request and thread.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ._load_settings import LeagueSetting, SettingGroup
from .parameters import Parameters, override_parameters
from .standings.records import PointsScheme
from .trophy_types import TrophyData

STATS: tuple[str, ...] = ("ma", "st", "ag", "av")
SKILL_CATEGORIES = "GASPME"  # E = Extraordinary: a skill category, never one a player may pick
PICKABLE_CATEGORIES = "GASPM"  # the letters a team list may give as Normal or Double access
# The post-match steps the engine knows how to plan (postmatch.py); a ruleset lists each of them
# once, in its own order ([sequence] post_match_steps in ruleset.toml).
POST_MATCH_STEPS: frozenset[str] = frozenset(
    {
        "mvp",
        "spp",
        "improvements",
        "remove_dead",
        "winnings",
        "petty_cash_return",
        "spiralling_expenses",
        "fan_factor",
        "purchases",
        "journeymen",
        "clear_miss_next_game",
        "team_value",
    }
)


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
    ma: int
    st: int
    ag: int
    av: int
    skills: tuple[str, ...]
    normal_categories: frozenset[str]
    double_categories: frozenset[str]
    journeyman_eligible: bool

    def stat(self, stat: str) -> int:
        if stat not in STATS:
            raise ValueError(f"unknown characteristic {stat!r} (expected one of {', '.join(STATS)})")
        return int(getattr(self, stat))


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
    ma: int
    st: int
    ag: int
    av: int
    skills: tuple[str, ...]
    teams: frozenset[str]
    paired_with: str | None


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


@dataclass(frozen=True, slots=True, eq=False)
class Ruleset(_Named):
    """A complete, validated ruleset. Build it with loader.load_ruleset()."""

    key: str
    version: str
    name_en: str
    name_fr: str
    params: Parameters
    teams: Mapping[str, TeamList]
    skills: Mapping[str, Skill]
    star_players: Mapping[str, StarPlayer]
    inducements: Mapping[str, Inducement]
    casualty_table: Mapping[int, CasualtyResult]
    spp_awards: Mapping[str, int]
    spp_levels: tuple[SppLevel, ...]
    improvement_table: tuple[ImprovementResult, ...]
    value_increases: Mapping[str, int]
    weather_table: tuple[TableEntry, ...]
    kickoff_table: tuple[TableEntry, ...]
    post_match_steps: tuple[str, ...]
    journeyman_skills: tuple[str, ...] = ()  # skill keys a player has while a journeyman (LRB6: Loner)
    overrides: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    # In the rulebook's order (the data file's): G A S P M E.
    skill_categories: Mapping[str, SkillCategory] = field(default_factory=lambda: MappingProxyType({}))
    # [standings]: the ruleset's points schemes, the one a new league starts with, and the
    # tie-breakers a new league starts with (the commissioner may change both).
    standings_schemes: Mapping[str, PointsScheme] = field(default_factory=lambda: MappingProxyType({}))
    default_standings_scheme: str = ""
    default_tie_breakers: tuple[str, ...] = ()
    # [settings]: what a commissioner may change on the league's settings page, in the file's order.
    league_settings: tuple[LeagueSetting, ...] = ()
    setting_groups: Mapping[str, SettingGroup] = field(default_factory=lambda: MappingProxyType({}))
    trophies: Mapping[str, TrophyData] = field(default_factory=lambda: MappingProxyType({}))  # trophies.csv
    source: str = ""  # [ruleset] source: the text (seed) the data was taken from, shown to readers

    def __post_init__(self) -> None:
        # Callers may pass plain dicts; store read-only views so a shared Ruleset cannot change.
        for name in (
            "teams",
            "skills",
            "star_players",
            "inducements",
            "casualty_table",
            "spp_awards",
            "value_increases",
            "overrides",
            "skill_categories",
            "standings_schemes",
            "setting_groups",
            "trophies",
        ):
            value = getattr(self, name)
            if not isinstance(value, MappingProxyType):
                object.__setattr__(self, name, _frozen(value))

    def team(self, key: str) -> TeamList:
        try:
            return self.teams[key]
        except KeyError:
            raise KeyError(f"ruleset {self.key!r} has no team {key!r}") from None

    def skill(self, key: str) -> Skill:
        try:
            return self.skills[key]
        except KeyError:
            raise KeyError(f"ruleset {self.key!r} has no skill {key!r}") from None

    def inducement(self, key: str) -> Inducement:
        try:
            return self.inducements[key]
        except KeyError:
            raise KeyError(f"ruleset {self.key!r} has no inducement {key!r}") from None

    def category_letters(self, keys: Iterable[str], lang: str) -> str:
        """Category keys as the reader writes them, in the rulebook's order: "GS" reads "GF" in French."""
        wanted = set(keys)
        known = [c.letter(lang) for c in self.skill_categories.values() if c.key in wanted]
        return "".join(known) + "".join(sorted(wanted - set(self.skill_categories)))

    def category_name(self, key: str, lang: str) -> str:
        category = self.skill_categories.get(key)
        return category.name(lang) if category else key

    def stars_for_team(self, team_key: str, lang: str = "en") -> tuple[StarPlayer, ...]:
        """Star players who play for the team, sorted by display name (accents ignored)."""
        self.team(team_key)  # unknown team is an error, not an empty list
        stars = (s for s in self.star_players.values() if team_key in s.teams)
        return tuple(sorted(stars, key=lambda s: (collation_key(s.name(lang)), s.key)))

    def with_overrides(self, overrides: Mapping[str, object]) -> Ruleset:
        """A new Ruleset with house-rule parameters; tables are shared, not copied.

        Raises RulesetParameterError naming the parameter when a key is unknown or a value has
        the wrong type. Overrides accumulate, so the result records every house rule in force.
        """
        params = override_parameters(self.params, overrides, inducement_keys=self.inducements)
        return replace(self, params=params, overrides={**self.overrides, **overrides})
