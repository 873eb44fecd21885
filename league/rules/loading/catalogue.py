"""Loading and cross-checking the catalogue files: skills, teams, positions, stars, inducements."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from ..parameters import Parameters
from ..types import (
    PICKABLE_CATEGORIES,
    SKILL_CATEGORIES,
    STATS,
    Inducement,
    Position,
    Skill,
    SkillCategory,
    StarPlayer,
    TeamList,
)
from .csvio import Problems, Row, read_rows, unique_key

# Pricing: a fixed cost, a star's own price, a position's cost + the mercenary surcharge, a journeyman's
# position cost (PBBL P36/L80), "league" (league_inducement_price; unset, not for sale: seed 003 D3).
# Special play cards are no inducement row: they are sold from the decks (decks.csv, [parameters.cards]).
PRICINGS = ("fixed", "star_player", "mercenary", "journeyman", "league")
TEAM_CONDITIONS = ("any", "apothecary_allowed", "apothecary_forbidden")


def _stats(row: Row, params: Parameters) -> tuple[int | None, int | None, int | None, int | None]:
    """The four characteristics; all four empty = unknown (a source that lost them: the league
    completes the profile), never some of them."""
    if all(not row.text(column) for column in STATS):
        return None, None, None, None
    values = []
    for column in STATS:
        value = row.integer(column) or 0
        if not params.stat_min_value <= value <= params.stat_max_value:
            row.error(f"column {column!r} = {value} is outside {params.stat_min_value}..{params.stat_max_value}")
        values.append(value)
    return values[0], values[1], values[2], values[3]


def _known_skills(row: Row, skills: dict[str, Skill]) -> tuple[str, ...]:
    keys = row.items("skills")
    for key in keys:
        if key not in skills:
            row.error(f"unknown skill {key!r} in column 'skills'")
    if len(set(keys)) != len(keys):
        row.error("a skill is listed twice in column 'skills'")
    return keys


def load_skill_categories(folder: Path, problems: Problems) -> dict[str, SkillCategory]:
    """skill_categories.csv: every category letter the engine knows, with each language's letter
    and name, in the rulebook's order."""
    name = "skill_categories.csv"
    rows = read_rows(folder, name, ("category", "letter_en", "letter_fr", "name_en", "name_fr"), problems, None)
    seen: dict[object, int] = {}
    letters: dict[str, dict[str, int]] = {"en": {}, "fr": {}}
    found: dict[str, SkillCategory] = {}
    for row in rows:
        key = row.text("category")
        if len(key) != 1 or key not in SKILL_CATEGORIES:
            row.error(f"bad category letter {key!r} (allowed: {' '.join(SKILL_CATEGORIES)})")
            continue
        if not unique_key(row, key, seen, "category"):
            continue
        for lang in ("en", "fr"):
            letter = row.text(f"letter_{lang}")
            if len(letter) != 1 or not letter.isalpha():
                row.error(f"column 'letter_{lang}' must be one letter, got {letter!r}")
            elif letter in letters[lang]:
                row.error(f"letter {letter!r} already stands for another category in {lang}")
            letters[lang][letter] = row.line
        if not row.text("name_en"):
            row.error("column 'name_en' is empty")
        found[key] = SkillCategory(
            key, row.text("letter_en"), row.text("letter_fr"), row.text("name_en"), row.text("name_fr")
        )
    if rows:
        for key in SKILL_CATEGORIES:
            if key not in found:
                problems.add(name, None, f"category {key!r} is missing")
    return found


