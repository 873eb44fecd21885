"""The healing spell (seed 003 D:L299-303, optional, D7): at the end of the match each coach names
one of his players, who ignores the effects of ONE injury or death suffered in this match.

A coach's decision "healing:<side>", answered "<player ref>:<n>" (the n-th casualty result the
player suffered, from 1, in the order suffered) or left unanswered (nobody healed: the plan does not
wait for it). The step comes before "remove_dead", which writes the casualties down: the healed
result is never applied, and every later step (improvements, the dead, journeymen, team value)
sees the player as the spell left him. A record effect "healing_spell" names what was ignored.
"""

from __future__ import annotations

from ..registry import post_match_step
from .casualties import player_injuries
from .finance import Side
from .records import SIDES, InputRequest, PlayerReport, problem
from .run import Run

HEALING = "healing"


def healable(run: Run, side: Side) -> dict[str, tuple[PlayerReport, int, str]]:
    """The options of `side`'s spell: "<ref>:<n>" -> (player, n, casualty key), for each result
    of this match that left a lasting effect (a death, a niggling or characteristic injury, a
    missed match). The effects are still one per result here: no spell has been cast yet."""
    found: dict[str, tuple[PlayerReport, int, str]] = {}
    for player in run.roster(side):
        injuries = run.injuries.get(player.ref)
        for n, effect in enumerate(injuries.effects if injuries else (), start=1):
            if effect.dead or effect.niggling or effect.stat or effect.misses_next_game:
                found[f"{player.ref}:{n}"] = (player, n, effect.result.key)
    return found


@post_match_step("healing_spell", before=("remove_dead",))
def step_healing_spell(run: Run) -> None:
    if not run.ruleset.params.healing_spell:
        return  # switched off by the league (Dungeon Bowl's optional rules, D7)
    for side in SIDES:
        options = healable(run, side)
        key = f"{HEALING}:{side}"
        request = InputRequest(key, "decision", "healing_pick", side, required=False, options=tuple(options))
        chosen = run.decisions.choices.get(key)
        if chosen is None:  # asked, never awaited: a coach who names nobody heals nobody
            run.requests.append(request)
            continue
        run.used_choices.add(key)
        if not isinstance(chosen, str) or chosen not in options:
            run.problems.append(problem(key, "healing_not_allowed", choice=repr(chosen), side=side))
            continue
        player, n, casualty = options[chosen]
        team_key = run.report.side(side).team_key
        if run.injuries is run.suffered:  # shared with the other walks of this planning: copied
            run.injuries = dict(run.suffered)
        run.injuries[player.ref] = player_injuries(run.ruleset, team_key, player, ignored=n)
        run.emit(side, "healing_spell", key, player_ref=player.ref, casualty=casualty, count=n)
