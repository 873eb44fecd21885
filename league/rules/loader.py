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

from . import _load_catalogue as catalogue
from . import _load_tables as tables
from ._csvio import Problems
from ._load_settings import load_settings
from ._load_standings import load_standings
from ._load_trophies import load_trophies
from .errors import RulesetDataError
from .parameters import parameters_from_mapping, unknown_keys_problem
from .types import POST_MATCH_STEPS, Ruleset, Skill

DATA_DIR = Path(__file__).parent / "data"
RULESET_FILE = "ruleset.toml"


def _toml_line(text: str, key: str) -> int | None:
    """Line of `key = ...` in the TOML text (tomllib does not report positions)."""
    match = re.search(rf"^[ \t]*{re.escape(key)}[ \t]*=", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


def _read_toml(folder: Path) -> tuple[dict[str, object], str]:
    path = folder / RULESET_FILE
    if not path.is_file():
        raise RulesetDataError([f"{RULESET_FILE}: file not found in {folder}"])
    text = path.read_text(encoding="utf-8")
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        raise RulesetDataError([f"{RULESET_FILE}: {exc}"]) from exc


def _post_match_steps(document: dict[str, object], text: str, problems: Problems) -> tuple[str, ...]:
    """[sequence] post_match_steps: every known step exactly once, in the ruleset's order.

    All steps are required because a missing one would silently drop money or injuries; a ruleset
    without, say, spiralling expenses sets their threshold out of reach instead.
    """
    where = _toml_line(text, "post_match_steps")
    sequence = document.get("sequence")
    steps = sequence.get("post_match_steps") if isinstance(sequence, dict) else None
    if not isinstance(steps, list) or not all(isinstance(step, str) for step in steps):
        problems.add(RULESET_FILE, where, "[sequence] needs a list of step names 'post_match_steps'")
        return ()
    for step in steps:
        if step not in POST_MATCH_STEPS:
            problems.add(
                RULESET_FILE, where, f"unknown post-match step {step!r} (known: {', '.join(sorted(POST_MATCH_STEPS))})"
            )
    for step in sorted({s for s in steps if steps.count(s) > 1}):
        problems.add(RULESET_FILE, where, f"post-match step {step!r} is listed more than once")
    for step in sorted(POST_MATCH_STEPS - set(steps)):
        problems.add(RULESET_FILE, where, f"post-match step {step!r} is missing from post_match_steps")
    return tuple(steps)


def _journeyman_skills(
    document: dict[str, object], text: str, skills: Mapping[str, Skill], problems: Problems
) -> tuple[str, ...]:
    """[journeymen] skills: known skill keys a journeyman has while he is one (none if absent)."""
    table = document.get("journeymen", {})
    keys = table.get("skills", []) if isinstance(table, dict) else None
    where = _toml_line(text, "skills")
    if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
        problems.add(RULESET_FILE, where, "[journeymen] skills must be a list of skill keys")
        return ()
    for key in keys:
        if key not in skills:
            problems.add(RULESET_FILE, where, f"[journeymen] skills: unknown skill {key!r}")
    return tuple(keys)


def load_ruleset_from(path: str | Path) -> Ruleset:
    """Load and validate the ruleset stored in folder `path` (uncached: use it for tests and tools)."""
    folder = Path(path)
    problems = Problems()
    document, text = _read_toml(folder)

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

    categories = catalogue.load_skill_categories(folder, problems)
    skills = catalogue.load_skills(folder, problems, params)
    teams = catalogue.load_teams(folder, problems, params, skills)
    stars = catalogue.load_stars(folder, problems, params, skills, teams)
    inducements = catalogue.load_inducements(folder, problems, params, teams)
    casualties = tables.load_casualties(folder, problems)
    spp_awards = tables.load_spp_awards(folder, problems)
    spp_levels = tables.load_spp_levels(folder, problems)
    improvements = tables.load_improvements(folder, problems)
    values = tables.load_value_increases(folder, problems, params)
    weather = tables.load_weather(folder, problems)
    kickoff = tables.load_kickoff(folder, problems)
    steps = _post_match_steps(document, text, problems)
    trophies = load_trophies(folder, problems, params, skills=skills, categories=categories, inducements=inducements)
    journeyman_skills = _journeyman_skills(document, text, skills, problems)
    schemes, default_scheme, tie_breakers = load_standings(document, text, problems)
    if problem := unknown_keys_problem(params, inducements):
        problems.add(RULESET_FILE, _toml_line(text, "excluded_inducements"), problem)
    names = {key: (item.name("en"), item.name("fr")) for key, item in inducements.items()}
    league_settings, setting_groups = load_settings(document, text, params, problems, inducement_names=names)
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
        spp_levels=spp_levels,
        improvement_table=improvements,
        value_increases=values,
        weather_table=weather,
        kickoff_table=kickoff,
        post_match_steps=steps,
        journeyman_skills=journeyman_skills,
        skill_categories=categories,
        standings_schemes=schemes,
        default_standings_scheme=default_scheme,
        default_tie_breakers=tie_breakers,
        league_settings=league_settings,
        setting_groups=setting_groups,
        trophies=trophies,
        source=str(head.get("source", "")),
    )


def ruleset_keys() -> tuple[str, ...]:
    """Keys of the rulesets shipped with the engine (folders of data/ holding a ruleset.toml)."""
    if not DATA_DIR.is_dir():
        return ()
    return tuple(sorted(p.name for p in DATA_DIR.iterdir() if (p / RULESET_FILE).is_file()))


@cache
def load_ruleset(key: str) -> Ruleset:
    """The shipped ruleset `key`, loaded once per process (Rulesets are immutable, so sharing is safe)."""
    if key not in ruleset_keys():
        known = ", ".join(ruleset_keys()) or "none"
        raise KeyError(f"unknown ruleset {key!r} (known: {known})")
    ruleset = load_ruleset_from(DATA_DIR / key)
    if ruleset.key != key:
        raise RulesetDataError([f"{RULESET_FILE}: [ruleset] key {ruleset.key!r} does not match its folder {key!r}"])
    return ruleset
