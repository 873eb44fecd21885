"""The Ruleset: a ruleset's catalogue, tables, parameters and sequence, validated and immutable.

Built by loading/loader.py; everything is frozen so one cached Ruleset is shared by every request.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from types import MappingProxyType
from typing import TypeVar

from .catalogue.allies import with_allies
from .catalogue.cards import CardCatalogue
from .catalogue.champions import champion_keys, with_league_list
from .catalogue.trophies import TrophyData
from .choices import PreMatchChoice
from .errors import RulesetParameterError
from .loading.settings import LeagueSetting, SettingGroup
from .match_records import MatchRecord
from .parameter_groups import group_keys_problem
from .parameters import ChampionParameters, Parameters, group_values, override_groups, override_parameters
from .standings.records import PointsScheme
from .types import (
    FIXED_SPP_ACTIONS,
    STATS,
    CasualtyResult,
    ImprovementResult,
    Inducement,
    PreMatchTable,
    Skill,
    SkillCategory,
    SppLevel,
    StarPlayer,
    TableEntry,
    TableRoll,
    TeamList,
    _frozen,
    _Named,
    collation_key,
)

G = TypeVar("G")


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
    mercenary_skills: tuple[str, ...] = ()  # skill keys an induced mercenary has (LRB6, PBBL: Loner)
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
    special_cards: CardCatalogue = field(default_factory=CardCatalogue)  # decks.csv, cards.csv, card_timings.csv
    # spp_actions.csv: action key -> (English, French, English abbreviation, French abbreviation).
    spp_action_names: Mapping[str, tuple[str, str, str, str]] = field(default_factory=lambda: MappingProxyType({}))
    source: str = ""  # [ruleset] source: the text (seed) the data was taken from, shown to readers
    source_fr: str = ""  # [ruleset] source_fr: the same line for French readers (else `source`)
    # The optional parameter groups this ruleset declares ([parameters.<key>]), e.g. a bank.
    parameter_groups: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    # [sequence] pre_match_steps: the pre-match steps in the ruleset's order (registry.PRE_MATCH).
    pre_match_steps: tuple[str, ...] = ()
    # [pre_match_tables]: the table-roll pre-match steps this ruleset declares, by step name (the
    # weather is one); a declared step is rolled only where pre_match_steps lists it.
    pre_match_tables: Mapping[str, PreMatchTable] = field(default_factory=lambda: MappingProxyType({}))
    # [pre_match_choices]: the choice pre-match steps (one side picks an option), by step name.
    pre_match_choices: Mapping[str, PreMatchChoice] = field(default_factory=lambda: MappingProxyType({}))
    # The vocabularies a match or team of this ruleset may use, each key -> (English, French):
    # ledger kinds (ledger_kinds.csv) and casualty effects (casualty.csv's "effect" column).
    ledger_kinds: Mapping[str, tuple[str, str]] = field(default_factory=lambda: MappingProxyType({}))
    # A league's corrections to profiles (with_profiles): "position:<team>:<position>" or
    # "star:<star>" -> {"ma": .., "st": .., "ag": .., "av": ..}.
    profiles: Mapping[str, Mapping[str, int]] = field(default_factory=lambda: MappingProxyType({}))
    # Level tables of position groups (spp_levels_by_group.csv: group -> its levels) and the group
    # of each position that has one (level_groups.csv: (team key, position key) -> group); every
    # other position uses spp_levels (postmatch/spp.py, levels_for).
    level_tables: Mapping[str, tuple[SppLevel, ...]] = field(default_factory=lambda: MappingProxyType({}))
    level_groups: Mapping[tuple[str, str], str] = field(default_factory=lambda: MappingProxyType({}))
    # alliances.csv (with [parameters.alliances]): team key -> the team keys it may ally with in an
    # alliance team (catalogue/alliances.py); empty where the ruleset has no alliances.
    alliances: Mapping[str, frozenset[str]] = field(default_factory=lambda: MappingProxyType({}))
    # Post-match steps declared in data ([table_rolls.<key>]), listed by key in post_match_steps.
    table_rolls: Mapping[str, TableRoll] = field(default_factory=lambda: MappingProxyType({}))
    # [decisions.<kind>]: the limits of a coach's decision after a match (league.rules.decisions),
    # e.g. {"healing": {"per_match": 1}}.
    decision_limits: Mapping[str, Mapping[str, int]] = field(default_factory=lambda: MappingProxyType({}))
    # Every SPP action of spp_actions.csv; spp_awards holds those the league awards (without the
    # optional ones its parameter spp_actions_off turns off), computed again by every replace().
    all_spp_awards: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    # [match_records.<key>]: what the match sheet records beyond the result (league.rules.match_records).
    match_records: Mapping[str, MatchRecord] = field(default_factory=lambda: MappingProxyType({}))

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
            "pre_match_tables",
            "pre_match_choices",
            "parameter_groups",
            "ledger_kinds",
            "profiles",
            "spp_action_names",
            "level_tables",
            "level_groups",
            "alliances",
            "table_rolls",
            "decision_limits",
            "match_records",
        ):
            value = getattr(self, name)
            if not isinstance(value, MappingProxyType):
                object.__setattr__(self, name, _frozen(value))
        every = self.all_spp_awards or self.spp_awards
        object.__setattr__(self, "all_spp_awards", _frozen(every))
        off = set(self.params.spp_actions_off)
        object.__setattr__(self, "spp_awards", _frozen({k: v for k, v in every.items() if k not in off}))

    def source_text(self, lang: str) -> str:
        """Where the data was taken from, in the reader's language (the ruleset page's source line)."""
        return self.source_fr if lang.startswith("fr") and self.source_fr else self.source

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
        A key "<group>.<name>" overrides a parameter of an optional group the ruleset declares.
        """
        core = {k: v for k, v in overrides.items() if "." not in k}
        dotted = {k: v for k, v in overrides.items() if "." in k}
        params = override_parameters(self.params, core, catalogues=self.key_catalogues())
        groups = override_groups(self.parameter_groups, dotted, params.gp_granularity) if dotted else None
        if groups is not None and (problem := group_keys_problem(groups, self.key_catalogues())):
            raise RulesetParameterError(f"house rule refused: {problem}")
        teams = self.teams
        if any(k.startswith(f"{ChampionParameters.KEY}.") for k in dotted) and groups is not None:
            teams = with_league_list(self.teams, self.star_players, groups[ChampionParameters.KEY])
        return replace(
            self,
            params=params,
            teams=teams,
            parameter_groups=self.parameter_groups if groups is None else groups,
            overrides={**self.overrides, **overrides},
        )

    def key_catalogues(self) -> dict[str, Collection[str]]:
        """What the parameters' lists of keys may name (parameters.KEY_CATALOGUES)."""
        return {
            "inducements": self.inducements,
            "spp_actions": [k for k in self.all_spp_awards if k not in FIXED_SPP_ACTIONS],
            "teams": self.teams,
            "skills": self.skills,
            "champions": champion_keys(self.teams),
        }

    def with_profiles(self, profiles: Mapping[str, Mapping[str, int]]) -> Ruleset:
        """A new Ruleset whose positions and stars have these characteristics (a league completing
        a profile its source lost, or correcting one); everything else is shared. Each profile gives
        all four of MA, ST, AG, AV within the ruleset's limits; a wrong one raises
        RulesetParameterError naming it."""
        teams, stars = dict(self.teams), dict(self.star_players)
        for ref, stats in profiles.items():
            problem = profile_problem(self, ref, stats)
            if problem:
                raise RulesetParameterError(f"profile refused: {problem}")
            kind, _sep, rest = ref.partition(":")
            ma, st, ag, av = (int(stats[s]) for s in STATS)
            if kind == "star":
                stars[rest] = replace(stars[rest], ma=ma, st=st, ag=ag, av=av)
                # The star's champion positions (a ruleset with champions) take the same profile.
                for team_key, team in teams.items():
                    if any(p.key == rest for p in team.champions):
                        champions = tuple(
                            replace(p, ma=ma, st=st, ag=ag, av=av) if p.key == rest else p for p in team.champions
                        )
                        teams[team_key] = replace(team, champions=champions)
                continue
            team_key, _sep, position_key = rest.partition(":")
            team = teams[team_key]
            positions = tuple(
                replace(p, ma=ma, st=st, ag=ag, av=av) if p.key == position_key else p for p in team.positions
            )
            teams[team_key] = replace(team, positions=positions)
        # Allies (a ruleset with allies) are the other teams' positions: taken again, corrected.
        teams = with_allies({k: replace(t, allies=()) for k, t in teams.items()}, self.parameter_groups)
        return replace(self, teams=teams, star_players=stars, profiles={**self.profiles, **profiles})

    def group(self, kind: type[G]) -> G | None:
        """The ruleset's optional parameter group of this class (e.g. BankParameters), or None."""
        found = self.parameter_groups.get(getattr(kind, "KEY", ""))
        return found if isinstance(found, kind) else None

    def parameter_values(self) -> dict[str, object]:
        """Every parameter in force, groups' as "<group>.<name>": what a match snapshot keeps."""
        return {**asdict(self.params), **group_values(self.parameter_groups)}


def profile_problem(ruleset: Ruleset, ref: str, stats: Mapping[str, object]) -> str | None:
    """Why a profile correction cannot apply to this ruleset, or None."""
    kind, _sep, rest = ref.partition(":")
    if kind == "star":
        if rest not in ruleset.star_players:
            return f"{ref!r}: unknown star player"
    elif kind == "position":
        team_key, _sep, position_key = rest.partition(":")
        if team_key not in ruleset.teams or position_key not in {p.key for p in ruleset.teams[team_key].positions}:
            return f"{ref!r}: unknown position"
    else:
        return f"{ref!r}: a profile names 'position:<team>:<position>' or 'star:<star>'"
    if set(stats) != set(STATS):
        return f"{ref!r}: give exactly {', '.join(STATS)}"
    low, high = ruleset.params.stat_min_value, ruleset.params.stat_max_value
    for stat in STATS:
        value = stats[stat]
        if type(value) is not int or not low <= value <= high:
            return f"{ref!r}: {stat} must be a whole number from {low} to {high}, not {value!r}"
    return None
