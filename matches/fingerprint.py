"""A match's content fingerprint: what the result says happened, so that the same match recorded
twice (a report imported again under a new report id) can be recognised.

It covers the league, the two teams (home and away), the score, the concession, every player line
with something in it and every casualty with its dice, players named by side and roster number
(a report names them so, and a number freed by a dead player and reused by a journeyman is still
the same line of the same report). Dates, gate, FAME and post-match dice are left out: they are
what a retyped report most often gets different, not what makes two matches different.

match_fingerprint() reads a saved match through its related managers only, so the migration that
fills older matches uses it on its historical models; the importer computes the same figure from a
report before writing anything (matches.importing.resolve.report_fingerprint).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

COUNTS = ("completions", "touchdowns", "interceptions", "casualties")
# A die left empty counts as 0 (no die shows 0), a flag as 0 or 1.
CASUALTY_DICE = (
    "d6",
    "d8",
    "second_d6",
    "second_d8",
    "apothecary_used",
    "apothecary_d6",
    "apothecary_d8",
    "apothecary_kept_reroll",
    "regeneration_roll",
)
# Casualty flags added after fingerprints were first stored: they count only when set, so that a
# result saved before them (every one of them unset) keeps the fingerprint it was stored with.
LATER_FLAGS = ("apothecary_after_match",)

Line = tuple[str, int, Sequence[int]]  # side, roster number, COUNTS
# side, roster number of the victim, CASUALTY_DICE then LATER_FLAGS (which may be left off)
Casualty = tuple[str, int, Sequence[int | bool | None]]


def fingerprint(
    *,
    league_id: int,
    home_id: int,
    away_id: int,
    scores: tuple[int, int],
    conceded_by: str,
    justified: bool,
    lines: Iterable[Line],
    casualties: Iterable[Casualty],
) -> str:
    """SHA-256 (hex) of a result's content; the same whichever way the result was recorded."""
    content = {
        "league": league_id,
        "teams": [home_id, away_id],
        "score": list(scores),
        "conceded": [conceded_by or "", bool(conceded_by and justified)],
        "lines": sorted([side, number, *map(int, counts)] for side, number, counts in lines if any(counts)),
        # Victims are unique in a match: the sort never compares past the side and the number.
        "casualties": sorted(_casualty(side, number, dice) for side, number, dice in casualties),
    }
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def _casualty(side: str, number: int, dice: Sequence[int | bool | None]) -> list[Any]:
    known = len(CASUALTY_DICE)
    later = [name for name, value in zip(LATER_FLAGS, dice[known:], strict=False) if value]
    return [side, number, *(int(v or 0) for v in dice[:known]), *later]


def match_fingerprint(match: Any) -> str:
    """The fingerprint of the result saved on `match`; "" while it has none."""
    if match.home_score is None or match.away_score is None:
        return ""
    lines = list(match.lines.select_related("player"))
    who = {line.player_id: (line.side, line.player.number) for line in lines}
    return fingerprint(
        league_id=match.league_id,
        home_id=match.home_id,
        away_id=match.away_id,
        scores=(match.home_score, match.away_score),
        conceded_by=match.conceded_by,
        justified=match.concession_justified,
        lines=((line.side, line.player.number, [getattr(line, name) for name in COUNTS]) for line in lines),
        casualties=(
            # A historical model (the migration filling older matches) lacks the later flags.
            (*who.get(cas.victim_id, ("", 0)), [getattr(cas, name, False) for name in (*CASUALTY_DICE, *LATER_FLAGS)])
            for cas in match.casualties.all()
        ),
    )
