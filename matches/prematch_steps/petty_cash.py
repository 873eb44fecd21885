"""Petty cash (league.rules.prematch.petty_cash_turn): each side moves treasury gold into petty cash, in turn (the
higher team value first: matches.services.prematch.petty_cash_declare, on its own section of the
page); the pre-match records the amounts declared and moves the gold."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from league.rules import Ruleset
from matches.forms.prematch import PettyCashForm
from matches.services.prematch import may_declare, petty_cash_state
from matches.services.prematch_steps import PrematchContext, PrematchStep, register
from teams.models import TreasuryEntry
from teams.services import treasury_post

SIDES = ("home", "away")


@register("petty_cash")
class PettyCashStep(PrematchStep):
    section_template = "matches/prematch_steps/petty_cash.html"

    def label(self, ruleset: Ruleset, lang: str) -> str:
        return _("Petty cash")

    def section_context(self, request: Any, match: Any, ruleset: Ruleset, page: dict[str, Any]) -> dict[str, Any]:
        """The step in declaring order: each side's amount once declared, and a form for the side
        whose turn it is, shown to whoever may declare for it."""
        (first, second), turn = petty_cash_state(match, ruleset)
        rows = []
        for side in (first, second):
            team = match.team(side)
            mine = side == turn and may_declare(match, side, request.user)
            rows.append(
                {
                    "side": side,
                    "team": team,
                    "declared": getattr(match, f"{side}_petty_cash_declared"),
                    "amount": getattr(match, f"{side}_petty_cash"),
                    "turn": side == turn,
                    "form": PettyCashForm(
                        initial={"side": side, "amount": 0},
                        team=team,
                        step=ruleset.params.gp_granularity,
                        form_id=f"petty-cash-form-{side}",
                    )
                    if mine
                    else None,
                }
            )
        return {"declares_first": match.team(first), "declares_second": match.team(second), "cash_sides": rows}

    def check(self, ctx: PrematchContext) -> None:
        """The petty cash each side moves: as declared on the match (the pages), or as given (an
        import), which may not contradict a declaration already made."""
        match, data = ctx.match, ctx.data
        declared = {side: getattr(match, f"{side}_petty_cash_declared") for side in SIDES}
        kept = {"home": match.home_petty_cash, "away": match.away_petty_cash}
        if data.petty_cash_declared:
            for side in SIDES:
                if not declared[side]:
                    ctx.problems.append(
                        _("%(team)s has not declared its petty cash yet.") % {"team": match.team(side).name}
                    )
            ctx.cash = kept
        else:
            given = {"home": data.home_petty_cash, "away": data.away_petty_cash}
            for side in SIDES:
                if declared[side] and given[side] != kept[side]:
                    ctx.problems.append(
                        _("%(team)s declared %(amount)s gp of petty cash: the pre-match records that amount.")
                        % {"team": match.team(side).name, "amount": kept[side]}
                    )
            ctx.cash = given
        for side in SIDES:
            team = ctx.teams[side]
            if ctx.cash[side] < 0 or ctx.cash[side] > team.treasury:
                ctx.problems.append(
                    _("%(team)s can move between 0 and %(max)s gp into petty cash.")
                    % {"team": team.name, "max": team.treasury}
                )

    def record(self, ctx: PrematchContext) -> None:
        match = ctx.match
        match.home_petty_cash, match.away_petty_cash = ctx.cash["home"], ctx.cash["away"]
        match.home_petty_cash_declared = match.away_petty_cash_declared = True
        for side in SIDES:
            if ctx.cash[side]:
                treasury_post(
                    team=ctx.teams[side],
                    kind=TreasuryEntry.Kind.PETTY_CASH,
                    amount=-ctx.cash[side],
                    key=f"match:{match.pk}:petty_cash:out",
                    memo=str(match),
                    by=ctx.by,
                    match=match,
                )
