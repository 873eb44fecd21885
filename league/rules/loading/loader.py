"""Reading a ruleset folder (data/<key>/: ruleset.toml + CSV files) into a validated Ruleset.

Only csv and tomllib are used, so the data stays plain text that a commissioner can review in a
diff. Every problem found is reported with its file and line (RulesetDataError).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from ..catalogue.allies import with_allies
from ..catalogue.champions import with_champions
from ..errors import RulesetDataError
from ..parameters import groups_from_mapping, parameters_from_mapping, unknown_keys_problem
from ..registry import known_steps, order_problems
from ..ruleset import Ruleset
from ..types import FIXED_SPP_ACTIONS, Skill
from . import catalogue, tables
from .alliances import load_alliances
from .cards import load_cards
from .csvio import Problems
from .decision_limits import decision_limits as read_decision_limits
from .inherit import read_document
from .key_names import check_group_keys, setting_key_names
from .levels import load_level_tables
from .match_records import load_match_records, record_files
from .prematch_choices import load_pre_match_choices
from .prematch_tables import declared_files, load_pre_match_tables
from .settings import load_settings
from .skill_access import load_skill_access
from .standings import load_standings
from .strict import KNOWN_FILES, folder_problems, toml_problems
from .table_rolls import load_table_rolls, table_files
from .trophies import load_trophies

DATA_DIR = Path(__file__).parent.parent / "data"
RULESET_FILE = "ruleset.toml"


def _toml_line(text: str, key: str) -> int | None:  # tomllib does not report positions
    match = re.search(rf"^[ \t]*{re.escape(key)}[ \t]*=", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


def _group_line(text: str, dotted: str) -> int | None:
    """Line of a group parameter "bank.max_balance" (in [parameters.bank]), or of the group's header."""
    group, _sep, name = dotted.partition(".")
    header = re.search(rf"^[ \t]*\[parameters\.{re.escape(group)}\]", text, re.MULTILINE)
    if header is None:
        return None
    start = text.count("\n", 0, header.start()) + 1
    if name:
        found = re.compile(rf"^[ \t]*{re.escape(name)}[ \t]*=", re.MULTILINE).search(text, header.end())
        if found:
            return text.count("\n", 0, found.start()) + 1
    return start


def _steps(
    document: dict[str, object], text: str, problems: Problems, name: str, known: Mapping[str, object]
) -> tuple[str, ...]:
    """[sequence] <name>: registered step names (registry.py), each once, in the ruleset's order.

    A ruleset lists only the steps it has (PBBL has no petty cash, LRB6 no bank); a step the engine
    does not know is refused rather than skipped, since a skipped one would silently drop money.
    """
    where = _toml_line(text, name)
    sequence = document.get("sequence")
    steps = sequence.get(name) if isinstance(sequence, dict) else None
    if not isinstance(steps, list) or not all(isinstance(step, str) for step in steps):
        problems.add(RULESET_FILE, where, f"[sequence] {name} must be a list of step names")
        return ()
    kind = name.partition("_match")[0].replace("_", "-") + "-match"  # post-match, pre-match
    for step in steps:
        if step not in known:
            problems.add(RULESET_FILE, where, f"unknown {kind} step {step!r} (known: {', '.join(sorted(known))})")
    for step in sorted({s for s in steps if steps.count(s) > 1}):
        problems.add(RULESET_FILE, where, f"{kind} step {step!r} is listed more than once")
    if kind == "post-match":
        for message in order_problems(tuple(steps)):
            problems.add(RULESET_FILE, where, message)
    return tuple(steps)


def _table_roll_places(steps: tuple[str, ...], rolls: Mapping[str, object], text: str, problems: Problems) -> None:
    """A table roll is listed in post_match_steps, after the improvement rolls it follows: one
    declared and not listed would silently never be rolled."""
    where = _toml_line(text, "post_match_steps")
    for key in rolls:
        if key not in steps:
            problems.add(RULESET_FILE, where, f"table roll {key!r} is declared but not listed in post_match_steps")
        elif "improvements" not in steps[: steps.index(key)]:
            problems.add(RULESET_FILE, where, f"table roll {key!r} must come after the step 'improvements'")


def _induced_skills(
    document: dict[str, object], text: str, skills: Mapping[str, Skill], problems: Problems, name: str
) -> tuple[str, ...]:
    """[journeymen] / [mercenaries] skills: known skill keys such a player has while he plays as one."""
    table = document.get(name, {})
    keys = table.get("skills", []) if isinstance(table, dict) else None
    where = _toml_line(text, "skills")
    if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
        problems.add(RULESET_FILE, where, f"[{name}] skills must be a list of skill keys")
        return ()
    for key in keys:
        if key not in skills:
            problems.add(RULESET_FILE, where, f"[{name}] skills: unknown skill {key!r}")
    return tuple(keys)


