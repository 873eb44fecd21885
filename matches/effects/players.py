"""Effect kinds on players in the database: SPP and the MVP, improvement rolls, casualties and
departures (their engine half: league/rules/postmatch/kinds/players.py)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from league.rules.postmatch import Effect
from matches.effects.words import STAT_NAMES, action_name, casualty_name, choice_label, dice_text, player_label
from matches.models import MatchEffect
from matches.services.appliers import EffectApp, Reading, SequenceContext, Writes, apply_nothing, player_id, register
from matches.services.numbers import leaving_number
from teams.models import ImprovementRoll, Player

# --- SPP and the MVP ---


def apply_spp(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """SPP earned; a reversal's are negative, taken back the same way."""
    pk = player_id(effect)
    if effect.spp and pk:
        w.spp[pk] += effect.spp


def describe_spp(reading: Reading, effect: MatchEffect) -> str:
    d, who = effect.data or {}, player_label(effect.player)
    if effect.kind == "mvp":
        return _("MVP: %(player)s (+%(spp)s SPP, %(total)s in all)") % {
            "player": who,
            "spp": d.get("spp", 0),
            "total": d.get("total", 0),
        }
    return _("%(player)s: %(count)s × %(action)s, +%(spp)s SPP (%(total)s in all)") % {
        "player": who,
        "count": d.get("count", 0),
        "action": action_name(reading.ruleset, d.get("reason", "")),
        "spp": d.get("spp", 0),
        "total": d.get("total", 0),
    }


def describe_mvp_lost(reading: Reading, effect: MatchEffect) -> str:
    if effect.kind == "mvp_wasted":
        return _("The MVP went to a star player or a mercenary: it is lost.")
    return _("No player could receive the MVP.")


register("mvp", "spp", app=EffectApp(apply_spp, describe_spp, undo=apply_spp))
register("mvp_wasted", "mvp_none", app=EffectApp(apply_nothing, describe_mvp_lost))

# --- Improvement rolls ---


def apply_improvement(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    if player_id(effect):
        w.rolls.append(effect)


def _roll(reading: Reading, effect: MatchEffect) -> ImprovementRoll | None:
    return reading.rolls.get((effect.player_id or 0, int(effect.key.rsplit(":", 1)[1])))


def describe_improvement(reading: Reading, effect: MatchEffect) -> str:
    d, who = effect.data or {}, player_label(effect.player)
    roll, dice = _roll(reading, effect), dice_text(d.get("dice", []))
    if roll is not None and not roll.pending:
        return _("%(player)s: improvement roll %(dice)s, took %(choice)s") % {
            "player": who,
            "dice": dice,
            "choice": choice_label(reading.ruleset, roll.choice, roll.skill),
        }
    return _("%(player)s: improvement roll %(dice)s, choice to make") % {"player": who, "dice": dice}


def pending_roll(reading: Reading, effect: MatchEffect) -> ImprovementRoll | None:
    roll = _roll(reading, effect)
    return None if roll is None or not roll.pending else roll


# Undone by matches.services.undo, which deletes the match's rolls and the advancements chosen from
# them (the coach's choice stays among the match's decisions, for its replay).
register(
    "improvement", app=EffectApp(apply_improvement, describe_improvement, undo=apply_nothing, pending=pending_roll)
)

# --- Casualties and departures ---

# Player fields a kind of effect sets (the last one written wins, as if applied one by one), and
# what its reversal puts back.
PLAYER_SETS: dict[str, dict[str, Any]] = {
    "dead": {"status": Player.Status.DEAD, "miss_next_game": False},
    "miss_next_game": {"miss_next_game": True},
    "miss_next_game_cleared": {"miss_next_game": False},
    "departure": {"status": Player.Status.RETIRED},
}
PLAYER_RESTORES: dict[str, dict[str, Any]] = {
    "dead": {"status": Player.Status.ACTIVE},
    "miss_next_game": {"miss_next_game": False},
    "miss_next_game_cleared": {"miss_next_game": True},
    "departure": {"status": Player.Status.ACTIVE},
}


def apply_player_fields(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    pk = player_id(effect)
    if pk:
        w.sets.setdefault(pk, {}).update(PLAYER_SETS[effect.kind])
        if effect.kind in LEAVING:
            leave_with_number_worn(ctx, w, pk)


# The kinds that take a player off the team: he leaves with the number he wore in the match.
LEAVING = ("dead", "departure")


def leave_with_number_worn(ctx: SequenceContext, w: Writes, pk: int) -> None:
    """A player who leaves the team in this match leaves with the number he wore in it: another
    only when a replay gave him back after it and a team-mate wore his (matches.services.numbers),
    so that a void then its restore gives back the same roster, numbers included."""
    number = leaving_number(ctx.match, pk)
    if number is not None:
        w.sets[pk]["number"] = number


def undo_player_fields(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    pk = player_id(effect)
    if pk:
        w.sets.setdefault(pk, {}).update(PLAYER_RESTORES[effect.kind])


def apply_injury(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    pk = player_id(effect)
    if not pk:
        return
    w.injuries.append(
        dict(
            player_id=pk,
            casualty=effect.casualty or "",
            stat=effect.stat or "",
            applied=effect.kind != "injury_ignored",
            match_id=ctx.match.pk,
        )
    )
    if effect.kind == "niggling_injury":
        w.niggling[pk] += 1


def describe_casualty(reading: Reading, effect: MatchEffect) -> str:
    d = effect.data or {}
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
    return texts[effect.kind] % {
        "player": player_label(effect.player),
        "casualty": casualty_name(reading.ruleset, d.get("casualty")),
        "stat": STAT_NAMES.get(d.get("stat", ""), d.get("stat", "")),
        "dice": dice_text(d.get("dice", [])),
    }


register(*PLAYER_SETS, app=EffectApp(apply_player_fields, describe_casualty, undo=undo_player_fields))


def undo_injury(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """The niggling count taken back; the match's Injury rows are deleted by matches.services.undo."""
    pk = player_id(effect)
    if pk and effect.kind == "niggling_injury":
        w.niggling[pk] -= 1


register(
    "niggling_injury", "stat_injury", "injury_ignored", app=EffectApp(apply_injury, describe_casualty, undo=undo_injury)
)
register("departure_avoided", app=EffectApp(apply_nothing, describe_casualty))


def describe_healing(reading: Reading, effect: MatchEffect) -> str:
    d = effect.data or {}
    return _("Healing spell: %(player)s ignores %(casualty)s.") % {
        "player": player_label(effect.player),
        "casualty": casualty_name(reading.ruleset, d.get("casualty")),
    }


# The healed result was never applied (the plan left it out): a record, nothing to undo.
register("healing_spell", app=EffectApp(apply_nothing, describe_healing))
