"""Effect kinds on a team's kept figures: fan factor, journeymen, team value."""

from __future__ import annotations

from . import effect_kind, negate, restore

effect_kind("fan_factor", reverse=negate("delta"))
# A journeyman hired for good pays the rookie cost (ledger kind player_hired), or is released.
effect_kind("journeyman_hire_or_release", money="player_hired", reverse=restore)
effect_kind("journeymen_needed", reverse=restore)
# Recomputed from the roster as it then stands.
effect_kind("team_value", reverse=restore)
