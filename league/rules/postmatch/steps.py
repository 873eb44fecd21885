"""The post-match steps (spec §5, §7, §8), one function per step name of ruleset.post_match_steps.

Each step reads the Run state left by the steps before it, so the order in the data really is the
order of the rules: e.g. spiralling expenses are capped by the treasury as it stands at that step.
"""

from __future__ import annotations

from ..catalogue.value import PlayerFacts, TeamFacts, player_value, team_value
from ..prematch.sequence import inducement_budgets, journeymen_needed, petty_cash_spent
from ..registry import post_match_step
from .bank import expenses_from_bank
from .card_gold import pay_card_gold
from .fans import fan_factor_change, fan_factor_dice
from .finance import match_winnings, spiralling_expenses, spiralling_expenses_basis
from .records import SIDES, InputRequest
from .run import Run


@post_match_step("winnings")
def step_winnings(run: Run) -> None:
    """(D6 + FAME) x 10k (+ bonus); the winner may re-roll once and keeps the second die (§7.2)."""
    report, p = run.report, run.ruleset.params
    rolls: dict[str, tuple[int, ...]] = {}
    for side in SIDES:
        if side == run.conceder and not run.penalised:
            rolls[side] = ()  # nothing is earned nor handed over: no die to roll
            continue
        values = run.die(InputRequest(f"winnings:{side}", "dice", "winnings", side, count=1, sides=6))
        if values is None:
            continue
        rolls[side] = values
        if run.outcomes[side] == "win":
            again = run.choice(
                InputRequest(f"winnings_reroll:{side}", "decision", "winnings_reroll_decision", side), bool
            )
            if again is None:
                del rolls[side]
            elif again:
                second = run.die(
                    InputRequest(f"winnings_reroll:{side}", "dice", "winnings_reroll", side, count=1, sides=6)
                )
                if second is None:
                    del rolls[side]
                else:
                    rolls[side] = values + second
    if len(rolls) < 2:
        return
    kept = {side: rolls[side][-1] if rolls[side] else 1 for side in SIDES}  # 1: unused placeholder
    result = match_winnings(
        run.ruleset,
        home_roll=kept["home"],
        home_fame=report.home.fame,
        away_roll=kept["away"],
        away_fame=report.away.fame,
        home_score=report.home.score,
        away_score=report.away.score,
        conceded_by=run.conceder,
        justified=run.conceder is not None and not run.penalised,
        multiplier=p.playoff_winnings_multiplier if report.playoff else 1,
        home_bonus=report.home.winnings_bonus,
        away_bonus=report.away.winnings_bonus,
    )
    for side in SIDES:
        own = result.side(side)
        amount = 0 if own.conceded else own.earned
        run.treasury[side] += amount
        run.emit(
            side,
            "winnings",
            f"winnings:{side}",
            amount=amount,
            treasury=run.treasury[side],
            dice=rolls[side],
            reason="conceded" if own.conceded else None,
        )
        if result.transferred and not own.conceded:
            run.treasury[side] += result.transferred
            run.emit(
                side,
                "winnings_transfer",
                f"winnings_transfer:{side}",
                amount=result.transferred,
                treasury=run.treasury[side],
                reason="concession",
            )
    pay_card_gold(run)  # a special play card's gold, in the winnings (rulesets selling cards)


@post_match_step("petty_cash_return")
def step_petty_cash_return(run: Run) -> None:
    report = run.report
    budgets = inducement_budgets(
        run.ruleset,
        home_tv=report.home.roster_tv,
        away_tv=report.away.roster_tv,
        home_petty_cash=report.home.petty_cash,
        away_petty_cash=report.away.petty_cash,
        final=report.playoff,
    )
    for side in SIDES:
        own = report.side(side)
        if own.petty_cash:
            back = own.petty_cash - min(petty_cash_spent(budgets, side, own.inducements_cost), own.petty_cash)
            run.treasury[side] += back
            run.emit(side, "petty_cash_return", f"petty_cash:{side}", amount=back, treasury=run.treasury[side])


@post_match_step("spiralling_expenses")
def step_spiralling_expenses(run: Run) -> None:
    """On the pre-match TV (A1), never more than the treasury holds at this step (§7.3); where the
    ruleset has a bank that may pay them, the bank pays its share (bank.expenses_from_bank)."""
    for side in SIDES:
        own = run.report.side(side)
        basis = spiralling_expenses_basis(run.ruleset, roster_tv=own.roster_tv, petty_cash=own.petty_cash)
        owed = spiralling_expenses(run.ruleset, basis)
        from_bank = expenses_from_bank(run, side, owed)
        if from_bank is None:
            continue
        if from_bank:
            run.bank[side] -= from_bank
            run.emit(
                side, "spiralling_expenses", f"se_bank:{side}", amount=-from_bank, account="bank", bank=run.bank[side]
            )
        paid = min(owed - from_bank, max(run.treasury[side], 0))  # a shortfall is forgiven (p.29)
        run.treasury[side] -= paid
        run.emit(
            side,
            "spiralling_expenses",
            f"se:{side}",
            amount=-paid,
            treasury=run.treasury[side],
            total=owed,
        )


