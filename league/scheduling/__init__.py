"""Fixtures and brackets engine: round robin, coach-arranged checks, Swiss pairing, knock-outs.

Pure Python, no Django import (like league/rules): the league app stores what these functions
return. Team identities are opaque hashables; randomness comes only from an injected
`random.Random`, so a stored seed reproduces every draw.
"""

from __future__ import annotations

from .consecutive import (
    TOO_MANY_CONSECUTIVE_MEETINGS,
    ConsecutiveRefusal,
    check_arranged_match,
    consecutive_run,
    overlong_runs,
)
from .round_robin import Pairing, round_robin

__all__ = [
    "TOO_MANY_CONSECUTIVE_MEETINGS",
    "ConsecutiveRefusal",
    "Pairing",
    "check_arranged_match",
    "consecutive_run",
    "overlong_runs",
    "round_robin",
]
