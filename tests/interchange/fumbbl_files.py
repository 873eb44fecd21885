"""The FUMBBL sample files of docs/examples, and variations of them built in the tests."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "fumbbl"


def team_json(name: str = "team.json") -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def roster_json() -> dict[str, Any]:
    return json.loads((EXAMPLES / "roster.json").read_text(encoding="utf-8"))


def as_bytes(data: Any) -> bytes:
    return json.dumps(data).encode("utf-8")


def changed(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    out.update(fields)
    return out
