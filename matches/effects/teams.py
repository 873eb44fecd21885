"""Effect kinds on a team in the database: fan factor, journeymen, team value (their engine half:
league/rules/postmatch/kinds/teams.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from league.rules import HolderBenefits
from league.rules.postmatch import Effect
from league.rules.postmatch.kinds import kind_of
from matches.effects.players import leave_with_number_worn
from matches.effects.words import dice_text, player_label
from matches.models import MatchEffect
from matches.services.appliers import (
    EffectApp,
    Reading,
    SequenceContext,
    Writes,
    apply_nothing,
    player_id,
    post,
    register,
)
from teams.errors import gp
from teams.models import Player


def apply_fan_factor(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """The kept fan factor moved (a reversal's delta is the opposite)."""
    if effect.delta:
        ctx.teams[effect.side].fan_factor += effect.delta
        w.teams_changed.add(effect.side)


def describe_fan_factor(reading: Reading, effect: MatchEffect) -> str:
    d = effect.data or {}
    if d.get("reason") == "conceded" and not d.get("delta"):  # the ruleset's fan_factor_floor kept it
        return _("No fan factor lost for the concession: it never falls below %(total)s.") % {
            "total": d.get("total", 0)
        }
    if d.get("reason") == "conceded":
        return _("Fan factor −1 for the concession, now %(total)s.") % {"total": d.get("total", 0)}
    return _("Fan factor %(delta)s, now %(total)s (dice: %(dice)s).") % {
        "delta": f"{d.get('delta', 0):+d}",
        "total": d.get("total", 0),
        "dice": dice_text(d.get("dice", [])),
    }


register("fan_factor", app=EffectApp(apply_fan_factor, describe_fan_factor, undo=apply_fan_factor))

HIRED = {"journeyman": False}
RELEASED = {"status": Player.Status.FIRED}


def apply_journeyman(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    pk = player_id(effect)
    if not pk:
        return
    team = ctx.teams[effect.side]
    money = kind_of(effect.kind).money
    if ctx.choices.get(effect.key) == "hire" and effect.total is not None and team.treasury >= effect.total and money:
        # Hired for good at rookie cost: he loses Loner and keeps his SPP (p.29).
        post(ctx, w, effect.side, money, -effect.total, effect.key, gettext_noop("Journeyman hired"))
        w.sets.setdefault(pk, {}).update(HIRED)
    else:
        w.sets.setdefault(pk, {}).update(RELEASED)
        leave_with_number_worn(ctx, w, pk)  # the number he wore in the match (matches.services.numbers)


def describe_journeyman(reading: Reading, effect: MatchEffect) -> str:
    return _("%(player)s (journeyman): hired or released as the coach decided.") % {
        "player": player_label(effect.player)
    }


def apply_journeymen_needed(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    w.journeymen_for.add(effect.side)


def describe_journeymen_needed(reading: Reading, effect: MatchEffect) -> str:
    d = effect.data or {}
    if not d.get("count"):
        return _("No journeyman needed (%(total)s players available).") % {"total": d.get("total", 0)}
    return ngettext(
        "%(count)s journeyman joins for the next match (%(total)s players available).",
        "%(count)s journeymen join for the next match (%(total)s players available).",
        d["count"],
    ) % {"count": d["count"], "total": d.get("total", 0)}


def undo_journeyman(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """A journeyman again, on the roster: whether he was hired is the coach's decision, not a stored
    effect, so the hire's gold is reversed from the ledger row it posted (matches.services.undo)."""
    pk = player_id(effect)
    if pk:
        w.sets.setdefault(pk, {}).update({"journeyman": True, "status": Player.Status.ACTIVE})


register("journeyman_hire_or_release", app=EffectApp(apply_journeyman, describe_journeyman, undo=undo_journeyman))
# The journeymen a run added are taken back by matches.services.undo (and hired again by the replay).
register("journeymen_needed", app=EffectApp(apply_journeymen_needed, describe_journeymen_needed, undo=apply_nothing))


def apply_team_value(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """Recomputed from the roster once every player change is written (a reversal: as the roster
    then stands)."""
    w.value_for.add(effect.side)
    if effect.facts is not None:
        w.trophies[effect.side] = HolderBenefits(
            extra_rerolls=effect.facts.trophy_rerolls, fan_factor_bonus=effect.facts.trophy_fan_factor
        )


def describe_team_value(reading: Reading, effect: MatchEffect) -> str:
    d = effect.data or {}
    text = _("Team value before new journeymen and purchases: %(total)s gp.") % {"total": gp(d.get("total", 0))}
    if d.get("pending"):
        text += " " + _("Improvements still to choose will raise it.")
    return text


register("team_value", app=EffectApp(apply_team_value, describe_team_value, undo=apply_team_value))
