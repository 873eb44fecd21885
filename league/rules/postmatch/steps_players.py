"""The players' post-match steps (spec §5, §7 step 2.1): MVP, SPP, improvement rolls and the dead.

Split from postmatch_steps, which lists every step by name (STEPS); each step reads the Run state
left by the steps before it.
"""

from __future__ import annotations

from ..catalogue.champions import is_champion
from ..catalogue.player_skills import REMOVED as REMOVE_MARK
from ..registry import post_match_step
from .finance import Side
from .improvements import (
    available_skills,
    choose_improvement,
    improvement_outcome,
    improvement_value_key,
    removal_choices,
)
from .mvp import mvp_candidates, mvp_from_die
from .records import SIDES, InputRequest, problem
from .run import Run
from .spp import improvement_rolls_pending

# (key suffix, spp_awards key, PlayerReport count attribute)
EVENTS = (
    ("comp", "completion", "completions"),
    ("td", "touchdown", "touchdowns"),
    ("int", "interception", "interceptions"),
    ("cas", "casualty", "casualties"),
)


@post_match_step("mvp", before=("spp",))
def step_mvp(run: Run) -> None:
    """One MVP per side; after a penalised concession the conceder's MVP goes to the winner (§8)."""
    p = run.ruleset.params
    for side in SIDES:
        awards = p.mvps_per_team
        if run.penalised:
            awards = 0 if side == run.conceder else 2 * p.mvps_per_team
        awarded: set[str] = set()  # the side's players given an MVP so far (mvp_once_per_player)
        for n in range(1, awards + 1):
            key, reason = f"mvp:{side}:{n}", "from_conceder" if n > p.mvps_per_team else None
            candidates = mvp_candidates(run.ruleset, run.report.side(side), frozenset(awarded))
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
                if p.mvp_once_per_player:
                    break  # the next draw's candidates depend on this one: asked once it is known
                continue
            if run.players[str(ref)].is_star_or_mercenary:
                run.emit(side, "mvp_wasted", key, player_ref=ref, dice=dice, reason=reason)
                continue
            award = run.ruleset.spp_awards["mvp"]
            run.spp[str(ref)] += award
            if p.mvp_once_per_player:
                awarded.add(str(ref))
            run.emit(side, "mvp", key, player_ref=ref, spp=award, total=run.spp[str(ref)], dice=dice, reason=reason)
        if run.report.side(side).finalists_extra_mvp:
            _finalists_mvp(run, side, awarded)


def _finalists_mvp(run: Run, side: Side, awarded: set[str]) -> None:
    """A trophy's final (LRB6 Blood Bowl): an MVP award for every roster player who could play it,
    besides the drawn ones (A11: "taking part" = the MVP-eligible players; stars and mercenaries
    are not the team's players, so they get none)."""
    award = run.ruleset.spp_awards["mvp"]
    team = run.ruleset.team(run.report.side(side).team_key)
    for player in run.report.side(side).players:
        if player.is_star_or_mercenary or not player.eligible_for_mvp or player.miss_next_game_before:
            continue
        if player.ref in awarded or is_champion(team, player.position_key):
            continue
        run.spp[player.ref] += award
        key = f"mvp_final:{player.ref}"
        run.emit(side, "mvp", key, player_ref=player.ref, spp=award, total=run.spp[player.ref], reason="trophy_final")


@post_match_step("spp", before=("improvements",))
def step_spp(run: Run) -> None:
    for side in SIDES:
        team = run.ruleset.team(run.report.side(side).team_key)
        for player in run.roster(side):
            if is_champion(team, player.position_key):
                continue  # a champion earns no SPP (spec H9)
            counted = [(suffix, action, getattr(player, attribute)) for suffix, action, attribute in EVENTS]
            counted += [(action, action, count) for action, count in sorted(player.actions.items())]
            for suffix, action, count in counted:
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


@post_match_step("improvements", after=("spp",))
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
            position = rs.team(player.list_key(team.key)).position(player.position_key)
            skills, stats = list(player.skills), run.injuries[player.ref].characteristics
            waiting = False
            due = improvement_rolls_pending(
                rs,
                run.spp[player.ref],
                player.improvement_rolls_taken,
                team_key=position.team_key,
                position_key=position.key,
            )
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
                allowed = (
                    options.stat_choices
                    + tuple(k for keys in available_skills(rs, options).values() for k in keys)
                    + removal_choices(options)
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
                    skills.append(REMOVE_MARK + choice.key if choice.kind == "remove" else choice.key)
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
                    skill=choice.key if choice.kind in ("skill", "remove") else None,
                    value_key=value_key,
                    total=run.spp[player.ref],
                )


@post_match_step("remove_dead")
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
