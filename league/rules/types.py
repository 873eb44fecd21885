"""Immutable records of a ruleset's catalogue and tables, and the Ruleset itself.

Everything is frozen so that one cached Ruleset can be shared by every request and thread.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
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


# The SPP actions every result sheet counts in its own fields (and the MVP, which the engine
# draws); a ruleset's other actions (spp_actions.csv) are optional ones it may turn off.
FIXED_SPP_ACTIONS = frozenset({"completion", "touchdown", "interception", "casualty", "mvp"})


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
    # What a double offers besides skills (skill_access.csv): "st", "av", "remove_skill".
    double_choices: tuple[str, ...] = ()
    # A star player hired as a permanent roster member (a ruleset with [parameters.champions]): his
    # key is the star's, his price, profile and skills the star's; he earns no SPP and is never MVP.
    champion: bool = False
    # False: a champion the league withdrew from its list (a league setting): no team may hire him,
    # while one already hired stays on his roster and in team value.
    offered: bool = True

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
    # The race's name in the NAF tournament report's enumeration; "" when the NAF has none for it.
    naf_name: str = ""
    # The star players this team may hire as permanent roster members, as positions (one of each),
    # where the ruleset has champions (league/rules/catalogue/champions.py); empty elsewhere.
    champions: tuple[Position, ...] = ()
    # Every other team's positions, which this team may hire as allies where the ruleset has allies
    # and the league's ally table allows it (league/rules/catalogue/allies.py); a roster player of
    # one holds the key "<race>:<position>" and keeps that race's profile, price and skill access.
    allies: tuple[Position, ...] = ()

    def position(self, key: str) -> Position:
        if ":" in key:
            for pos in self.allies:
                if f"{pos.team_key}:{pos.key}" == key:
                    return pos
            raise KeyError(f"team {self.key!r} may not have the ally {key!r}")
        for pos in (*self.positions, *self.champions):
            if pos.key == key:
                return pos
        raise KeyError(f"team {self.key!r} has no position {key!r}")

    @property
    def roster_positions(self) -> tuple[Position, ...]:
        """Every position a roster player may hold: the team list's, then its champions."""
        return (*self.positions, *self.champions)

    @property
    def hire_positions(self) -> tuple[Position, ...]:
        """The positions a team may hire now: the team list's, then the champions its league offers."""
        return (*self.positions, *(p for p in self.champions if p.offered))

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


# What a row of a table roll may do to the player: an effect kind the post-match already applies
# (casualty.csv's lasting results), or nothing (docs/decisions/rules.md, "Table rolls").
TABLE_ROLL_EFFECTS = ("none", "niggling_injury", "stat_injury")
# When a table roll is made: after each improvement roll of the match, or once per player whose
# level rose in the match.
TABLE_ROLL_TRIGGERS = ("improvement", "level")


@dataclass(frozen=True, slots=True)
class TableRollOutcome(_Named):
    """One row of a table roll's CSV: the dice totals it covers and the effect it has."""

    roll_from: int
    roll_to: int
    key: str
    name_en: str
    name_fr: str
    effect: str  # one of TABLE_ROLL_EFFECTS
    stat: str | None = None  # the characteristic a stat_injury lowers


@dataclass(frozen=True, slots=True)
class TableRoll(_Named):
    """A post-match step declared in data ([table_rolls.<key>] of ruleset.toml): for each trigger,
    an optional roll to avoid it (a total at least the target of the level reached avoids it),
    then a roll on the table, whose row's effect is applied."""

    key: str
    name_en: str
    name_fr: str
    trigger: str  # one of TABLE_ROLL_TRIGGERS
    dice: tuple[int, int]  # (count, sides) of the roll on the table
    outcomes: tuple[TableRollOutcome, ...]
    avoid_dice: tuple[int, int] | None = None  # (count, sides) of the roll that avoids the table
    avoid_targets: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType({})
    )  # level key -> lowest total that avoids it

    def outcome(self, total: int) -> TableRollOutcome:
        return next(o for o in self.outcomes if o.roll_from <= total <= o.roll_to)


@dataclass(frozen=True, slots=True)
class PreMatchTable(_Named):
    """A table-roll pre-match step: `[pre_match_tables.<step>]` of a ruleset.toml, its table loaded
    (prematch/tables.py)."""

    step: str
    file: str
    name_en: str
    name_fr: str
    entries: tuple[TableEntry, ...]
    show_effect: bool = True  # the match page shows the result's effect under its name


def _frozen(mapping: Mapping) -> Mapping:  # type: ignore[type-arg]
    return MappingProxyType(dict(mapping))
