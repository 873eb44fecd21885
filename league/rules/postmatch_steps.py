"""The post-match steps (spec §5, §7, §8), one function per step name of ruleset.post_match_steps.

Each step reads the Run state left by the steps before it, so the order in the data really is the
order of the rules: e.g. spiralling expenses are capped by the treasury as it stands at that step.
"""

from __future__ import annotations

from collections.abc import Callable

from .fans import fan_factor_change, fan_factor_dice
from .finance import match_winnings, spiralling_expenses, spiralling_expenses_basis, spiralling_expenses_paid
from .improvements import available_skills, choose_improvement, improvement_outcome, improvement_value_key
from .postmatch_mvp import mvp_candidates, mvp_from_die
from .postmatch_run import Run
from .postmatch_types import SIDES, InputRequest, problem
from .prematch import inducement_budgets, journeymen_needed, petty_cash_spent
from .spp import improvement_rolls_pending
from .value import PlayerFacts, TeamFacts, player_value, team_value

# (key suffix, spp_awards key, PlayerReport count attribute)
EVENTS = (
    ("comp", "completion", "completions"),
    ("td", "touchdown", "touchdowns"),
    ("int", "interception", "interceptions"),
    ("cas", "casualty", "casualties"),
)


def step_mvp(run: Run) -> None:
    """One MVP per side; after a penalised concession the conceder's MVP goes to the winner (§8)."""
    p = run.ruleset.params
    for side in SIDES:
        awards = p.mvps_per_team
        if run.penalised:
            awards = 0 if side == run.conceder else 2 * p.mvps_per_team
        candidates = mvp_candidates(run.ruleset, run.report.side(side))
        for n in range(1, awards + 1):
            key, reason = f"mvp:{side}:{n}", "from_conceder" if n > p.mvps_per_team else None
            if not candidates:
                run.emit(side, "mvp_none", key, reason=reason)
                continue
            dice: tuple[int, ...] = ()
            if p.mvp_mode == "chosen":
                pick = run.choice(InputRequest(key, "decision", "mvp_pick", side, options=candidates), str)
                if pick is not None and pick not in candidates:
                    run.problems.append(problem(key, "not_mvp_candidate", pick=repr(pick), side=side))
                    pick = None
                ref = pick
            elif len(candidates) == 1:
                ref = candidates[0]
            else:
                values = run.die(
                    InputRequest(key, "dice", "mvp_draw", side, count=1, sides=len(candidates), options=candidates)
                )
                ref = mvp_from_die(candidates, values[0]) if values else None
                dice = values or ()
            if ref is None:
                continue
            if run.players[str(ref)].is_star_or_mercenary:
                run.emit(side, "mvp_wasted", key, player_ref=ref, dice=dice, reason=reason)
                continue
            award = run.ruleset.spp_awards["mvp"]
            run.spp[str(ref)] += award
            run.emit(side, "mvp", key, player_ref=ref, spp=award, total=run.spp[str(ref)], dice=dice, reason=reason)


def step_spp(run: Run) -> None:
    for side in SIDES:
        for player in run.roster(side):
            for suffix, action, attribute in EVENTS:
                count = getattr(player, attribute)
                if count:
                    earned = count * run.ruleset.spp_awards[action]
                    run.spp[player.ref] += earned
                    run.emit(
                        side,
                        "spp",
                        f"spp:{side}:{player.ref}:{suffix}",
                        player_ref=player.ref,
                        count=count,
                        spp=earned,
                        total=run.spp[player.ref],
                        reason=action,
                    )


def step_improvements(run: Run) -> None:
    """Rolls owed at this step's SPP; a choice not known yet leaves the roll pending (§5.3-§5.4).

    Choices are taken in roll order: while one is pending, a later roll's options may still change,
    so a choice given for it is refused. Nobody rolls for a player killed in this match.
    """
    rs = run.ruleset
    for side in SIDES:
        team = rs.team(run.report.side(side).team_key)
        for player in run.roster(side):
            if run.dead(player.ref):
                continue
            position = team.position(player.position_key)
            skills, stats = list(player.skills), run.injuries[player.ref].characteristics
            waiting = False
            due = improvement_rolls_pending(rs, run.spp[player.ref], player.improvement_rolls_taken)
            for n in range(player.improvement_rolls_taken + 1, player.improvement_rolls_taken + due + 1):
                key = f"improvement:{player.ref}:{n}"
                values = run.die(InputRequest(key, "dice", "improvement", side, player.ref, count=2, sides=6))
                if values is None:
                    waiting = True
                    run.pending_sides.add(side)
                    continue
                options = improvement_outcome(
                    rs, d6a=values[0], d6b=values[1], position=position, skills=skills, stats=stats
                )
                allowed = options.stat_choices + tuple(
                    k for keys in available_skills(rs, options).values() for k in keys
                )
                request = InputRequest(
                    key, "decision", "improvement_choice", side, player.ref, required=False, options=allowed
                )
                if waiting and key in run.decisions.choices:
                    run.used_choices.add(key)
                    run.problems.append(problem(key, "chosen_while_pending", player=player.ref))
                pick = None if waiting else run.choice(request, str)
                choice = None
                if pick is not None:
                    try:
                        choice = choose_improvement(rs, options, str(pick))
                    except ValueError as exc:
                        run.problems.append(problem(key, "improvement_not_allowed", choice=str(pick), detail=str(exc)))
                if choice is None:
                    waiting = True
                    run.pending_sides.add(side)
                    run.emit(
                        side,
                        "improvement",
                        key,
                        player_ref=player.ref,
                        dice=values,
                        options=options,
                        pending=True,
                        total=run.spp[player.ref],
                    )
                    continue
                if choice.kind == "stat":
                    stats = stats.improved(choice.key)
                else:
                    skills.append(choice.key)
                value_key = improvement_value_key(choice)
                run.chosen_values.setdefault(player.ref, []).append(value_key)
                run.emit(
                    side,
                    "improvement",
                    key,
                    player_ref=player.ref,
                    dice=values,
                    options=options,
                    stat=choice.key if choice.kind == "stat" else None,
                    skill=choice.key if choice.kind == "skill" else None,
                    value_key=value_key,
                    total=run.spp[player.ref],
                )