def load_skills(folder: Path, problems: Problems, params: Parameters) -> dict[str, Skill]:
    name = "skills.csv"
    rows = read_rows(
        folder, name, ("skill_key", "name_en", "name_fr", "category", "excludes"), problems, params.gp_granularity
    )
    seen: dict[object, int] = {}
    raw: dict[str, tuple[Row, Skill, tuple[str, ...]]] = {}
    for row in rows:
        key = row.text("skill_key")
        category = row.text("category")
        if len(category) != 1 or category not in SKILL_CATEGORIES:
            row.error(f"bad category letter {category!r} (allowed: {' '.join(SKILL_CATEGORIES)})")
        if not unique_key(row, key, seen, "skill"):
            continue
        skill = Skill(key, row.text("name_en"), row.text("name_fr"), category)
        raw[key] = (row, skill, row.items("excludes"))
    # Exclusions are symmetric by nature (Grab/Frenzy): data may state one side only.
    pairs: dict[str, set[str]] = {key: set() for key in raw}
    for key, (row, _skill, excludes) in raw.items():
        for other in excludes:
            if other not in raw:
                row.error(f"unknown skill {other!r} in column 'excludes'")
            elif other != key:
                pairs[key].add(other)
                pairs[other].add(key)
    return {
        key: Skill(s.key, s.name_en, s.name_fr, s.category, frozenset(pairs[key]))
        for key, (_row, s, _ex) in raw.items()
    }


def load_teams(folder: Path, problems: Problems, params: Parameters, skills: dict[str, Skill]) -> dict[str, TeamList]:
    g = params.gp_granularity
    team_rows = read_rows(
        folder,
        "teams.csv",
        ("team_key", "name_en", "name_fr", "reroll_cost", "max_rerolls", "apothecary_allowed", "necromancer"),
        problems,
        g,
        ("special_rules", "crp_new_team", "naf_name"),  # naf_name: the NAF report's race (docs/rulesets.md)
    )
    heads: dict[str, tuple[Row, dict[str, object]]] = {}
    seen: dict[object, int] = {}
    for row in team_rows:
        key = row.text("team_key")
        fields = {
            "key": key,
            "name_en": row.text("name_en"),
            "name_fr": row.text("name_fr"),
            "reroll_cost": row.integer("reroll_cost", gp=True) or 0,
            "max_rerolls": row.integer("max_rerolls") or 0,
            "apothecary_allowed": row.flag("apothecary_allowed"),
            "necromancer": row.flag("necromancer"),
            "special_rules": row.text("special_rules"),
            "crp_new_team": row.flag("crp_new_team") if "crp_new_team" in row.values else False,
            "naf_name": row.text("naf_name"),
        }
        if unique_key(row, key, seen, "team"):
            heads[key] = (row, fields)

    pos_rows = read_rows(
        folder,
        "positions.csv",
        (
            "team_key",
            "position_key",
            "name_en",
            "name_fr",
            "max_count",
            "cost",
            "ma",
            "st",
            "ag",
            "av",
            "skills",
            "normal_categories",
            "double_categories",
            "journeyman_eligible",
        ),
        problems,
        g,
        ("aliases",),  # other names of the position (older rulebooks, other tools), for the reader
    )
    positions: dict[str, list[Position]] = {key: [] for key in heads}
    seen = {}
    for row in pos_rows:
        team_key, key = row.text("team_key"), row.text("position_key")
        if team_key not in heads:
            row.error(f"unknown team {team_key!r}")
        normal = row.letters("normal_categories", PICKABLE_CATEGORIES)
        double = row.letters("double_categories", PICKABLE_CATEGORIES)
        if normal & double:
            row.error(f"categories {''.join(sorted(normal & double))} are both normal and double")
        max_count = row.integer("max_count") or 0
        if max_count < 1:
            row.error(f"column 'max_count' must be at least 1, got {max_count}")
        ma, st, ag, av = _stats(row, params)
        pos = Position(
            team_key,
            key,
            row.text("name_en"),
            row.text("name_fr"),
            max_count,
            row.integer("cost", gp=True) or 0,
            ma,
            st,
            ag,
            av,
            _known_skills(row, skills),
            normal,
            double,
            row.flag("journeyman_eligible"),
        )
        if unique_key(row, (team_key, key), seen, "position (team, position)") and team_key in positions:
            positions[team_key].append(pos)

    teams: dict[str, TeamList] = {}
    for key, (row, fields) in heads.items():
        own = tuple(positions[key])
        if not own:
            row.error(f"team {key!r} has no position in positions.csv")
        elif not any(p.journeyman_eligible for p in own):
            row.error(f"team {key!r} has no journeyman-eligible position")
        teams[key] = TeamList(positions=own, **fields)  # type: ignore[arg-type]
    return teams


