"""Fixtures and brackets engine: round robin, coach-arranged checks, Swiss pairing, knock-outs.

Pure Python, no Django import (like league/rules): the league app stores what these functions
return. Team identities are opaque hashables; randomness comes only from an injected
`random.Random`, so a stored seed reproduces every draw.
"""

from __future__ import annotations

from .brackets import (
    Bracket,
    BracketError,
    Game,
    Source,
    advance,
    bracket,
    champion,
    participants,
    round_code,
    standard_order,
    winner,
    with_third_place,
)
from .consecutive import (
    TOO_MANY_CONSECUTIVE_MEETINGS,
    ConsecutiveRefusal,
    check_arranged_match,
    consecutive_run,
    overlong_runs,
)
from .qualification import (
    Qualification,
    by_standings,
    by_team_value,
    by_team_value_times_win_rate,
    by_win_rate,
    top_by,
    top_groups,
    win_rate,
)
from .round_robin import Pairing, breaks, round_robin
from .swiss import NO_REMATCH_FREE_PAIRING, SwissRound, swiss_pairing

__all__ = [
    "NO_REMATCH_FREE_PAIRING",
    "Bracket",
    "BracketError",
    "Game",
    "Qualification",
    "Source",
    "SwissRound",
    "advance",
    "bracket",
    "breaks",
    "by_standings",
    "by_team_value",
    "by_team_value_times_win_rate",
    "by_win_rate",
    "champion",
    "participants",
    "round_code",
    "standard_order",
    "swiss_pairing",
    "top_by",
    "top_groups",
    "win_rate",
    "winner",
    "with_third_place",
    "TOO_MANY_CONSECUTIVE_MEETINGS",
    "ConsecutiveRefusal",
    "Pairing",
    "check_arranged_match",
    "consecutive_run",
    "overlong_runs",
    "round_robin",
]
