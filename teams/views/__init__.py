"""Team pages: reading (detail), building (creation) and managing (roster)."""

from __future__ import annotations

from teams.views.allies import ally_hire
from teams.views.charts import team_charts
from teams.views.creation import (
    team_edit,
    team_edit_fields,
    team_edit_preview,
    team_new,
    team_new_fields,
    team_new_preview,
    team_ready,
)
from teams.views.detail import my_teams, team_detail, team_export
from teams.views.player import player_detail
from teams.views.rookies import rookie_hire, team_assistant_titles, team_college
from teams.views.roster import (
    player_fire,
    player_hire,
    player_rename,
    staff_fire,
    staff_hire,
    team_buy_reroll,
    team_retire,
    treasury_reverse,
)

__all__ = [
    "ally_hire",
    "my_teams",
    "player_detail",
    "player_fire",
    "player_hire",
    "player_rename",
    "rookie_hire",
    "team_assistant_titles",
    "team_college",
    "staff_fire",
    "staff_hire",
    "team_buy_reroll",
    "team_charts",
    "team_detail",
    "team_edit",
    "team_edit_fields",
    "team_edit_preview",
    "team_export",
    "team_new",
    "team_new_fields",
    "team_new_preview",
    "team_ready",
    "team_retire",
    "treasury_reverse",
]