def load_ruleset_from(path: str | Path) -> Ruleset:
    """Load and validate the ruleset stored in folder `path` (uncached: use it for tests and tools)."""
    folder = Path(path)
    problems = Problems()
    document, text = read_document(folder)
    declared = frozenset(table_files(document)) | declared_files(document) | record_files(document)
    folder_problems(folder, problems, declared)
    toml_problems(document, text, problems)

    head = document.get("ruleset")
    if not isinstance(head, dict):
        raise RulesetDataError([f"{RULESET_FILE}: missing [ruleset] table"])
    for field_name in ("key", "name_en", "name_fr", "version"):
        if not isinstance(head.get(field_name), str) or not head[field_name]:
            problems.add(RULESET_FILE, _toml_line(text, field_name), f"[ruleset] needs a text {field_name!r}")
    raw_params = document.get("parameters")
    if not isinstance(raw_params, dict):
        raise RulesetDataError([f"{RULESET_FILE}: missing [parameters] table", *problems.items])
    params, param_problems = parameters_from_mapping(raw_params)
    for name, message in param_problems:
        problems.add(RULESET_FILE, _toml_line(text, name), message)
    # Without valid parameters (granularity, stat limits) the CSV checks cannot run.
    if params is None:
        problems.raise_if_any()
    assert params is not None
    parameter_groups, group_problems = groups_from_mapping(raw_params, params.gp_granularity)
    for name, message in group_problems:
        problems.add(RULESET_FILE, _group_line(text, name), message)

    categories = catalogue.load_skill_categories(folder, problems)
    skills = catalogue.load_skills(folder, problems, params)
    teams = catalogue.load_teams(folder, problems, params, skills)
    stars = catalogue.load_stars(folder, problems, params, skills, teams)
    inducements = catalogue.load_inducements(folder, problems, params, teams)
    teams, inducements = with_champions(teams, stars, inducements, parameter_groups)
    teams = with_allies(teams, parameter_groups)
    casualties = tables.load_casualties(folder, problems)
    ledger_kinds = tables.load_ledger_kinds(folder, problems)
    spp_awards = tables.load_spp_awards(folder, problems)
    spp_action_names = tables.load_spp_action_names(folder)
    spp_levels = tables.load_spp_levels(folder, problems)
    level_tables, level_groups = load_level_tables(folder, problems, teams)
    alliances = load_alliances(folder, problems, teams, "alliances" in parameter_groups, _group_line(text, "alliances"))
    improvements = tables.load_improvements(folder, problems)
    values = tables.load_value_increases(folder, problems, params)
    teams = load_skill_access(folder, problems, teams, frozenset(values))
    kickoff = tables.load_kickoff(folder, problems)
    pre_steps, post_steps = known_steps()
    level_keys = {level.key for levels in (spp_levels, *level_tables.values()) for level in levels}
    pre_tables = load_pre_match_tables(folder, document, text, problems, pre_steps)
    pre_choices = load_pre_match_choices(document, text, problems, set(pre_steps) | set(pre_tables))
    table_rolls = load_table_rolls(
        folder,
        document,
        text,
        problems,
        level_keys=level_keys,
        casualty_keys={c.key for c in casualties.values()},
        reserved=set(post_steps) | set(pre_steps) | set(pre_tables) | set(pre_choices),
        known_files=KNOWN_FILES,
    )
    steps = _steps(document, text, problems, "post_match_steps", {**post_steps, **table_rolls})
    _table_roll_places(steps, table_rolls, text, problems)
    # A pre-match step is a registered one or a table-roll step the ruleset declares in data.
    pre_match = _steps(document, text, problems, "pre_match_steps", {**pre_steps, **pre_tables, **pre_choices})
    if "rookies" in pre_match and "rookies" not in parameter_groups:
        problems.add(
            RULESET_FILE, _toml_line(text, "pre_match_steps"), "pre-match step 'rookies' needs [parameters.rookies]"
        )
    trophies = load_trophies(folder, problems, params, skills=skills, categories=categories, inducements=inducements)
    cards = load_cards(
        folder, problems, params.gp_granularity, declared="cards" in parameter_groups, where=_group_line(text, "cards")
    )
    journeyman_skills, mercenary_skills = (
        _induced_skills(document, text, skills, problems, name) for name in ("journeymen", "mercenaries")
    )
    decision_limits = read_decision_limits(document, text, problems)
    match_records = load_match_records(folder, document, text, problems, parameter_groups)
    schemes, default_scheme, tie_breakers = load_standings(document, text, problems)
    optional = [key for key in spp_awards if key not in FIXED_SPP_ACTIONS]
    if problem := unknown_keys_problem(params, {"inducements": inducements, "spp_actions": optional, "teams": teams}):
        problems.add(RULESET_FILE, _toml_line(text, problem.split("'")[1]), problem)
    if params.capped_group and params.capped_group not in set(level_groups.values()):
        problems.add(
            RULESET_FILE,
            _toml_line(text, "capped_group"),
            f"capped_group {params.capped_group!r} is not a group of level_groups.csv",
        )
    check_group_keys(parameter_groups, teams, skills, problems, None)  # the message names the parameter
    spp_names = {key: spp_action_names[key][:2] for key in optional if key in spp_action_names}
    names = setting_key_names(
        inducements=inducements, spp_actions=spp_names, teams=teams, skills=skills, stars=stars, groups=parameter_groups
    )
    league_settings, setting_groups = load_settings(
        document, text, params, problems, key_names=names, parameter_groups=parameter_groups
    )
    problems.raise_if_any()

    return Ruleset(
        key=str(head["key"]),
        version=str(head["version"]),
        name_en=str(head["name_en"]),
        name_fr=str(head["name_fr"]),
        params=params,
        teams=teams,
        skills=skills,
        star_players=stars,
        inducements=inducements,
        casualty_table=casualties,
        spp_awards=spp_awards,
        spp_action_names=spp_action_names,
        spp_levels=spp_levels,
        level_tables=level_tables,
        level_groups=level_groups,
        alliances=alliances,
        table_rolls=table_rolls,
        improvement_table=improvements,
        value_increases=values,
        weather_table=pre_tables["weather"].entries if "weather" in pre_tables else (),
        kickoff_table=kickoff,
        post_match_steps=steps,
        pre_match_steps=pre_match,
        pre_match_tables=pre_tables,
        pre_match_choices=pre_choices,
        parameter_groups=parameter_groups,
        ledger_kinds=ledger_kinds,
        journeyman_skills=journeyman_skills,
        mercenary_skills=mercenary_skills,
        decision_limits=decision_limits,
        match_records=match_records,
        skill_categories=categories,
        standings_schemes=schemes,
        default_standings_scheme=default_scheme,
        default_tie_breakers=tie_breakers,
        league_settings=league_settings,
        setting_groups=setting_groups,
        trophies=trophies,
        special_cards=cards,
        source=str(head.get("source", "")),
        source_fr=str(head.get("source_fr", "")),
    )


