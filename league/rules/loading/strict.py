"""What a ruleset folder may hold: its files, and the tables and keys of its ruleset.toml.

Anything else is refused with its file and line rather than ignored: a house rule typed as a new
file, table or key would otherwise load without a word and change nothing (docs/decisions.md,
"A strict ruleset loader"). The columns of each CSV file are checked where it is read (csvio.read_rows).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from .csvio import Problems

RULESET_FILE = "ruleset.toml"
# Every file the loaders read (loader.py, catalogue.py, tables.py, trophies.py, differences.py),
# and README.md, the data author's notes on sources. The tables of the table-roll pre-match steps
# (weather.csv...) are known because [pre_match_tables.<step>] names them (prematch_tables.py).
KNOWN_FILES = frozenset(
    {
        RULESET_FILE,
        "README.md",
        "skill_categories.csv",
        "skills.csv",
        "teams.csv",
        "positions.csv",
        "star_players.csv",
        "inducements.csv",
        "casualty.csv",
        "ledger_kinds.csv",
        "spp_actions.csv",
        "spp_levels.csv",
        "spp_levels_by_group.csv",
        "level_groups.csv",
        "skill_access.csv",
        "improvement_rolls.csv",
        "value_modifiers.csv",
        "kickoff.csv",
        "trophies.csv",
        "differences.csv",
        "alliances.csv",
        "decks.csv",
        "cards.csv",
        "card_timings.csv",
    }
)

# Top-level table -> the keys it may hold; None: its keys are checked by its own loader
# ([parameters] by parameters.py, [standings.schemes.*] by scheme_from_mapping, [settings] and
# [setting_groups] below, one table per key; [table_rolls.*] by table_rolls.py and
# [pre_match_tables.*] by prematch_tables.py).
TABLE_KEYS: Mapping[str, frozenset[str] | None] = {
    "ruleset": frozenset({"key", "name_en", "name_fr", "version", "source", "source_fr", "reference", "base", "drop"}),
    "sequence": frozenset({"pre_match_steps", "post_match_steps"}),
    "pre_match_tables": None,
    "pre_match_choices": None,  # [pre_match_choices.<step>]: checked by prematch_choices.py
    "journeymen": frozenset({"skills"}),
    "mercenaries": frozenset({"skills"}),
    "parameters": None,
    "standings": frozenset({"default_scheme", "default_tie_breakers", "schemes"}),
    "setting_groups": None,
    "settings": None,
    "table_rolls": None,
    "decisions": None,  # [decisions.<kind>]: checked by the loader against the registered kinds
    "match_records": None,  # [match_records.<key>]: checked by match_records.py
}
SETTING_GROUP_KEYS = frozenset({"en", "fr"})
# table_rolls.py: what a [table_rolls.<key>] may hold.
TABLE_ROLL_KEYS = frozenset({"name_en", "name_fr", "trigger", "table", "dice", "avoid_dice", "avoid_targets"})
# settings.py: every setting has these; choices_* word a choice parameter, league_field/kind/default
# describe a field of the league itself.
SETTING_KEYS = frozenset({"group", "page", "en", "fr", "choices_en", "choices_fr", "league_field", "kind", "default"})


def _line(text: str, pattern: str, start: int = 0) -> int | None:
    match = re.compile(pattern, re.MULTILINE).search(text, start)
    return text.count("\n", 0, match.start()) + 1 if match else None


def key_line(text: str, header: str, key: str) -> int | None:
    """Line of `key = ...` inside the table [header] (up to the next table), else of [header]."""
    found = re.search(rf"^[ \t]*\[{re.escape(header)}\][ \t]*(#.*)?$", text, re.MULTILINE)
    if found is None:
        return None
    after = re.compile(r"^[ \t]*\[", re.MULTILINE).search(text, found.end())
    section = text[: after.start() if after else len(text)]
    return _line(section, rf"^[ \t]*{re.escape(key)}[ \t]*=", found.end()) or text.count("\n", 0, found.start()) + 1


def folder_problems(folder: Path, problems: Problems, declared: frozenset[str] = frozenset()) -> None:
    """Refuse every file or folder of `folder` that no loader reads (`declared`: the files the
    ruleset.toml names, such as its pre-match tables). Hidden names (.DS_Store, an editor's lock
    file) are left alone: they belong to the tools, not to the data author."""
    known_files = KNOWN_FILES | declared
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or (path.name in known_files and path.is_file()):
            continue
        known = ", ".join(sorted(known_files))
        problems.add(path.name, None, f"unknown file in ruleset folder {folder.name!r} (known: {known})")


def _unknown(
    table: object, known: frozenset[str], what: str, problems: Problems, text: str, header: str, inline: bool = False
) -> None:
    """Report the keys of `table` (the table [header], or the inline table `header = {...}` of its
    parent when `inline`) that are not `known`."""
    if not isinstance(table, dict):
        return  # the table's own loader says what it must be
    for key in table:
        if key not in known:
            parent, _dot, name = header.rpartition(".")
            line = key_line(text, parent, name) if inline else key_line(text, header, key)
            problems.add(RULESET_FILE, line, f"unknown key {key!r} in {what} (known: {', '.join(sorted(known))})")


def toml_problems(document: Mapping[str, object], text: str, problems: Problems) -> None:
    """Refuse the tables and keys of ruleset.toml that no loader reads, each with its line."""
    for name, value in document.items():
        if name not in TABLE_KEYS:
            where = _line(text, rf"^[ \t]*\[{re.escape(name)}[\].]") or _line(text, rf"^[ \t]*{re.escape(name)}[ \t]*=")
            tables = ", ".join(f"[{t}]" for t in TABLE_KEYS)
            problems.add(RULESET_FILE, where, f"unknown table or key {name!r} (known tables: {tables})")
            continue
        known = TABLE_KEYS[name]
        if known is not None:
            _unknown(value, known, f"[{name}]", problems, text, name)
    groups = document.get("setting_groups")
    for group, raw in groups.items() if isinstance(groups, dict) else ():
        header = f"setting_groups.{group}"  # `<group> = { en = ..., fr = ... }` in [setting_groups]
        _unknown(raw, SETTING_GROUP_KEYS, f"setting group {group!r}", problems, text, header, inline=True)
    rolls = document.get("table_rolls")
    for roll, raw in rolls.items() if isinstance(rolls, dict) else ():
        _unknown(raw, TABLE_ROLL_KEYS, f"[table_rolls.{roll}]", problems, text, f"table_rolls.{roll}")
    settings = document.get("settings")
    for setting, raw in settings.items() if isinstance(settings, dict) else ():
        _unknown(raw, SETTING_KEYS, f"[settings.{setting}]", problems, text, f"settings.{setting}")
