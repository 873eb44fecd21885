"""league.scheduling is pure Python like the rules engine: importing every module loads no Django."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import league.scheduling

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(league.scheduling.__file__).parent


def test_importing_every_module_loads_no_django() -> None:
    modules = ["league.scheduling", *(f"league.scheduling.{m.name}" for m in pkgutil.walk_packages([str(PACKAGE)]))]
    assert "league.scheduling.round_robin" in modules and "league.scheduling.swiss" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')]\n"
        "assert not bad, bad\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