def ruleset_keys() -> tuple[str, ...]:
    """Keys of the rulesets shipped with the engine (folders of data/ holding a ruleset.toml)."""
    if not DATA_DIR.is_dir():
        return ()
    return tuple(sorted(p.name for p in DATA_DIR.iterdir() if (p / RULESET_FILE).is_file()))


@cache
def default_ruleset_key() -> str:
    """The ruleset a new league, the roster catalogue and the demo start with (data/rulesets.toml)."""
    path = DATA_DIR / "rulesets.toml"
    try:
        key = tomllib.loads(path.read_text(encoding="utf-8")).get("default")
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RulesetDataError([f"rulesets.toml: {exc}"]) from exc
    if key not in ruleset_keys():
        raise RulesetDataError(
            [f"rulesets.toml: default {key!r} is not a shipped ruleset ({', '.join(ruleset_keys())})"]
        )
    return str(key)


# Loaded rulesets by (data folder, key): a test that points DATA_DIR at a copy of the data gets
# the copy's rulesets, and the shipped ones again afterwards, the very same objects.
_loaded: dict[tuple[Path, str], Ruleset] = {}


def load_ruleset(key: str) -> Ruleset:
    """The shipped ruleset `key`, loaded once per process (Rulesets are immutable, so sharing is safe)."""
    folder = DATA_DIR
    found = _loaded.get((folder, key))
    if found is not None:
        return found
    if key not in ruleset_keys():
        known = ", ".join(ruleset_keys()) or "none"
        raise KeyError(f"unknown ruleset {key!r} (known: {known})")
    ruleset = load_ruleset_from(folder / key)
    if ruleset.key != key:
        raise RulesetDataError([f"{RULESET_FILE}: [ruleset] key {ruleset.key!r} does not match its folder {key!r}"])
    return _loaded.setdefault((folder, key), ruleset)


def forget_rulesets(folder: Path) -> None:
    """Drop what was loaded from the data folder `folder` (a test's copy of the data, when it ends)."""
    for loaded in [k for k in _loaded if k[0] == folder]:
        _loaded.pop(loaded, None)
