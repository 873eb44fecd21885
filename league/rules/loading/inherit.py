"""A ruleset written as another one plus its differences: `[ruleset] base = "<key>"`.

A league's house rulebook rarely restates the rulebook it amends (seed 002 gives "only the
changes"); copying the base's twenty files into its folder would make every later fix of the base
a fix to make three times. So a folder may name a base folder of the same data directory:

* every file the folder lacks is read from the base (a file it holds replaces the base's whole);
* the base's ruleset.toml is merged under the folder's own: a table merges key by key, any other
  value (a number, a text, a list such as post_match_steps) replaces the base's;
* `[ruleset] drop = ["settings.mvp_mode", "pre_match_tables.weather"]` removes tables or keys of
  the base before the merge (a step the ruleset no longer has, a setting it does not offer);
* what names the ruleset itself is never inherited: key, names, version, sources and `reference`
  (exactly one ruleset is the reference the others' differences.csv compare against); nor is
  differences.csv, which says how this folder differs from the reference.

A base may have a base of its own; a loop is refused.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from ..errors import RulesetDataError

RULESET_FILE = "ruleset.toml"
# [ruleset] keys that belong to the folder itself, never taken from its base.
OWN_KEYS = ("key", "name_en", "name_fr", "version", "source", "source_fr", "reference", "base", "drop")
# Files a folder never inherits (read by differences.py from the folder itself).
NOT_INHERITED = frozenset({"differences.csv", "README.md"})

# Folder -> the folders its missing files are read from, nearest first (set while it loads).
_bases: dict[Path, tuple[Path, ...]] = {}


def file_in(folder: Path, name: str) -> Path:
    """The file `name` of the ruleset in `folder`: its own, else its nearest base's."""
    own = folder / name
    if own.is_file() or name in NOT_INHERITED:
        return own
    for base in _bases.get(folder, ()):
        if (base / name).is_file():
            return base / name
    return own


def inherited_files(folder: Path) -> frozenset[str]:
    """Names of the files the folder takes from its bases (for the strict check's declared files)."""
    return frozenset(p.name for base in _bases.get(folder, ()) for p in base.iterdir() if p.is_file())


def read_document(folder: Path) -> tuple[dict[str, object], str]:
    """The folder's ruleset.toml merged over its bases', and the folder's own text (its lines
    are the ones problems cite)."""
    document, text, chain = _document(folder, ())
    _bases[folder] = chain
    return document, text


def read_own(folder: Path) -> tuple[dict[str, object], str]:
    path = folder / RULESET_FILE
    if not path.is_file():
        raise RulesetDataError([f"{RULESET_FILE}: file not found in {folder}"])
    text = path.read_text(encoding="utf-8")
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        raise RulesetDataError([f"{folder.name}/{RULESET_FILE}: {exc}"]) from exc


def _document(folder: Path, seen: tuple[Path, ...]) -> tuple[dict[str, object], str, tuple[Path, ...]]:
    own, text = read_own(folder)
    head = own.get("ruleset")
    base_key = head.get("base") if isinstance(head, dict) else None
    if base_key is None:
        return own, text, ()
    if not isinstance(base_key, str) or not base_key:
        raise RulesetDataError([f"{RULESET_FILE}: [ruleset] base must be the key of another ruleset folder"])
    base_folder = folder.parent / base_key
    if base_folder in (*seen, folder):
        raise RulesetDataError([f"{RULESET_FILE}: [ruleset] base {base_key!r} makes a loop"])
    if not (base_folder / RULESET_FILE).is_file():
        raise RulesetDataError([f"{RULESET_FILE}: [ruleset] base {base_key!r} names no ruleset folder"])
    base, _base_text, chain = _document(base_folder, (*seen, folder))
    base_head = base.get("ruleset")
    if isinstance(base_head, dict):
        for key in OWN_KEYS:
            base_head.pop(key, None)
    drop = head.get("drop", []) if isinstance(head, dict) else []
    if not isinstance(drop, list) or not all(isinstance(d, str) for d in drop):
        raise RulesetDataError([f"{RULESET_FILE}: [ruleset] drop must be a list of dotted names"])
    for dotted in drop:
        _drop(base, dotted)
    return _merge(base, own), text, (base_folder, *chain)


def _drop(document: dict[str, object], dotted: str) -> None:
    """Remove `dotted` from the base; a key holding a dot is matched whole ("settings.cards.mode"
    drops [settings."cards.mode"], a setting of a parameter group)."""
    table: object = document
    last = dotted
    while isinstance(table, dict) and last not in table and "." in last:
        part, _sep, last = last.partition(".")
        table = table.get(part)
    if not isinstance(table, dict) or last not in table:
        raise RulesetDataError([f"{RULESET_FILE}: [ruleset] drop: the base has no {dotted!r}"])
    del table[last]


def _merge(base: dict[str, object], own: dict[str, object]) -> dict[str, object]:
    merged = dict(base)
    for key, value in own.items():
        below = merged.get(key)
        merged[key] = _merge(below, value) if isinstance(below, dict) and isinstance(value, dict) else value
    return merged
