"""Before the kick-off: weather, petty cash, inducements (sequence.py, induce.py, inducements.py)."""

from __future__ import annotations

from .sequence import *  # noqa: F403
from .sequence import __all__ as __all__
