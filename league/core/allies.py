"""The league's ally table (a house rule: the ruleset's [parameters.allies], spec H6): which positions of which races each
race may hire as allies, and how many. The commissioner edits it where the ruleset has allies
([parameters.allies]); every change is audited. The teams' hiring reads it (teams/services/allies.py)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.models import AllyRule, League
from league.core.permissions import is_commissioner
from league.rules import AllyParameters, load_ruleset

CAP_MAX = 16  # no roster holds more


def ally_rules(league: League) -> QuerySet[AllyRule]:
    return AllyRule.objects.filter(league=league)


def ally_rules_for(league: League, host_race: str) -> list[AllyRule]:
    """The rows a team of `host_race` may hire from, in the table's order."""
    return list(AllyRule.objects.filter(league=league, host_race=host_race))


def ally_rule_set(
    *, league: League, by: User | None, host_race: str, ally_race: str, position: str, cap: int
) -> AllyRule | None:
    """Add or change a row of the table (cap 0 removes it); refused where the ruleset has no allies,
    for an unknown race or position, a race allied with itself or a cap out of 0-16."""
    if by is None or not is_commissioner(by, league):
        raise PermissionDenied(_("Only a commissioner of the league may change its ally table."))
    ruleset = load_ruleset(league.ruleset)
    if ruleset.group(AllyParameters) is None:
        raise ValidationError(_("This league's ruleset has no allies."))
    problems = []
    if host_race not in ruleset.teams or ally_race not in ruleset.teams:
        problems.append(_("Choose two teams of the league's ruleset."))
    elif host_race == ally_race:
        problems.append(_("A team cannot be its own ally."))
    elif position not in {p.key for p in ruleset.team(ally_race).positions}:
        problems.append(_("“%(position)s” is not a position of the allied team.") % {"position": position})
    if not 0 <= cap <= CAP_MAX:
        problems.append(_("The cap is a whole number from 0 to %(max)s.") % {"max": CAP_MAX})
    if problems:
        raise ValidationError(problems)
    with transaction.atomic():
        old = AllyRule.objects.filter(
            league=league, host_race=host_race, ally_race=ally_race, position=position
        ).first()
        row: AllyRule | None = None
        if cap == 0:
            AllyRule.objects.filter(league=league, host_race=host_race, ally_race=ally_race, position=position).delete()
        else:
            row, _created = AllyRule.objects.update_or_create(
                league=league, host_race=host_race, ally_race=ally_race, position=position, defaults={"cap": cap}
            )
        log_action(
            action="league.ally_rule.changed",
            actor=by,
            league=league,
            host_race=host_race,
            ally_race=ally_race,
            position=position,
            old=old.cap if old else 0,
            new=cap,
        )
    return row