@post_match_step("fan_factor")
def step_fan_factor(run: Run) -> None:
    floor = run.ruleset.params.fan_factor_floor  # never below it, a concession included (H7)
    for side in SIDES:
        outcome, before = run.outcomes[side], run.fan_factor[side]
        if outcome == "draw" and not run.ruleset.params.fan_factor_roll_after_draw:
            continue  # no roll at all after a draw (PBBL P38/L84 step 4)
        if run.penalised and side == run.conceder:  # -1 without a roll (p.29 L3863-3864)
            values: tuple[int, ...] | None = ()
            delta = fan_factor_change(
                fan_factor=before, outcome=outcome, roll_total=None, conceded_unjustified=True, floor=floor
            )
        else:
            count = fan_factor_dice(outcome, run.ruleset)
            values = run.die(InputRequest(f"ff:{side}", "dice", "fan_factor", side, count=count, sides=6))
            if values is None:
                continue
            delta = fan_factor_change(fan_factor=before, outcome=outcome, roll_total=sum(values), floor=floor)
        run.fan_factor[side] = before + delta
        run.emit(
            side,
            "fan_factor",
            f"ff:{side}",
            dice=values,
            delta=delta,
            total=run.fan_factor[side],
            reason="conceded" if not values else None,
        )


@post_match_step("purchases")
def step_purchases(run: Run) -> None:
    """A marker: the coach's hires, releases and re-roll purchases (the caller's) happen here."""
    for side in SIDES:
        run.emit(side, "purchases_open", f"purchases:{side}", treasury=run.treasury[side])


@post_match_step("clear_miss_next_game")
def step_clear_miss_next_game(run: Run) -> None:
    for side in SIDES:
        for player in run.roster(side):
            if player.miss_next_game_before:
                run.emit(side, "miss_next_game_cleared", f"mng:{player.ref}:clear", player_ref=player.ref)
    run.cleared = True


@post_match_step("journeymen")
def step_journeymen(run: Run) -> None:
    """This match's journeymen are hired (rookie cost) or released; then new ones fill up the team.

    The count assumes every journeyman released and no hire: the caller recomputes it with
    journeymen_needed() once the coach's purchases are known.
    """
    for side in SIDES:
        team = run.ruleset.team(run.report.side(side).team_key)
        for player in run.roster(side):
            if player.is_journeyman and run.stays(player):
                run.emit(
                    side,
                    "journeyman_hire_or_release",
                    f"journeyman:{player.ref}",
                    player_ref=player.ref,
                    total=team.position(player.position_key).cost,
                )
        available = sum(1 for player in run.roster(side) if not player.is_journeyman and run.available(player))
        run.emit(
            side,
            "journeymen_needed",
            f"journeymen:{side}",
            count=journeymen_needed(run.ruleset, available),
            total=available,
        )


@post_match_step("team_value")
def step_team_value(run: Run) -> None:
    """TV of the roster this plan leaves (journeymen released, no purchase): the caller adds its own."""
    for side in SIDES:
        own = run.report.side(side)
        team = run.ruleset.team(own.team_key)
        players = tuple(
            PlayerFacts(
                player_value(
                    run.ruleset,
                    position_cost=run.ruleset.team(player.list_key(team.key)).position(player.position_key).cost,
                    improvements=(*player.improvements, *run.chosen_values.get(player.ref, ())),
                ),
                run.available(player),
            )
            for player in run.roster(side)
            if run.stays(player) and not player.is_journeyman
        )
        facts = TeamFacts(
            own.team_key,
            own.rerolls,
            run.fan_factor[side],
            own.assistant_coaches,
            own.cheerleaders,
            own.apothecary,
            players,
            trophy_rerolls=own.trophy_rerolls,
            trophy_fan_factor=own.trophy_fan_factor,
            treasury=run.treasury[side],
            allies=own.allies,
        )
        run.emit(
            side,
            "team_value",
            f"tv:{side}",
            total=team_value(run.ruleset, facts),
            facts=facts,
            pending=side in run.pending_sides,
        )
