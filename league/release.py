"""The code's release, as a short hash of the source and templates, for the cache's key prefix.

Cached fragments and rows are keyed by versions of the data (league/competitions/standings/cache.py), not of the
code that shapes them: with a cache that outlives a deploy (CACHE_URL, Redis), a new template would
otherwise be served old markup until the entries expire. Hashing the files themselves needs no
release number kept by hand and no .git at run time; it reads a few hundred small files once per
process start.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

SOURCES = ("league", "matches", "teams", "templates")
SUFFIXES = {".py", ".html", ".toml", ".csv"}


def code_release(base_dir: Path) -> str:
    digest = hashlib.sha256()
    for top in SOURCES:
        for path in sorted((base_dir / top).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(base_dir)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
