"""The JSON API of teams and players (wired in league/api_urls.py)."""

from teams.api.players import PlayerApi, PlayerFireApi
from teams.api.teams import TeamApi, TeamHireApi, TeamReadyApi, TeamRerollApi, TeamsApi, TeamStaffApi

__all__ = ["PlayerApi", "PlayerFireApi", "TeamApi", "TeamHireApi", "TeamReadyApi", "TeamRerollApi", "TeamStaffApi",
           "TeamsApi"]
