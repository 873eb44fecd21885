"""Effect kinds on players: the MVP and SPP, improvement rolls, casualties and departures."""

from __future__ import annotations

from . import effect_kind, negate, nothing, restore

# SPP earned (the MVP's, an action's): taken back.
effect_kind("mvp", reverse=negate("spp"))
effect_kind("spp", reverse=negate("spp"))
# Records of what did not happen: an MVP drawn on a star or a mercenary, none possible, a player who stays.
effect_kind("mvp_wasted", reverse=nothing)
effect_kind("mvp_none", reverse=nothing)
effect_kind("departure_avoided", reverse=nothing)
# A roll (and the advancement chosen with it): removed with its match's history.
effect_kind("improvement", reverse=restore)
# Casualties and departures: the player's status and marks put back as they were.
for key in ("dead", "niggling_injury", "stat_injury", "injury_ignored", "miss_next_game", "departure"):
    effect_kind(key, reverse=restore)
effect_kind("miss_next_game_cleared", reverse=restore)
# The healing spell (postmatch/healing.py): a record of the result ignored, which was never applied.
effect_kind("healing_spell", reverse=nothing)
# A special play card played in the match (postmatch/card_plays.py): a record naming the card and
# what it left after the match; the change itself is in the casualties and MVP the report carries.
effect_kind("card_played", reverse=nothing, fields=("card", "lasting", "players"))
