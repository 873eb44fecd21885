"""The [standings] table of ruleset.toml: the ruleset's points schemes and its defaults.

[standings]
default_scheme = "<key of one of the schemes>"
default_tie_breakers = ["points", ...]      # keys of standings.TIE_BREAKERS
[standings.schemes.<key>]                    # win, draw, loss required; see scheme_from_mapping
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..standings.ranking import TIE_BREAKERS
from ..standings.records import PointsScheme, scheme_from_mapping
from .csvio import Problems

RULESET_FILE = "ruleset.toml"


def _line(text: str, pattern: str) -> int | None:
    # [ \t]* rather than \s*: \s would also swallow the blank line before, one line too early.
    match = re.search(pattern, text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


def load_standings(
    document: Mapping[str, object], text: str, problems: Problems
) -> tuple[Mapping[str, PointsScheme], str, tuple[str, ...]]:
    """(schemes by key, default scheme key, default tie-breakers); problems name the line."""
    table = document.get("standings")
    head = _line(text, r"^[ \t]*\[standings\]")
    if not isinstance(table, dict):
        problems.add(RULESET_FILE, None, "missing [standings] table (points schemes and tie-breakers)")
        return {}, "", ()
    schemes: dict[str, PointsScheme] = {}
    raw_schemes = table.get("schemes")
    if not isinstance(raw_schemes, dict) or not raw_schemes:
        problems.add(RULESET_FILE, head, "[standings] needs at least one [standings.schemes.<key>] table")
        raw_schemes = {}
    for key, raw in raw_schemes.items():
        where = _line(text, rf"^[ \t]*\[standings\.schemes\.{re.escape(key)}\]")
        if not isinstance(raw, dict):
            problems.add(RULESET_FILE, where, f"[standings.schemes.{key}] must be a table")
            continue
        scheme, scheme_problems = scheme_from_mapping(key, raw)
        for message in scheme_problems:
            problems.add(RULESET_FILE, where, message)
        if scheme is not None:
            schemes[key] = scheme
    default = table.get("default_scheme")
    if not isinstance(default, str) or default not in raw_schemes:
        where = _line(text, r"^[ \t]*default_scheme[ \t]*=")
        problems.add(RULESET_FILE, where or head, f"[standings] default_scheme {default!r} is not one of its schemes")
        default = ""
    keys = table.get("default_tie_breakers")
    where = _line(text, r"^[ \t]*default_tie_breakers[ \t]*=")
    if not isinstance(keys, list) or not keys or not all(isinstance(key, str) for key in keys):
        problems.add(RULESET_FILE, where or head, "[standings] needs a list 'default_tie_breakers'")
        keys = []
    for key in keys:
        if key not in TIE_BREAKERS:
            problems.add(RULESET_FILE, where, f"unknown tie-breaker {key!r} (known: {', '.join(TIE_BREAKERS)})")
    for key in sorted({k for k in keys if keys.count(k) > 1}):
        problems.add(RULESET_FILE, where, f"tie-breaker {key!r} is listed more than once")
    return schemes, default, tuple(str(key) for key in keys)
