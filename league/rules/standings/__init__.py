"""Standings from one engine: results + points scheme + tie-breakers -> table.

Pure Python: the web layer turns stored matches into Result/Bye records and shows the rows.
"""

from __future__ import annotations

from .ledger import BASE_LABELS, LedgerLine, SideLine, points_ledger
from .ranking import TIE_BREAKERS, LotsRequest, check_tie_breakers, head_to_head
from .records import (
    APPLIES_TO,
    COMPARATORS,
    METRICS,
    PRESETS,
    BonusRule,
    Bye,
    PointsScheme,
    Result,
    StandingsTeam,
    TeamId,
    scheme_from_mapping,
)
from .table import FORM_LENGTH, Standings, StandingsRow, compute_standings

__all__ = [
    "APPLIES_TO",
    "BASE_LABELS",
    "COMPARATORS",
    "FORM_LENGTH",
    "METRICS",
    "PRESETS",
    "TIE_BREAKERS",
    "BonusRule",
    "Bye",
    "LedgerLine",
    "LotsRequest",
    "PointsScheme",
    "Result",
    "SideLine",
    "Standings",
    "StandingsRow",
    "StandingsTeam",
    "TeamId",
    "check_tie_breakers",
    "compute_standings",
    "head_to_head",
    "points_ledger",
    "scheme_from_mapping",
]
