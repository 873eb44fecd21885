"""No code outside league/rules names a ruleset.

Searched: every .py, .html, .txt and .js file of league/ (but league/rules/ and migrations),
teams/, matches/, templates/ and static/, and manage.py. What counts as naming a ruleset, in
identifiers, strings and comments alike: a shipped ruleset's key (league.rules.ruleset_keys()), the
editions' names (LRB4, LRB5, LRB6, CRP, PBBL) and the seeds' references ("seed 000"), which tie a
line of code to one rulebook. Rule numbers and page references belong in the ruleset's data, which
cites them; code says "the rulebook" or reads the ruleset. Migrations are history, not code that
runs against a ruleset, and tests may name rulesets (they check them).
"""

from __future__ import annotations

import re
from pathlib import Path

from league.rules import default_ruleset_key, ruleset_keys

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("league", "teams", "matches", "templates", "static")
SUFFIXES = {".py", ".html", ".txt", ".js"}
NAMES = ("lrb4", "lrb5", "lrb6", "crp", "pbbl", "pbbl110", r"seed 00\d")


def _files() -> list[Path]:
    found = [ROOT / "manage.py"]
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*"):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix in SUFFIXES and not relative.startswith("league/rules/") and "/migrations/" not in relative:
                found.append(path)
    return found


def test_no_code_outside_the_engine_names_a_ruleset() -> None:
    words = sorted({*NAMES, *(re.escape(key) for key in ruleset_keys())})
    pattern = re.compile(r"\b(" + "|".join(words) + r")\b", re.IGNORECASE)
    files = _files()
    assert len(files) > 100  # the search really covers the apps
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert hits == []


def test_the_search_finds_a_ruleset_key(tmp_path: Path) -> None:
    # The same pattern on a line that names the default ruleset: the test above can fail.
    key = default_ruleset_key()
    pattern = re.compile(r"\b(" + "|".join(sorted(re.escape(k) for k in ruleset_keys())) + r")\b", re.IGNORECASE)
    assert pattern.search(f'league_create(ruleset="{key}")')
    assert set(ruleset_keys()) >= {key} and len(ruleset_keys()) >= 2
