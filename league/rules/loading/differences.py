"""differences.csv: where a ruleset departs from the reference ruleset, one rule a row.

Columns: topic_key, topic_en, topic_fr, reference_en, reference_fr, this_en, this_fr, source.
`reference_*` says what the reference ruleset does, `this_*` what this ruleset does instead, and
`source` is the page of this ruleset's own text that says so (e.g. "PBBL p.32 (L72)").

Which ruleset is the reference is data too, not code: the one whose ruleset.toml reads
`reference = true` in its [ruleset] table (exactly one shipped ruleset must). It has no
differences.csv, or one with the header only. A ruleset folder without the file has no recorded
differences. The file is read apart from load_ruleset so that a folder's differences can be read
(and checked) before the rest of the ruleset is complete.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..errors import RulesetDataError
from . import loader
from .csvio import Problems, read_rows, unique_key
from .inherit import read_own
from .loader import RULESET_FILE, ruleset_keys

FILE = "differences.csv"
TEXTS = ("topic_en", "topic_fr", "reference_en", "reference_fr", "this_en", "this_fr", "source")
COLUMNS = ("topic_key", *TEXTS)
TOPIC_KEY = re.compile(r"^[a-z0-9_]+$")


def _in_language(english: str, french: str, lang: str) -> str:
    return french if lang.lower().startswith("fr") and french else english


@dataclass(frozen=True, slots=True)
class Difference:
    """One rule on which a ruleset departs from the reference ruleset."""

    topic_key: str
    topic_en: str
    topic_fr: str
    reference_en: str
    reference_fr: str
    this_en: str
    this_fr: str
    source: str  # the page of the ruleset's own text, e.g. "PBBL p.32 (L72)"

    def topic(self, lang: str) -> str:
        return _in_language(self.topic_en, self.topic_fr, lang)

    def reference(self, lang: str) -> str:
        """What the reference ruleset does."""
        return _in_language(self.reference_en, self.reference_fr, lang)

    def this(self, lang: str) -> str:
        """What this ruleset does instead."""
        return _in_language(self.this_en, self.this_fr, lang)


def _reference_line(text: str) -> int | None:
    match = re.search(r"^[ \t]*reference[ \t]*=", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


# loader.DATA_DIR is read at call time, as load_ruleset does, so that a test may point it elsewhere.
@cache
def reference_ruleset_key() -> str:
    """Key of the shipped ruleset that the others' differences compare against.

    A ruleset copied from the reference one (docs/rulesets.md, "Adding a ruleset") carries its
    `reference = true` along: the error names every file and line that claims it, so the author
    sees which copy to set to false."""
    found: list[tuple[str, str]] = []  # (key, "<key>/ruleset.toml line <n>")
    for key in ruleset_keys():
        document, text = read_own(loader.DATA_DIR / key)  # `reference` is never inherited
        head = document.get("ruleset")
        flag = head.get("reference", False) if isinstance(head, dict) else False
        line = _reference_line(text)
        where = f"{key}/{RULESET_FILE}" + (f" line {line}" if line else "")
        if not isinstance(flag, bool):
            raise RulesetDataError([f"{where}: [ruleset] reference must be true or false"])
        if flag:
            found.append((key, where))
    if not found:
        files = ", ".join(f"{key}/{RULESET_FILE}" for key in ruleset_keys()) or "none"
        raise RulesetDataError(
            [f"exactly one ruleset must read reference = true in its [ruleset] table, none does ({files})"]
        )
    if len(found) > 1:
        keys = ", ".join(key for key, _where in found)
        raise RulesetDataError(
            [
                f"{where}: reference = true, but exactly one ruleset may be the reference (claimed by {keys}); "
                "set reference = false in every copy"
                for _key, where in found
            ]
        )
    return found[0][0]


def load_differences_from(path: str | Path) -> tuple[Difference, ...]:
    """The differences.csv of folder `path`, checked (uncached: use it for tests and tools); ()
    when the folder has none. Messages name the folder and the file: "pbbl110/differences.csv line 3"."""
    folder = Path(path)
    name = f"{folder.name}/{FILE}"
    if not (folder / FILE).is_file():
        return ()
    problems = Problems()
    rows = read_rows(folder.parent, name, COLUMNS, problems, None)
    differences: list[Difference] = []
    seen: dict[object, int] = {}
    for row in rows:
        topic_key = row.text("topic_key")
        if not TOPIC_KEY.match(topic_key):
            row.error(f"topic_key must be lower-case letters, digits and _, got {topic_key!r}")
            continue
        if not unique_key(row, topic_key, seen, "topic"):
            continue
        for column in TEXTS:
            if not row.text(column):
                row.error(f"column {column!r} is empty")
        differences.append(Difference(topic_key, *(row.text(column) for column in TEXTS)))
    problems.raise_if_any()
    return tuple(differences)


@cache
def ruleset_differences(key: str) -> tuple[Difference, ...]:
    """The rules on which ruleset `key` departs from the reference ruleset, in the file's order.

    KeyError for a key that names no folder of data/; RulesetDataError (every problem, each with
    its file and line) for a broken file.
    """
    if key not in {path.name for path in loader.DATA_DIR.iterdir() if path.is_dir()}:
        raise KeyError(f"unknown ruleset {key!r}")
    differences = load_differences_from(loader.DATA_DIR / key)
    if differences and key == reference_ruleset_key():
        raise RulesetDataError([f"{key}/{FILE}: the reference ruleset has no differences (keep the header only)"])
    return differences
