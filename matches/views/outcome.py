"""What the match page reads: the pre-match facts, the result and the post-match outcome, worded.

Nothing here writes. Rows are turned into sentences in the user's language; names of weather,
casualties, skills, stars and positions come from the match's ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.rules import Ruleset, casualty_from_dice
from matches.effects.words import choice_label, dice_text, player_label
from matches.models import DiceRoll, Match, MatchEffect
from matches.selectors import outcome as read
from matches.services.appliers import Reading, UnknownEffectKind, app_for
from matches.services.common import match_ruleset, prematch_dice
from matches.services.prematch_steps import steps_for
from matches.views.common import lang
from matches.views.records import records_facts
from teams.models import ImprovementRoll

STEP_LABELS = {
    "cards": gettext_lazy("Special play cards"),
    "mvp": gettext_lazy("Most valuable player"),
    "spp": gettext_lazy("Star player points"),
    "improvements": gettext_lazy("Improvement rolls"),
    "healing_spell": gettext_lazy("Healing spell"),
    "remove_dead": gettext_lazy("Casualties and the dead"),
    "winnings": gettext_lazy("Winnings"),
    "petty_cash_return": gettext_lazy("Unspent petty cash"),
    "spiralling_expenses": gettext_lazy("Spiralling expenses"),
    "fan_factor": gettext_lazy("Fan factor"),
    "bank": gettext_lazy("Bank"),
    "purchases": gettext_lazy("Purchases"),
    "clear_miss_next_game": gettext_lazy("Missed games served"),
    "journeymen": gettext_lazy("Journeymen"),
    "team_value": gettext_lazy("Team value"),
}
DICE_LABELS = {
    "winnings": gettext_lazy("Winnings D6"),
    "winnings_reroll": gettext_lazy("Winnings re-roll"),
    "ff": gettext_lazy("Fan factor dice"),
    "mvp": gettext_lazy("MVP draw"),
    "improvement": gettext_lazy("Improvement roll"),
    "leave": gettext_lazy("Departure D6"),
}
# Matches that will still change: the page polls its progress while they are in these states.
RUNNING = (Match.Status.CONFIRMED, Match.Status.PROCESSING)


def step_label(ruleset: Ruleset, step: str) -> str:
    """A post-match step's name: the site's wording, or the ruleset's for a step declared in its
    data (a table roll)."""
    if step in STEP_LABELS:
        return str(STEP_LABELS[step])
    roll = ruleset.table_rolls.get(step)
    return roll.name(lang()) if roll else step


def _dice_label(ruleset: Ruleset, purpose: str) -> str:
    """What a stored die was rolled for (its key's prefix); a table roll's are named by the ruleset."""
    kind = purpose.partition(":")[0]
    roll = ruleset.table_rolls.get(kind)
    if roll is None:
        return str(DICE_LABELS.get(kind, kind))
    if purpose.endswith(":avoid"):
        return _("%(roll)s, roll to avoid it") % {"roll": roll.name(lang())}
    return roll.name(lang())


def describe(
    ruleset: Ruleset,
    effect: MatchEffect,
    rolls: Mapping[tuple[int, int], ImprovementRoll],
    effects: Sequence[MatchEffect] = (),
) -> tuple[str, ImprovementRoll | None]:
    """One readable sentence per effect, by its kind's registered description (matches/effects/),
    and the improvement roll still to choose, if any; `effects`: the match's others (a bank's part
    of the spiralling expenses)."""
    try:
        app = app_for(effect.kind)
    except UnknownEffectKind:  # a stored kind no code declares any more: shown, not hidden
        return f"{effect.kind} {effect.data or {}}", None
    reading = Reading(ruleset, rolls, effects)
    return app.describe(reading, effect), app.pending(reading, effect) if app.pending else None


def postgame_steps(match: Match) -> list[dict[str, Any]]:
    """The steps in the ruleset's order, each with its status and its worded effects."""
    ruleset = match_ruleset(match)
    outcome = read.outcome(match)
    by_step: dict[str, list[dict[str, Any]]] = {}
    for effect in outcome.effects:
        text, roll = describe(ruleset, effect, outcome.rolls, outcome.effects)
        by_step.setdefault(effect.step, []).append({"team": effect.team, "text": text, "roll": roll})
    # A match where no card was played has nothing to say of them: the step is left out.
    return [
        {"step": step, "label": step_label(ruleset, step.step), "effects": by_step.get(step.step, [])}
        for step in outcome.steps
        if step.step != "cards" or step.step in by_step
    ]


