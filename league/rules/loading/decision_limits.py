"""[decisions.<kind>] in ruleset.toml: whole-number limits of a registered decision kind."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from ..decisions import DECISION_KINDS
from .csvio import Problems

RULESET_FILE = "ruleset.toml"


def decision_limits(document: dict[str, object], text: str, problems: Problems) -> dict[str, Mapping[str, int]]:
    """[decisions.<kind>]: whole-number limits of a registered decision kind (league.rules.decisions)."""
    table = document.get("decisions", {})
    found: dict[str, Mapping[str, int]] = {}
    for kind, limits in table.items() if isinstance(table, dict) else ():
        header = re.search(rf"^[ \t]*\[decisions\.{re.escape(kind)}\]", text, re.MULTILINE)
        where = text.count("\n", 0, header.start()) + 1 if header else None
        if kind not in DECISION_KINDS:
            problems.add(
                RULESET_FILE, where, f"[decisions.{kind}]: unknown decision kind (known: {', '.join(DECISION_KINDS)})"
            )
        elif not isinstance(limits, dict) or not all(type(v) is int and v >= 0 for v in limits.values()):
            problems.add(RULESET_FILE, where, f"[decisions.{kind}] must hold whole numbers from 0")
        else:
            found[kind] = MappingProxyType(dict(limits))
    return found
