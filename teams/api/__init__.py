"""The JSON API of teams, players and ledgers (wired in league/api/urls.py)."""

from teams.api.allies import TeamAllyHireApi
from teams.api.ledger import LedgerApi, LedgerReverseApi
from teams.api.players import PlayerApi, PlayerFireApi
from teams.api.rookies import TeamCollegeApi, TeamRookieApi
from teams.api.teams import (
    TeamApi,
    TeamHireApi,
    TeamReadyApi,
    TeamRerollApi,
    TeamRetireApi,
    TeamsApi,
    TeamStaffApi,
)

__all__ = [
    "LedgerApi",
    "LedgerReverseApi",
    "PlayerApi",
    "PlayerFireApi",
    "TeamAllyHireApi",
    "TeamApi",
    "TeamCollegeApi",
    "TeamHireApi",
    "TeamReadyApi",
    "TeamRerollApi",
    "TeamRetireApi",
    "TeamRookieApi",
    "TeamStaffApi",
    "TeamsApi",
]
