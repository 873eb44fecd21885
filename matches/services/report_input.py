"""A result as entered (the result sheet, the import, the API): plain values, checked and written by
matches.services.report. Apart from it so that the import's checks (matches.importing) can build
one without importing the services that call them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class PlayerLine:
    player_id: int
    completions: int = 0
    touchdowns: int = 0
    interceptions: int = 0
    casualties: int = 0  # caused by blocks: only these earn SPP (spec §5.1)
    actions: Mapping[str, int] = field(default_factory=dict)  # the ruleset's other SPP actions


@dataclass(frozen=True)
class CasualtyLine:
    victim_id: int
    d6: int
    d8: int
    second_d6: int | None = None
    second_d8: int | None = None
    apothecary_used: bool = False
    apothecary_d6: int | None = None
    apothecary_d8: int | None = None
    apothecary_kept_reroll: bool = False
    apothecary_after_match: bool = False  # the re-roll was a treatment after the match
    regeneration_roll: int | None = None


@dataclass(frozen=True)
class ReportInput:
    home_score: int
    away_score: int
    home_fame: int = 0
    away_fame: int = 0
    home_uncredited_touchdowns: int = 0  # no roster scorer: a star's, a mercenary's, or awarded
    away_uncredited_touchdowns: int = 0
    # Apothecaries used on a KO'd player: each is that apothecary's one use of the match (spec A31).
    home_apothecary_ko: int = 0
    away_apothecary_ko: int = 0
    gate: int | None = None
    conceded_by: str = ""  # "", "home" or "away"
    concession_justified: bool = False
    shootout_winner: str = ""  # a tied match that may not end level: the side that won the shoot-out
    overtime: bool = False  # the match went to sudden-death overtime (where ties are resolved)
    shootout_dice: tuple[tuple[int, int], ...] | list[Any] = ()  # the shoot-out's [home, away] D6 pairs
    # The ruleset's match-sheet records (league.rules.match_records): {"record": key, "side"?, "player"?, ...}.
    records: tuple[dict[str, Any], ...] | list[Any] = ()
    # The special play cards played ({"side", "card", "players": [ids]}); None keeps those marked on
    # the match page (the result sheet does not show them: a card not played stays secret).
    cards_played: tuple[dict[str, Any], ...] | list[Any] | None = None
    lines: tuple[PlayerLine, ...] = ()
    casualties: tuple[CasualtyLine, ...] = ()
    dice: dict[str, list[int]] = field(default_factory=dict)  # purpose -> values, entered at the table
    decisions: dict[str, Any] = field(default_factory=dict)
    played_on: Any = None


# The result's own values, as the match stores them (the sheet, a correction, the import).
RESULT_FIELDS = (
    "home_score",
    "away_score",
    "home_fame",
    "away_fame",
    "home_uncredited_touchdowns",
    "away_uncredited_touchdowns",
    "home_apothecary_ko",
    "away_apothecary_ko",
    "gate",
    "conceded_by",
    "concession_justified",
    "shootout_winner",
    "overtime",
    "shootout_dice",
    "records",
    "cards_played",
)

__all__ = ["RESULT_FIELDS", "CasualtyLine", "PlayerLine", "ReportInput"]
