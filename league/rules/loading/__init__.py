"""Reading a ruleset's data folder into a validated Ruleset: loader.py, one module per kind of file.

Nothing is imported here: types.py needs loading.settings while loader.py needs types.py.
"""

from __future__ import annotations
