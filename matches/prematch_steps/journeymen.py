"""Free journeymen (league.rules.prematch.journeymen_needed): before the team values are taken, each team is filled
up to journeyman_fill_to players able to play; they count in its TV for this match."""

from __future__ import annotations

from matches.services.prematch import add_journeymen
from matches.services.prematch_steps import PrematchContext, PrematchStep, register


@register("journeymen")
class JourneymenStep(PrematchStep):
    def join(self, ctx: PrematchContext) -> None:
        for side in ("home", "away"):
            add_journeymen(match=ctx.match, team=ctx.teams[side], ruleset=ctx.ruleset)