def load_stars(
    folder: Path, problems: Problems, params: Parameters, skills: dict[str, Skill], teams: dict[str, TeamList]
) -> dict[str, StarPlayer]:
    rows = read_rows(
        folder,
        "star_players.csv",
        ("star_key", "name_en", "name_fr", "cost", "ma", "st", "ag", "av", "skills", "teams", "paired_with"),
        problems,
        params.gp_granularity,
        ("notes",),  # the data author's remarks, for the reader
    )
    stars: dict[str, StarPlayer] = {}
    lines: dict[str, Row] = {}
    seen: dict[object, int] = {}
    for row in rows:
        key = row.text("star_key")
        star_teams = row.items("teams")
        for team in star_teams:
            if team not in teams:
                row.error(f"unknown team {team!r} in column 'teams'")
        if not star_teams:
            row.error("column 'teams' is empty: the star would play for nobody")
        ma, st, ag, av = _stats(row, params)
        star = StarPlayer(
            key,
            row.text("name_en"),
            row.text("name_fr"),
            row.integer("cost", gp=True) or 0,
            ma,
            st,
            ag,
            av,
            _known_skills(row, skills),
            frozenset(star_teams),
            row.text("paired_with") or None,
        )
        if unique_key(row, key, seen, "star"):
            stars[key], lines[key] = star, row
    for key, star in stars.items():
        mate = star.paired_with
        if mate is not None and (mate not in stars or stars[mate].paired_with != key):
            lines[key].error(f"paired_with {mate!r} is not a star paired back with {key!r}")
    return stars


def load_inducements(
    folder: Path, problems: Problems, params: Parameters, teams: dict[str, TeamList]
) -> dict[str, Inducement]:
    rows = read_rows(
        folder,
        "inducements.csv",
        (
            "inducement_key",
            "name_en",
            "name_fr",
            "max_count",
            "cost",
            "pricing",
            "special_prices",
            "only_teams",
            "team_condition",
            "apothecary_uses",
        ),
        problems,
        params.gp_granularity,
    )
    found: dict[str, Inducement] = {}
    seen: dict[object, int] = {}
    for row in rows:
        key, pricing, condition = row.text("inducement_key"), row.text("pricing"), row.text("team_condition")
        cost, apothecary_uses = row.opt_integer("cost", gp=True), row.opt_integer("apothecary_uses") or 0
        if apothecary_uses < 0:
            row.error(f"column 'apothecary_uses' must not be negative, got {apothecary_uses}")
        if pricing not in PRICINGS:
            row.error(f"column 'pricing' must be one of {', '.join(PRICINGS)}, got {pricing!r}")
        elif pricing == "fixed" and cost is None:
            row.error(f"a {pricing}-priced inducement needs a cost")
        elif pricing == "league" and cost is not None:
            row.error("a league-priced inducement has no cost (league_inducement_price)")
        if condition not in TEAM_CONDITIONS:
            row.error(f"column 'team_condition' must be one of {', '.join(TEAM_CONDITIONS)}, got {condition!r}")
        special: dict[str, int] = {}
        for item in row.items("special_prices"):
            team, _, price = item.partition(":")
            if team not in teams:
                row.error(f"unknown team {team!r} in column 'special_prices'")
            try:
                special[team] = int(price)
                row.check_gp(f"special price for {team!r}", special[team])
            except ValueError:
                row.error(f"special price {item!r} must be team_key:integer")
        only = row.items("only_teams")
        for team in (t for t in only if t not in teams):
            row.error(f"unknown team {team!r} in column 'only_teams'")
        names, max_count = (row.text("name_en"), row.text("name_fr")), row.opt_integer("max_count")
        ind = Inducement(key, *names, max_count, cost, MappingProxyType(special), pricing, frozenset(only), condition)
        if unique_key(row, key, seen, "inducement"):
            found[key] = replace(ind, apothecary_uses=max(apothecary_uses, 0))
    return found
