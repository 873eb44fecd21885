"""The shape the code keeps (docs/architecture.md): rooms, short modules, reads in selectors.

Import rules are import-linter's contracts and .ci/import_cycles.py (make lint); these are the
rest of what a newcomer relies on when reading the tree.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("league", "teams", "matches")
MAX_LINES = 400


def modules(*tops: str) -> list[Path]:
    return sorted(p for top in tops for p in (ROOT / top).rglob("*.py") if "migrations" not in p.parts)


def test_the_league_package_keeps_at_most_ten_modules_at_its_root():
    # The rest lives in rooms: config, infra, core, catalogue, pages, api, competitions, tooling.
    root = sorted(p.name for p in (ROOT / "league").glob("*.py"))
    assert len(root) <= 10, root


def test_no_module_is_longer_than_four_hundred_lines():
    long = {
        str(p.relative_to(ROOT)): n
        for p in modules(*APPS, "tests")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


# A query written in a page's module: a model's manager, or a related manager's filter or joins.
QUERY = re.compile(r"\.objects\.|\.select_related\(|\.prefetch_related\(|\.(filter|exclude|annotate|aggregate)\(")


def page_modules() -> list[Path]:
    """The views, forms, URLconfs and API views of every room."""
    found = []
    for path in modules(*APPS):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if any(part in ("views", "forms", "api", "serializers") for part in parts):
            found.append(path)
    return found


def test_views_forms_and_the_api_read_through_selectors():
    pages = page_modules()
    assert len(pages) > 40  # the rooms' views, forms and API were found
    queries = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in pages
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if QUERY.search(line) and not line.lstrip().startswith("#")
    ]
    assert queries == [], "read through the room's selectors:\n" + "\n".join(queries)
