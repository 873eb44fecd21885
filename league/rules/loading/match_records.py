"""Reading `[match_records.<key>]` of a ruleset.toml: the records a match sheet keeps
(league/rules/match_records.py). A record's table file becomes one the strict loader accepts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from ..match_records import GROUPED_BY, KINDS, PER, PLAYERS_FROM, MatchRecord, dice_spec
from ..parameters import AllyParameters
from ..types import TableEntry
from .csvio import Problems, read_rows
from .strict import RULESET_FILE, key_line
from .tables import EFFECT_COLUMNS, _check_coverage, _range

TABLE = "match_records"
KEYS = frozenset(
    {"name_en", "name_fr", "per", "kind", "dice", "player", "table", "when_en", "when_fr", "penalty"}
    | {"grouped_by", "players_from", "players_max"}
)
RECORD_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
FILE_NAME = re.compile(r"^[a-z][a-z0-9_]*\.csv$")


def record_files(document: Mapping[str, object]) -> frozenset[str]:
    raw = document.get(TABLE)
    if not isinstance(raw, dict):
        return frozenset()
    return frozenset(str(r["table"]) for r in raw.values() if isinstance(r, dict) and isinstance(r.get("table"), str))


def _table(folder: Path, file: str, key: str, dice: tuple[int, int], problems: Problems) -> tuple[TableEntry, ...]:
    rows = read_rows(
        folder, file, ("roll_from", "roll_to", f"{key}_key", "name_en", "name_fr"), problems, None, EFFECT_COLUMNS
    )
    entries, covered = [], []
    for row in rows:
        low, high = _range(row)
        covered.append((row, range(low, high + 1)))
        values = (row.text(f"{key}_key"), row.text("name_en"), row.text("name_fr"))
        entries.append(TableEntry(low, high, *values, row.text("effect_en"), row.text("effect_fr")))
    count, faces = dice
    if rows:
        _check_coverage(file, problems, covered, tuple(range(count, count * faces + 1)), f"{count}D{faces}")
    return tuple(entries)


def _players_rule(config: Mapping[str, object], kind: str, player: bool, groups: Mapping[str, object]) -> str:
    """Why a record's grouping and players keys do not hold together ("" when they do)."""
    grouped_by, players_from = config.get("grouped_by", ""), config.get("players_from", "team")
    players_max = config.get("players_max", 0)
    if grouped_by not in ("", *GROUPED_BY):
        return f"grouped_by is one of {', '.join(GROUPED_BY)}"
    if grouped_by and kind not in ("roll", "player"):  # the sheet types a group's rolls or players
        return "grouped_by is for a roll or player record"
    if players_from not in PLAYERS_FROM:
        return f"players_from is one of {', '.join(PLAYERS_FROM)}"
    if type(players_max) is not int or players_max < 0:
        return "players_max is a whole number (0: no limit)"
    names_players = kind == "player" or player
    if (players_from != "team" or players_max) and not names_players:
        return "players_from and players_max are for a record of players (kind player, or player = true)"
    if players_from == "allies":
        # The same rule as the ally group's number on the pitch (spec §2.1, H6): one number, kept equal.
        allies = groups.get(AllyParameters.KEY)
        if not isinstance(allies, AllyParameters):
            return 'players_from = "allies" needs [parameters.allies]'
        if players_max and players_max != allies.max_on_pitch:
            return "players_max of an allies record is [parameters.allies] max_on_pitch"
    return ""


def load_match_records(
    folder: Path, document: Mapping[str, object], text: str, problems: Problems, groups: Mapping[str, object]
) -> dict[str, MatchRecord]:
    raw = document.get(TABLE, {})
    if not isinstance(raw, dict):
        problems.add(RULESET_FILE, key_line(text, TABLE, TABLE), f"[{TABLE}] must hold one table per record")
        return {}
    found: dict[str, MatchRecord] = {}
    for key, config in raw.items():
        header = f"{TABLE}.{key}"
        where = key_line(text, header, "kind")

        def refuse(message: str, at: str = "kind", header: str = header) -> None:
            problems.add(RULESET_FILE, key_line(text, header, at), f"[{header}] {message}")

        if not isinstance(config, dict) or not RECORD_NAME.match(key):
            problems.add(RULESET_FILE, where, f"[{header}] must be a table named in lower-case letters, digits and _")
            continue
        for name in config:
            if name not in KEYS:
                refuse(f"unknown key {name!r} (known: {', '.join(sorted(KEYS))})", name)
        names = [config.get(n, "") for n in ("name_en", "name_fr", "when_en", "when_fr")]
        if not all(isinstance(n, str) for n in names) or not names[0] or not names[1]:
            refuse("needs a text name_en and name_fr (when_en and when_fr are texts)", "name_en")
            continue
        per, kind, player = config.get("per"), config.get("kind"), config.get("player", False)
        if per not in PER:
            refuse(f"per is one of {', '.join(PER)}", "per")
            continue
        if kind not in KINDS:
            refuse(f"kind is one of {', '.join(KINDS)}")
            continue
        if not isinstance(player, bool) or (player and (kind != "roll" or per != "team")):
            refuse("player = true is for a roll kept per team", "player")
            continue
        if kind == "player" and per != "team":
            refuse("a player record is kept per team", "per")
            continue
        if wrong := _players_rule(config, str(kind), player, groups):
            refuse(wrong, next((k for k in ("grouped_by", "players_from", "players_max") if k in config), "kind"))
            continue
        dice, file = config.get("dice", ""), config.get("table")
        spec = dice_spec(dice)
        if (kind == "roll") != (spec is not None):
            refuse("dice (such as 2D6 or D16) are given for a roll, and only for a roll", "dice")
            continue
        table: tuple[TableEntry, ...] = ()
        if file is not None:
            if spec is None or not isinstance(file, str) or not FILE_NAME.match(file):
                refuse("table names a CSV file of the folder, for a roll", "table")
                continue
            table = _table(folder, file, key, spec, problems)
        penalty = config.get("penalty", False)
        if not isinstance(penalty, bool) or (penalty and not (player and spec is not None and not table)):
            refuse("penalty = true is for a player's roll without a table", "penalty")
            continue
        found[key] = MatchRecord(
            key,
            names[0],
            names[1],
            str(per),
            str(kind),
            str(dice),
            player,
            table,
            names[2],
            names[3],
            penalty,
            grouped_by=str(config.get("grouped_by", "")),
            players_from=str(config.get("players_from", "team")),
            players_max=int(config.get("players_max", 0)),
        )
    return found
