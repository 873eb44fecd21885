"""league.rules is pure Python: importing it (every module) never loads Django."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import league.rules

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(league.rules.__file__).parent


def _modules() -> list[str]:
    # Subpackages (loading, catalogue, prematch, postmatch, standings) are walked too.
    return sorted(m.name for m in pkgutil.walk_packages([str(PACKAGE)], prefix="league.rules."))


def test_importing_every_module_loads_no_django() -> None:
    modules = ["league.rules", *_modules()]
    assert "league.rules.loading.loader" in modules and "league.rules.dice" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')]\n"
        "assert not bad, bad\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_no_module_imports_django() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 10
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                names = [str(node.args[0].value)]
            for name in names:
                assert name.split(".")[0] != "django", f"{path.relative_to(ROOT)}:{node.lineno} imports {name}"


def test_every_module_starts_with_future_annotations() -> None:
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "from __future__ import annotations" in text, path.name
        assert len(text.splitlines()) <= 320, f"{path.name} is too long"