def prematch_facts(match: Match) -> dict[str, Any]:
    """What the pre-match recorded: each step's facts as it words them (the weather...:
    matches.prematch_steps), then each side's team value, petty cash and inducements."""
    ruleset = match_ruleset(match)
    steps = []
    for step in steps_for(ruleset):
        fact = step.facts(match, ruleset, lang()) if step.facts_template else None
        if fact is not None:
            steps.append({**fact, "template": step.facts_template})
    sides = []
    inducements = read.inducements(match)
    for side in ("home", "away"):
        team = match.team(side)
        items = []
        for row in (r for r in inducements if r.side == side):
            if row.star and row.star in ruleset.star_players:
                name = ruleset.star_players[row.star].name(lang())
                if row.plays_for_neither:
                    name = _("%(star)s (both teams induced him: paid, he plays for neither)") % {"star": name}
            elif row.position:
                position = ruleset.team(team.race).position(row.position).name(lang())
                name = _("Mercenary %(position)s") % {"position": position}
                for skill in filter(None, row.extra_skill.split(";")):  # one or two extra skills
                    name += f" + {choice_label(ruleset, skill)}"
            else:
                name = ruleset.inducements[row.key].name(lang()) if row.key in ruleset.inducements else row.key
            items.append({"name": name, "cost": row.cost})
        sides.append(
            {
                "team": team,
                "tv": getattr(match, f"{side}_tv"),
                "petty_cash": getattr(match, f"{side}_petty_cash"),
                "inducements": items,
            }
        )
    return {"steps": steps, "sides": sides}


def result_facts(match: Match) -> dict[str, Any]:
    """The result as entered: per side the players credited, and every casualty with its dice."""
    ruleset = match_ruleset(match)
    lines = read.lines(match)
    credited = [line for line in lines if line.completions or line.touchdowns or line.interceptions or line.casualties]
    casualties = []
    for cas in read.casualties(match):
        parts = [_casualty_roll(ruleset, cas.d6, cas.d8)]
        if cas.second_d6 is not None and cas.second_d8 is not None:
            parts.append(_("Decay: %(roll)s") % {"roll": _casualty_roll(ruleset, cas.second_d6, cas.second_d8)})
        if cas.apothecary_used and cas.apothecary_d6:
            kept = _("kept") if cas.apothecary_kept_reroll else _("not kept")
            rerolled = {"roll": _casualty_roll(ruleset, cas.apothecary_d6, cas.apothecary_d8), "kept": kept}
            if cas.apothecary_after_match:
                parts.append(_("apothecary after the match: %(roll)s, %(kept)s") % rerolled)
            else:
                parts.append(_("apothecary: %(roll)s, %(kept)s") % rerolled)
        if cas.regeneration_roll is not None:
            parts.append(_("regeneration D6: %(die)s") % {"die": cas.regeneration_roll})
        casualties.append({"victim": cas.victim, "side": match.side_of(cas.victim.team_id), "text": "; ".join(parts)})
    dice = []
    # Whom each MVP draw designated, once the post-match sequence has run (effects keyed as the die).
    mvps = read.mvp_effects(match)
    for roll in read.dice(match, exclude=prematch_dice(match)):
        kind, _sep, rest = roll.purpose.partition(":")
        side = rest.split(":", 1)[0]
        team = match.team(side) if side in ("home", "away") else None
        if team is None:  # keyed by a player: p<id>
            player = next((ln.player for ln in lines if f"p{ln.player_id}" == side), None)
            # Both teams are already read with the match: no query per die.
            team = match.team(match.side_of(player.team_id)) if player else None
            label = f"{_dice_label(ruleset, roll.purpose)} ({player_label(player)})"
        else:
            label = _dice_label(ruleset, roll.purpose)
        values = dice_text(roll.values)
        if roll.purpose in mvps:
            text = _("MVP: %(player)s (die: %(die)s)") % {
                "player": player_label(mvps[roll.purpose].player),
                "die": values,
            }
        else:
            text = _("%(label)s: %(value)s") % {"label": label, "value": values}
        dice.append(
            {
                "label": label,
                "text": text,
                "team": team,
                "values": values,
                "server": roll.source == DiceRoll.Source.SERVER,
            }
        )
    # The MVP picks and the winnings re-rolls in one query.
    decisions = read.mvp_and_reroll_decisions(match)
    return {
        "records": records_facts(match, ruleset, lines),
        "sides": [
            {"team": match.team(side), "lines": [line for line in credited if line.side == side]}
            for side in ("home", "away")
        ],
        "mvp_picks": [
            {"team": match.team(d.key.split(":")[1]), "player": _pick(lines, d.value)}
            for d in decisions
            if d.key.startswith("mvp:")
        ],
        "rerolls": {d.key.split(":")[1]: d.value for d in decisions if d.key.startswith("winnings_reroll:")},
        "casualties": casualties,
        "dice": dice,
    }


def _pick(lines: Any, ref: Any) -> str:
    player = next((ln.player for ln in lines if f"p{ln.player_id}" == ref), None)
    return player_label(player) if player else str(ref)


def _casualty_roll(ruleset: Ruleset, d6: int | None, d8: int | None) -> str:
    try:
        if d6 is None or d8 is None:
            raise ValueError("one die of the pair is missing")
        name = casualty_from_dice(ruleset, d6, d8).name(lang())
    except (TypeError, ValueError):
        name = "?"
    return f"{d6}{d8} {name}"
