"""Write-side operations on teams. Views, forms, the API and commands call these; nothing else writes."""

from teams.services.allies import ally_hire
from teams.services.common import team_refresh_value
from teams.services.creation import (
    PlayerOrder,
    TeamOrder,
    budget_left,
    order_problems,
    team_create,
    team_make_ready,
    team_save_draft,
    team_set_assistant_titles,
    team_set_college,
)
from teams.services.improvements import improvement_choose, roll_choices, roll_options, roll_values
from teams.services.ledger import treasury_post, treasury_post_many, treasury_reverse
from teams.services.rookies import new_rookies, rookie_hire, rookie_problems
from teams.services.roster import (
    STAFF,
    player_fire,
    player_hire,
    player_rename,
    staff_fire,
    staff_hire,
    team_buy_reroll,
    team_retire,
)

__all__ = [
    "ally_hire",
    "STAFF",
    "PlayerOrder",
    "TeamOrder",
    "budget_left",
    "improvement_choose",
    "roll_choices",
    "roll_options",
    "roll_values",
    "order_problems",
    "new_rookies",
    "player_fire",
    "rookie_hire",
    "rookie_problems",
    "player_hire",
    "player_rename",
    "staff_fire",
    "staff_hire",
    "team_buy_reroll",
    "team_create",
    "team_make_ready",
    "team_refresh_value",
    "team_retire",
    "team_save_draft",
    "team_set_assistant_titles",
    "team_set_college",
    "treasury_post",
    "treasury_post_many",
    "treasury_reverse",
]
