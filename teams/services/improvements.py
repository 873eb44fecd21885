"""The coach picks what an improvement roll gives (spec §5.4): a skill or a characteristic."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.selectors import league_ruleset
from league.rules import (
    IMPROVEMENT,
    Characteristics,
    ImprovementOptions,
    Position,
    Ruleset,
    available_skills,
    decide,
    gained_skills,
    improvement_outcome,
)
from teams.errors import TeamRuleError
from teams.hooks import improvement_chosen
from teams.models import Advancement, ImprovementRoll, Player
from teams.selectors import player_characteristics
from teams.services.common import check_manager, lock_team, team_refresh_value


def check_advancement_kind(ruleset: Ruleset, kind: str) -> None:
    """Refuse an advancement kind the team's ruleset has no value for (value_modifiers.csv)."""
    if kind not in ruleset.value_increases:
        raise TeamRuleError(
            [
                _("“%(kind)s” is not an improvement of the ruleset %(ruleset)s.")
                % {"kind": kind, "ruleset": ruleset.name(get_language() or "en")}
            ]
        )


def _player_now(roll: ImprovementRoll) -> tuple[Ruleset, Position, list[str], Characteristics]:
    player: Player = roll.player
    ruleset = league_ruleset(player.team.league)
    position = ruleset.team(player.roster or player.team.race).position(player.position)  # his own roster's
    stats = player_characteristics(ruleset, position, player)
    # The skills gained, removals written "-<key>" (the engine adds the position's and applies them).
    skills = gained_skills((a.kind, a.skill) for a in player.advancements.all())
    return ruleset, position, list(skills), stats


def roll_values(roll: ImprovementRoll) -> dict[str, object]:
    """The improvement decision's values (league.rules IMPROVEMENT): the dice, and the player's
    current position, skills and characteristics."""
    _ruleset, position, skills, stats = _player_now(roll)
    return {"dice": [roll.d6a, roll.d6b], "position": position, "skills": skills, "stats": stats}


def roll_options(roll: ImprovementRoll) -> ImprovementOptions:
    """What the roll allows now, from the player's current skills and characteristics."""
    ruleset, position, skills, stats = _player_now(roll)
    return improvement_outcome(ruleset, d6a=roll.d6a, d6b=roll.d6b, position=position, skills=skills, stats=stats)


def roll_choices(roll: ImprovementRoll) -> dict[str, tuple[str, ...]]:
    """Skill keys by category letter, plus "stats" for the characteristic increases on offer."""
    options = roll_options(roll)
    ruleset = league_ruleset(roll.player.team.league)
    return {**available_skills(ruleset, options), "stats": options.stat_choices, "remove": options.removable}


def improvement_choose(*, roll: ImprovementRoll, choice: str, by: User | None) -> Advancement:
    """Apply the coach's pick: the advancement, its value increase, and a stored decision for replays."""
    team = roll.player.team
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        roll = ImprovementRoll.objects.select_related("player__team__league").get(pk=roll.pk)
        if not roll.pending:
            raise TeamRuleError([_("This improvement roll has already been used.")])
        earlier = ImprovementRoll.objects.filter(player=roll.player, index__lt=roll.index, advancement__isnull=True)
        if earlier.exists():
            raise TeamRuleError([_("Choose the player's earlier improvement first.")])
        ruleset = league_ruleset(team.league)
        try:  # the generic decision (league.rules.decisions): the options the roll opens now
            [picked] = decide(ruleset, IMPROVEMENT, roll_values(roll), choice)
        except ValueError:
            raise TeamRuleError([_("That choice is not allowed by this roll.")]) from None
        kind = picked.value_key
        check_advancement_kind(ruleset, kind)
        adv = Advancement.objects.create(player=roll.player, kind=kind, match=roll.match, skill=picked.detail)
        ImprovementRoll.objects.filter(pk=roll.pk).update(advancement=adv, choice=kind, skill=adv.skill)
        improvement_chosen.send(sender=ImprovementRoll, roll=roll, choice=choice, by=by)
        team_refresh_value(team=team)
        log_action(
            action="teams.improvement.chosen", actor=by, team=team, player=roll.player_id, choice=choice, value_key=kind
        )
    return adv
