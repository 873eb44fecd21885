"""Free rookies (league.rules.prematch.rookies_needed, a ruleset's [parameters.rookies]): before the
team values are taken, each team is topped up with rookies to the group's fill_to players able to
play, in place of journeymen. A rookie counts 0 in the team value and stays on the roster."""

from __future__ import annotations

from matches.services.prematch import add_rookies
from matches.services.prematch_steps import PrematchContext, PrematchStep, register


@register("rookies")
class RookiesStep(PrematchStep):
    def join(self, ctx: PrematchContext) -> None:
        for side in ("home", "away"):
            add_rookies(team=ctx.teams[side], ruleset=ctx.ruleset)
