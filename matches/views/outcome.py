"""What the match page reads: the pre-match facts, the result and the post-match outcome, worded.

Nothing here writes. Rows are turned into sentences in the user's language; names of weather,
casualties, skills, stars and positions come from the match's ruleset.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.rules import Ruleset, casualty_from_dice, table_roll_outcome
from matches import selectors_outcome as read
from matches.models import DiceRoll, Match, MatchEffect
from matches.services.common import match_ruleset
from matches.views.common import lang
from teams.errors import gp
from teams.models import ImprovementRoll, Player

STEP_LABELS = {
    "mvp": gettext_lazy("Most valuable player"),
    "spp": gettext_lazy("Star player points"),
    "improvements": gettext_lazy("Improvement rolls"),
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
ACTIONS = {
    "completion": gettext_lazy("completion"),
    "touchdown": gettext_lazy("touchdown"),
    "interception": gettext_lazy("interception"),
    "casualty": gettext_lazy("casualty (block)"),
}
DICE_LABELS = {
    "winnings": gettext_lazy("Winnings D6"),
    "winnings_reroll": gettext_lazy("Winnings re-roll"),
    "ff": gettext_lazy("Fan factor dice"),
    "mvp": gettext_lazy("MVP draw"),
    "improvement": gettext_lazy("Improvement roll"),
    "leave": gettext_lazy("Departure D6"),
}
STAT_NAMES = {"ma": gettext_lazy("MA"), "st": gettext_lazy("ST"), "ag": gettext_lazy("AG"), "av": gettext_lazy("AV")}
# Matches that will still change: the page polls its progress while they are in these states.
RUNNING = (Match.Status.CONFIRMED, Match.Status.PROCESSING)


def player_label(player: Player | None) -> str:
    return str(player) if player else _("an induced player")


def dice_text(values: list[int] | tuple[int, ...]) -> str:
    return " + ".join(str(v) for v in values)


def casualty_name(ruleset: Ruleset, key: str | None) -> str:
    """The cause of an injury: a casualty, or a row of a table roll (an ageing roll's outcome)."""
    for result in ruleset.casualty_table.values():
        if result.key == key:
            return result.name(lang())
    outcome = table_roll_outcome(ruleset, key)
    return outcome.name(lang()) if outcome else key or ""


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


def choice_label(ruleset: Ruleset, choice: str, skill: str = "") -> str:
    """“Block” for a skill, “+1 MA” for a characteristic (choice is a key or a value key)."""
    if skill or choice in ruleset.skills:
        key = skill or choice
        return ruleset.skills[key].name(lang()) if key in ruleset.skills else key
    stat = choice.removesuffix("_increase")
    return f"+1 {STAT_NAMES.get(stat, stat.upper())}"


def action_name(ruleset: Ruleset, key: str) -> str:
    """An SPP action in the reader's language: the site's wording of the usual four, the ruleset's
    name (spp_actions.csv) of its own actions, such as a chest opened, never the bare key."""
    if key in ACTIONS:
        return str(ACTIONS[key])
    name_en, name_fr, _abbr_en, _abbr_fr = ruleset.spp_action_names.get(key, ("", "", "", ""))
    return (name_fr if lang().startswith("fr") and name_fr else name_en) or key


def _mvp_or_spp(ruleset: Ruleset, effect: MatchEffect, who: str, d: dict[str, Any]) -> str:
    if effect.kind == "mvp":
        return _("MVP: %(player)s (+%(spp)s SPP, %(total)s in all)") % {
            "player": who,
            "spp": d.get("spp", 0),
            "total": d.get("total", 0),
        }
    if effect.kind == "mvp_wasted":
        return _("The MVP went to a star player or a mercenary: it is lost.")
    if effect.kind == "mvp_none":
        return _("No player could receive the MVP.")
    return _("%(player)s: %(count)s × %(action)s, +%(spp)s SPP (%(total)s in all)") % {
        "player": who,
        "count": d.get("count", 0),
        "action": action_name(ruleset, d.get("reason", "")),
        "spp": d.get("spp", 0),
        "total": d.get("total", 0),
    }


def _improvement(
    ruleset: Ruleset, effect: MatchEffect, who: str, d: dict[str, Any], rolls: dict[tuple[int, int], ImprovementRoll]
) -> tuple[str, ImprovementRoll | None]:
    index = int(effect.key.rsplit(":", 1)[1])
    roll = rolls.get((effect.player_id or 0, index))
    dice = dice_text(d.get("dice", []))
    if roll is not None and not roll.pending:
        return _("%(player)s: improvement roll %(dice)s, took %(choice)s") % {
            "player": who,
            "dice": dice,
            "choice": choice_label(ruleset, roll.choice, roll.skill),
        }, None
    return _("%(player)s: improvement roll %(dice)s, choice to make") % {"player": who, "dice": dice}, roll


def _injury(ruleset: Ruleset, effect: MatchEffect, who: str, d: dict[str, Any]) -> str:
    name = casualty_name(ruleset, d.get("casualty"))
    stat = STAT_NAMES.get(d.get("stat", ""), d.get("stat", ""))
    texts = {
        "dead": _("%(player)s is dead (%(casualty)s)."),
        "niggling_injury": _("%(player)s: %(casualty)s, a niggling injury."),
        "stat_injury": _("%(player)s: %(casualty)s, −1 %(stat)s."),
        "injury_ignored": _("%(player)s: %(casualty)s, ignored (the %(stat)s limit is reached)."),
        "miss_next_game": _("%(player)s misses the next match."),
        "miss_next_game_cleared": _("%(player)s has served his missed match."),
        "departure": _("%(player)s leaves the team after the concession (D6: %(dice)s)."),
        "departure_avoided": _("%(player)s stays despite the concession (D6: %(dice)s)."),
    }
    return texts[effect.kind] % {"player": who, "casualty": name, "stat": stat, "dice": dice_text(d.get("dice", []))}


def _money(effect: MatchEffect, d: dict[str, Any], bank_paid: bool = False) -> str:
    """Gold moved. `bank_paid`: the team's bank paid part of its spiralling expenses (an effect of
    its own), so a treasury that pays nothing more is no "no spiralling expenses"."""
    amount, dice = gp(effect.amount), dice_text(d.get("dice", []))
    if effect.kind == "winnings":
        if d.get("reason") == "conceded":
            return _("No winnings: the team conceded.")
        if len(d.get("dice", [])) > 1:
            return _("Winnings: %(amount)s gp (D6 %(first)s, re-rolled: %(last)s).") % {
                "amount": amount,
                "first": d["dice"][0],
                "last": d["dice"][-1],
            }
        return _("Winnings: %(amount)s gp (D6: %(dice)s).") % {"amount": amount, "dice": dice or "—"}
    if effect.kind == "winnings_transfer":
        return _("Winnings of the conceding team: %(amount)s gp.") % {"amount": amount}
    if effect.kind == "petty_cash_return":
        return _("Unspent petty cash back in the treasury: %(amount)s gp.") % {"amount": amount}
    if effect.kind == "spiralling_expenses":
        if d.get("account") == "bank":
            return _("Spiralling expenses paid by the bank: %(amount)s gp (bank now %(bank)s gp).") % {
                "amount": gp(-effect.amount),
                "bank": gp(d.get("bank", 0)),
            }
        if not effect.amount and bank_paid:
            return _("Nothing more paid from the treasury.")
        if not effect.amount:
            return _("No spiralling expenses.")
        return _("Spiralling expenses: %(amount)s gp.") % {"amount": gp(-effect.amount)}
    if effect.kind == "bank_transfer":
        values = {"amount": gp(abs(effect.amount)), "bank": gp(d.get("bank", 0))}
        if effect.amount < 0:  # out of the treasury
            return _("Into the bank: %(amount)s gp (bank now %(bank)s gp).") % values
        return _("Out of the bank, back in the treasury: %(amount)s gp (bank now %(bank)s gp).") % values
    return _("Treasury for purchases: %(amount)s gp.") % {"amount": gp(d.get("treasury", 0))}


MONEY_KINDS = (
    "winnings",
    "winnings_transfer",
    "petty_cash_return",
    "spiralling_expenses",
    "purchases_open",
    "bank_transfer",
)


def describe(
    ruleset: Ruleset,
    effect: MatchEffect,
    rolls: dict[tuple[int, int], ImprovementRoll],
    bank_paid: bool = False,
) -> tuple[str, ImprovementRoll | None]:
    """One readable sentence per effect, and the improvement roll still to choose, if any
    (`bank_paid`: the team's bank paid part of its spiralling expenses in this match)."""
    d, who = effect.data or {}, player_label(effect.player)
    kind = effect.kind
    if kind in ("mvp", "mvp_wasted", "mvp_none", "spp"):
        return _mvp_or_spp(ruleset, effect, who, d), None
    if kind == "improvement":
        return _improvement(ruleset, effect, who, d, rolls)
    if kind in (
        "dead",
        "niggling_injury",
        "stat_injury",
        "injury_ignored",
        "miss_next_game",
        "miss_next_game_cleared",
        "departure",
        "departure_avoided",
    ):
        return _injury(ruleset, effect, who, d), None
    if kind in MONEY_KINDS:
        return _money(effect, d, bank_paid), None
    if kind == "fan_factor":
        if d.get("reason") == "conceded":
            return _("Fan factor −1 for the concession, now %(total)s.") % {"total": d.get("total", 0)}, None
        return _("Fan factor %(delta)s, now %(total)s (dice: %(dice)s).") % {
            "delta": f"{d.get('delta', 0):+d}",
            "total": d.get("total", 0),
            "dice": dice_text(d.get("dice", [])),
        }, None
    if kind == "journeyman_hire_or_release":
        return _("%(player)s (journeyman): hired or released as the coach decided.") % {"player": who}, None
    if kind == "journeymen_needed":
        if not d.get("count"):
            return _("No journeyman needed (%(total)s players available).") % {"total": d.get("total", 0)}, None
        return ngettext(
            "%(count)s journeyman joins for the next match (%(total)s players available).",
            "%(count)s journeymen join for the next match (%(total)s players available).",
            d["count"],
        ) % {"count": d["count"], "total": d.get("total", 0)}, None
    if kind == "team_value":
        text = _("Team value before new journeymen and purchases: %(total)s gp.") % {"total": gp(d.get("total", 0))}
        if d.get("pending"):
            text += " " + _("Improvements still to choose will raise it.")
        return text, None
    return f"{kind} {d}", None


def postgame_steps(match: Match) -> list[dict[str, Any]]:
    """The steps in the ruleset's order, each with its status and its worded effects."""
    ruleset = match_ruleset(match)
    effects = read.effects(match)
    rolls = read.improvement_rolls(match)
    by_step: dict[str, list[dict[str, Any]]] = {}
    bank_paid = {e.team_id for e in effects if e.kind == "spiralling_expenses" and (e.data or {}).get("account")}
    for effect in effects:
        text, roll = describe(ruleset, effect, rolls, effect.team_id in bank_paid)
        by_step.setdefault(effect.step, []).append({"team": effect.team, "text": text, "roll": roll})
    return [
        {"step": step, "label": step_label(ruleset, step.step), "effects": by_step.get(step.step, [])}
        for step in read.steps(match)
    ]


def prematch_facts(match: Match) -> dict[str, Any]:
    ruleset = match_ruleset(match)
    roll = read.weather_roll(match)
    weather = next((w for w in ruleset.weather_table if w.key == match.weather), None)
    sides = []
    inducements = read.inducements(match)
    for side in ("home", "away"):
        team = match.team(side)
        items = []
        for row in (r for r in inducements if r.side == side):
            if row.star and row.star in ruleset.star_players:
                name = ruleset.star_players[row.star].name(lang())
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
    return {
        "weather": weather.name(lang()) if weather else match.weather,
        "weather_effect": weather.effect(lang()) if weather else "",
        "weather_dice": dice_text(roll.values) if roll else "",
        "weather_server": bool(roll and roll.source == DiceRoll.Source.SERVER),
        "sides": sides,
    }


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
            parts.append(
                _("apothecary: %(roll)s, %(kept)s")
                % {"roll": _casualty_roll(ruleset, cas.apothecary_d6, cas.apothecary_d8), "kept": kept}
            )
        if cas.regeneration_roll is not None:
            parts.append(_("regeneration D6: %(die)s") % {"die": cas.regeneration_roll})
        casualties.append({"victim": cas.victim, "side": match.side_of(cas.victim.team_id), "text": "; ".join(parts)})
    dice = []
    # Whom each MVP draw designated, once the post-match sequence has run (effects keyed as the die).
    mvps = read.mvp_effects(match)
    for roll in read.dice(match):
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