def step_remove_dead(run: Run) -> None:
    """Roster update 1: this match's casualties written down, the dead removed, and after a penalised
    concession each player of the conceder with enough SPP leaves on a low D6 (§8)."""
    p = run.ruleset.params
    for side in SIDES:
        for player in run.roster(side):
            ref, injuries = player.ref, run.injuries[player.ref]
            if injuries.dead:
                run.emit(
                    side,
                    "dead",
                    f"dead:{ref}",
                    player_ref=ref,
                    casualty=next(e.result.key for e in injuries.effects if e.dead),
                )
                continue
            for index, effect in enumerate(injuries.effects, start=1):
                key, result = f"injury:{ref}:{index}", effect.result.key
                if effect.niggling:
                    run.emit(side, "niggling_injury", key, player_ref=ref, casualty=result)
                elif effect.stat:
                    run.emit(side, "stat_injury", key, player_ref=ref, casualty=result, stat=effect.stat)
                elif effect.stat_ignored:
                    run.emit(
                        side,
                        "injury_ignored",
                        key,
                        player_ref=ref,
                        casualty=result,
                        stat=effect.result.stat,
                        reason="stat_limit",
                    )
            if injuries.misses_next_game:
                run.emit(side, "miss_next_game", f"mng:{ref}:set", player_ref=ref)
            if run.penalised and side == run.conceder and run.spp[ref] >= p.concession_spp_leave_threshold:
                values = run.die(InputRequest(f"leave:{ref}", "dice", "departure", side, ref, count=1, sides=6))
                if values is not None:
                    left = values[0] <= p.concession_leave_on_d6_max
                    if left:
                        run.departed.add(ref)
                    run.emit(
                        side,
                        "departure" if left else "departure_avoided",
                        f"leave:{ref}",
                        player_ref=ref,
                        dice=values,
                        total=run.spp[ref],
                    )


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


def step_spiralling_expenses(run: Run) -> None:
    """On the pre-match TV (A1), never more than the treasury holds at this step (§7.3)."""
    for side in SIDES:
        own = run.report.side(side)
        basis = spiralling_expenses_basis(run.ruleset, roster_tv=own.roster_tv, petty_cash=own.petty_cash)
        paid = spiralling_expenses_paid(run.ruleset, basis, run.treasury[side])
        run.treasury[side] -= paid
        run.emit(
            side,
            "spiralling_expenses",
            f"se:{side}",
            amount=-paid,
            treasury=run.treasury[side],
            total=spiralling_expenses(run.ruleset, basis),
        )


def step_fan_factor(run: Run) -> None:
    for side in SIDES:
        outcome, before = run.outcomes[side], run.fan_factor[side]
        if run.penalised and side == run.conceder:  # -1 without a roll (p.29 L3863-3864)
            values: tuple[int, ...] | None = ()
            delta = fan_factor_change(fan_factor=before, outcome=outcome, roll_total=None, conceded_unjustified=True)
        else:
            count = fan_factor_dice(outcome, run.ruleset)
            values = run.die(InputRequest(f"ff:{side}", "dice", "fan_factor", side, count=count, sides=6))
            if values is None:
                continue
            delta = fan_factor_change(fan_factor=before, outcome=outcome, roll_total=sum(values))
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


def step_purchases(run: Run) -> None:
    """A marker: the coach's hires, releases and re-roll purchases (the caller's) happen here."""
    for side in SIDES:
        run.emit(side, "purchases_open", f"purchases:{side}", treasury=run.treasury[side])


def step_clear_miss_next_game(run: Run) -> None:
    for side in SIDES:
        for player in run.roster(side):
            if player.miss_next_game_before:
                run.emit(side, "miss_next_game_cleared", f"mng:{player.ref}:clear", player_ref=player.ref)
    run.cleared = True


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


def step_team_value(run: Run) -> None:
    """TV of the roster this plan leaves (journeymen released, no purchase): the caller adds its own."""
    for side in SIDES:
        own = run.report.side(side)
        team = run.ruleset.team(own.team_key)
        players = tuple(
            PlayerFacts(
                player_value(
                    run.ruleset,
                    position_cost=team.position(player.position_key).cost,
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
        )
        run.emit(
            side,
            "team_value",
            f"tv:{side}",
            total=team_value(run.ruleset, facts),
            facts=facts,
            pending=side in run.pending_sides,
        )


STEPS: dict[str, Callable[[Run], None]] = {
    "mvp": step_mvp,
    "spp": step_spp,
    "improvements": step_improvements,
    "remove_dead": step_remove_dead,
    "winnings": step_winnings,
    "petty_cash_return": step_petty_cash_return,
    "spiralling_expenses": step_spiralling_expenses,
    "fan_factor": step_fan_factor,
    "purchases": step_purchases,
    "clear_miss_next_game": step_clear_miss_next_game,
    "journeymen": step_journeymen,
    "team_value": step_team_value,
}
