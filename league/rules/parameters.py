"""The scalar rule numbers of a ruleset, and the checks applied to them.

The values come only from the ruleset's `ruleset.toml`; this module declares the names and
types (so that house rules can be validated) but holds no rule number itself.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any

from .errors import RulesetParameterError
from .parameter_groups import (  # re-exported: the groups are parameters too
    GROUPS,
    AllianceParameters,
    AllyParameters,
    BankParameters,
    CardParameters,
    ChampionParameters,
    RookieParameters,
    SecretWeaponParameters,
    group_problem,
    map_problem,
)

# Metadata keys on Parameters fields: "gp" marks gold amounts (checked against the ruleset's granularity),
# "choices" lists the allowed values of a string option, "positive" forbids 0, "keys" marks a list of keys
# of one of the ruleset's catalogues, named by KEY_CATALOGUES (checked by the Ruleset, which knows them).
_GP = {"gp": True}


def _choices(*values: str) -> dict[str, Any]:
    return {"choices": values}


@dataclass(frozen=True, slots=True)
class Parameters:
    """Every scalar rule number of a ruleset (see data/<key>/ruleset.toml for sources)."""

    gp_granularity: int = field(metadata={"positive": True})
    starting_treasury: int = field(metadata=_GP)
    roster_min_players: int
    roster_max_players: int
    fan_factor_cost: int = field(metadata=_GP)
    fan_factor_min_at_creation: int
    fan_factor_max_at_creation: int
    assistant_coach_cost: int = field(metadata=_GP)
    cheerleader_cost: int = field(metadata=_GP)
    apothecary_cost: int = field(metadata=_GP)
    apothecary_max: int
    apothecary_uses_per_match: int
    max_rerolls: int
    reroll_cost_multiplier_after_creation: int
    fans_per_point: int
    winnings_per_point: int = field(metadata=_GP)
    winnings_bonus_win_or_draw: int = field(metadata=_GP)
    # The bonus is paid to the winner only when False (PBBL P38/L84 step 2), after a draw too when True.
    winnings_bonus_on_draw: bool
    playoff_winnings_multiplier: int
    playoff_gate_multiplier: int
    spiralling_expenses_threshold: int = field(metadata=_GP)
    spiralling_expenses_band: int = field(metadata={"gp": True, "positive": True})
    spiralling_expenses_step: int = field(metadata=_GP)
    # False: owed from the threshold itself, one step per band started (LRB6: 1,750,000 pays 10,000);
    # True: owed only strictly above it, one step per band or part (PBBL: 1,720,000 pays 20,000).
    spiralling_expenses_strictly_above: bool
    fan_factor_dice_win: int
    fan_factor_dice_draw: int
    fan_factor_dice_loss: int
    fan_factor_roll_after_draw: bool
    stat_max_increase: int
    stat_max_value: int
    stat_max_decrease: int
    stat_min_value: int
    mercenary_extra_cost: int = field(metadata=_GP)
    mercenary_extra_skill_cost: int = field(metadata=_GP)
    mercenary_max_extra_skills: int
    # An apothecary's casualty re-roll: the coach keeps either result ("choose") or the re-roll
    # stands only when lower ("lower", PBBL P18/L44).
    apothecary_reroll: str = field(metadata=_choices("choose", "lower"))
    # An apothecary left unused during the match may re-roll one casualty that is not a death after
    # it (a house rule's post-match treatment): it counts as that apothecary's use of the match.
    apothecary_after_match: bool
    # The team value counts the treasury (PBBL P32/L72), never a bank.
    team_value_includes_treasury: bool
    justified_concession_max_players: int
    concession_spp_leave_threshold: int
    concession_leave_on_d6_max: int
    awarded_touchdowns_without_scorer: bool
    conceded_match_score_needs_no_scorer: bool
    journeyman_fill_to: int
    regeneration_min_roll: int
    mvps_per_team: int
    # True: a player receives at most one MVP award in a match (a second draw for the side, the
    # conceder's handed-over MVP, a final's extra award never go to him again).
    mvp_once_per_player: bool
    se_tv_includes_petty_cash: bool
    mvp_mode: str = field(metadata=_choices("random", "chosen", "random_living"))
    free_fan_factor: bool
    free_fan_factor_start: int
    justified_concession_penalties: bool
    ignored_injury_misses_next_game: bool
    # False: no casualty makes a player miss the next match (Dungeon Bowl's "no missed games"); the
    # permanent effects (niggling, characteristic losses, death) stay.
    casualties_miss_next_game: bool
    # Whether the healing_spell post-match step, where a ruleset lists it, offers each coach his
    # spell (a league may switch it off: Dungeon Bowl's optional rules, D7).
    healing_spell: bool
    casualty_spp_when_saved: bool
    trophy_reroll_above_cap: bool
    final_inducements: str = field(metadata=_choices("none", "petty_cash_no_stars", "treasury_any"))
    max_consecutive_meetings: int = field(metadata={"positive": True})
    excluded_inducements: tuple[str, ...] = field(metadata={"keys": "inducements"})
    # Optional SPP actions (spp_actions.csv rows beyond the usual five) this league does not award:
    # their field leaves the result sheet, and a report counting one is refused.
    spp_actions_off: tuple[str, ...] = field(metadata={"keys": "spp_actions"})
    # The price of every inducement priced "league" in inducements.csv (seed 003 D3: the
    # commissioner sets it); 0: not set, and such an item cannot be bought until it is.
    league_inducement_price: int = field(metadata=_GP)
    short_league_winnings: str = field(metadata=_choices("off", "extra", "double_fame"))
    short_league_extra_loss: int = field(metadata=_GP)
    short_league_extra_win_or_draw: int = field(metadata=_GP)
    challenges_enabled: bool
    challenges_per_week: int = field(metadata={"positive": True})
    challenge_answer_days: int = field(metadata={"positive": True})
    challenge_refusal_clears_miss_next_game: bool
    challenge_forfeit_score: int = field(metadata={"positive": True})
    minor_prize_cap_percent: int = field(metadata={"positive": True})
    # The post-match Fan Factor roll and a concession's penalty never take FF below this (0: LRB6;
    # a house rule whose legal team needs FF >= 1 keeps 1). A team already below it loses nothing.
    fan_factor_floor: int
    # A cap on the players of one position group (level_groups.csv) per team: "" = no cap; else at
    # most capped_group_max players of that group's positions, except in the teams listed in
    # capped_group_exempt_teams (keys of teams.csv: a commissioner's exemption, e.g. the Ogres of
    # the Ogre team under a big-guy cap).
    capped_group: str
    capped_group_max: int
    capped_group_exempt_teams: tuple[str, ...] = field(metadata={"keys": "teams"})
    # A free-text "college of magic" (the team's sponsor) is asked at creation and shown on the team.
    team_college: bool
    # Each assistant coach has a title of his own, listed on the roster (a team keeps them).
    assistant_coach_titles: bool
    # The result policy (league/rules/postmatch/results.py): whether a level league match stands as
    # a draw (False: sudden-death overtime, then a shoot-out names the winner), and whether any
    # score is a result ("score") or the first touchdown wins and ends the match ("first_touchdown").
    draws_allowed: bool
    result_mode: str = field(metadata=_choices("score", "first_touchdown"))


Spec = Mapping[str, tuple[type, Mapping[str, Any]]]


def _specs(cls: type) -> Spec:
    """Field name -> (python type, metadata); built once because dataclass fields() is slowish."""
    return {
        f.name: (
            f.type
            if isinstance(f.type, type)
            else {"int": int, "bool": bool, "str": str, "tuple[str, ...]": tuple, "dict[str, int]": dict}[str(f.type)],
            f.metadata,
        )
        for f in fields(cls)
    }


PARAMETER_SPECS: Spec = _specs(Parameters)
GROUP_SPECS: Mapping[str, Spec] = {key: _specs(cls) for key, cls in GROUPS.items()}


def parameter_problem(name: str, value: object, granularity: int | None, specs: Spec | None = None) -> str | None:
    """Why `value` is not acceptable for parameter `name` (of `specs`: the core parameters unless a
    group's are given), or None when it is fine."""
    specs = PARAMETER_SPECS if specs is None else specs
    if name not in specs:
        return f"unknown parameter {name!r}"
    kind, meta = specs[name]
    if kind is tuple:  # a list of keys: TOML and JSON give a list, the engine keeps a tuple
        if not isinstance(value, list | tuple) or not all(type(v) is str for v in value):
            return f"parameter {name!r} must be a list of keys, got {value!r}"
        if len(set(value)) != len(value):
            return f"parameter {name!r} names a key twice: {value!r}"
        return None
    if kind is dict:  # key -> whole number (a group's map: the league's champion prices)
        return map_problem(name, value, meta, granularity)
    # bool is a subclass of int in Python: compare exact types so that True is not a count.
    if type(value) is not kind:
        return f"parameter {name!r} must be {kind.__name__}, got {type(value).__name__} {value!r}"
    if kind is int:
        assert isinstance(value, int)
        if value < 0:
            return f"parameter {name!r} must not be negative, got {value}"
        if meta.get("positive") and value == 0:
            return f"parameter {name!r} must be greater than 0"
        if meta.get("gp") and granularity and value % granularity:
            return f"parameter {name!r} = {value} is not a multiple of {granularity} gp"
    if "choices" in meta and value not in meta["choices"]:
        allowed = ", ".join(meta["choices"])
        return f"parameter {name!r} must be one of {allowed}, got {value!r}"
    return None


def parameters_from_mapping(values: Mapping[str, object]) -> tuple[Parameters | None, list[tuple[str, str]]]:
    """Build Parameters from a TOML table; returns (parameters or None, [(name, problem), ...]).
    Sub-tables are the optional groups (groups_from_mapping), not core parameters."""
    problems: list[tuple[str, str]] = []
    values = {name: value for name, value in values.items() if not isinstance(value, dict)}
    raw_granularity = values.get("gp_granularity")
    granularity = raw_granularity if type(raw_granularity) is int and raw_granularity > 0 else None
    for name, value in values.items():
        problem = parameter_problem(name, value, granularity)
        if problem:
            problems.append((name, problem))
    for name in PARAMETER_SPECS:
        if name not in values:
            problems.append((name, f"missing parameter {name!r}"))
    if problems:
        return None, problems
    return Parameters(**_tuples(values)), []  # type: ignore[arg-type]


def _tuples(values: Mapping[str, object]) -> dict[str, object]:
    """Lists (TOML, JSON house rules) as tuples: Parameters stays immutable and hashable."""
    return {name: tuple(v) if isinstance(v, list) else v for name, v in values.items()}


# The catalogues a "keys" parameter may name: catalogue -> how a problem words its keys.
KEY_CATALOGUES = {"inducements": "inducements", "spp_actions": "optional SPP actions", "teams": "teams"}


def unknown_keys_problem(params: Parameters, catalogues: Mapping[str, Collection[str]]) -> str | None:
    """Why a list of keys names one its catalogue (inducements, optional SPP actions) lacks, or None."""
    for name, (_kind, meta) in PARAMETER_SPECS.items():
        catalogue = meta.get("keys")
        if catalogue is None or catalogue not in catalogues:
            continue
        unknown = [k for k in getattr(params, name) if k not in catalogues[catalogue]]
        if unknown:
            return f"parameter {name!r} names unknown {KEY_CATALOGUES[catalogue]}: {', '.join(unknown)}"
    return None


def override_parameters(
    params: Parameters, overrides: Mapping[str, object], catalogues: Mapping[str, Collection[str]] | None = None
) -> Parameters:
    """A copy of `params` with house-rule overrides, each one validated; lists of keys are checked
    against `catalogues` when given (the Ruleset passes its own)."""
    changes = _tuples(overrides)
    granularity = changes.get("gp_granularity", params.gp_granularity)
    for name, value in changes.items():
        problem = parameter_problem(name, value, granularity if type(granularity) is int else None)
        if problem:
            raise RulesetParameterError(f"house rule refused: {problem}")
    result = replace(params, **changes)  # type: ignore[arg-type]
    problem = unknown_keys_problem(result, catalogues) if catalogues is not None else None
    if problem:
        raise RulesetParameterError(f"house rule refused: {problem}")
    return result


def groups_from_mapping(
    values: Mapping[str, object], granularity: int
) -> tuple[dict[str, object], list[tuple[str, str]]]:
    """The optional groups of a [parameters] table (its sub-tables): ({key: group}, problems)."""
    groups: dict[str, object] = {}
    problems: list[tuple[str, str]] = []
    for key, table in values.items():
        if not isinstance(table, dict):
            continue
        if key not in GROUPS:
            problems.append((key, f"unknown parameter group [parameters.{key}] (known: {', '.join(GROUPS)})"))
            continue
        specs = GROUP_SPECS[key]
        found = [(f"{key}.{n}", p) for n, v in table.items() if (p := parameter_problem(n, v, granularity, specs))]
        optional = {f.name for f in fields(GROUPS[key]) if f.default is not MISSING or f.default_factory is not MISSING}
        found += [
            (f"{key}.{n}", f"missing parameter {key}.{n!r}") for n in specs if n not in table and n not in optional
        ]
        if found:
            problems += found
        else:
            groups[key] = GROUPS[key](**_tuples(table))
            problems += [(key, p) for p in [group_problem(groups[key])] if p]
    return groups, problems


def override_groups(
    groups: Mapping[str, object], overrides: Mapping[str, object], granularity: int
) -> dict[str, object]:
    """A copy of `groups` with house rules "<group>.<name>" applied; a group the ruleset does not
    declare cannot be switched on by a house rule (its step and data would be missing)."""
    result = dict(groups)
    for dotted, value in _tuples(overrides).items():
        key, _sep, name = dotted.partition(".")
        if key not in result:
            raise RulesetParameterError(f"house rule refused: this ruleset has no parameter group {key!r}")
        if not (problem := parameter_problem(name, value, granularity, GROUP_SPECS[key])):
            result[key] = replace(result[key], **{name: value})  # type: ignore[type-var]
            problem = group_problem(result[key])  # the group's numbers together (a budget in its range)
        if problem:
            raise RulesetParameterError(f"house rule refused: {key}.{problem}")
    return result


def group_values(groups: Mapping[str, object]) -> dict[str, object]:
    """Every group parameter as "<group>.<name>" -> value (snapshots, settings pages)."""
    return {f"{key}.{n}": getattr(group, n) for key, group in groups.items() for n in GROUP_SPECS[key]}


__all__ = [
    "GROUPS",
    "AllianceParameters",
    "AllyParameters",
    "BankParameters",
    "CardParameters",
    "ChampionParameters",
    "Parameters",
    "RookieParameters",
    "SecretWeaponParameters",
]
