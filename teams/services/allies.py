"""Hiring an ally (a house rule: the ruleset's [parameters.allies], spec H6): a player of an allied race's position, from
the team's second match, within the league's ally table, at the position's price plus 1 Fan
Factor, or a sum of gold when the Fan Factor is at its floor (the ruleset's [parameters.allies])."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from league.core.allies import ally_rules_for
from league.core.audit import log_action
from league.core.selectors import league_ruleset
from league.rules import AllyParameters
from league.rules.catalogue.allies import ally_fee, ally_key, may_hire_allies
from teams.errors import TeamRuleError, gp
from teams.models import Player, Team, TreasuryEntry
from teams.numbers import lowest_free_number
from teams.selectors import processed_matches
from teams.services.common import check_manager, lock_team, require_status, team_refresh_value
from teams.services.ledger import treasury_post

# Ledger memo, stored in English and translated when shown.
ALLY_FEE_MEMO = N_("Ally's fee (Fan Factor at its lowest)")


def ally_hire(
    *, team: Team, ally_race: str, position: str, name: str, number: int | None = None, by: User | None = None
) -> Player:
    """Hire one ally: the ally table's cap, the 16 players and the treasury apply; the fee is 1 FF,
    or gold when the FF is at its floor (it never falls below it through this rule)."""
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        require_status(team, Team.Status.READY)
        ruleset = league_ruleset(team.league)
        group = ruleset.group(AllyParameters)
        if group is None:
            raise TeamRuleError([_("This league's ruleset has no allies.")])
        rule = next(
            (r for r in ally_rules_for(team.league, team.race) if (r.ally_race, r.position) == (ally_race, position)),
            None,
        )
        if rule is None or ally_race not in ruleset.teams:
            raise TeamRuleError([_("The league's ally table offers no such ally to this team.")])
        key = ally_key(ally_race, position)
        pos = ruleset.team(team.race).position(key)
        lang = get_language() or "en"
        label = _("%(position)s (%(team)s)") % {"position": pos.name(lang), "team": ruleset.team(ally_race).name(lang)}
        active = team.players.filter(status=Player.Status.ACTIVE)
        problems = []
        played = processed_matches(team)
        if not may_hire_allies(group, played):
            problems.append(
                _("Allies join from the team's match number %(match)s: it has played %(played)s.")
                % {"match": group.from_match, "played": played}
            )
        if not name.strip():
            problems.append(_("Every player needs a name."))
        if active.filter(journeyman=False).count() >= ruleset.params.roster_max_players:
            most = ruleset.params.roster_max_players
            problems.append(
                ngettext("The roster is full (%(max)s player).", "The roster is full (%(max)s players).", most)
                % {"max": most}
            )
        if active.filter(position=key).count() >= rule.cap:
            problems.append(
                ngettext(
                    "%(position)s: at most %(max)s ally per team.",
                    "%(position)s: at most %(max)s allies per team.",
                    rule.cap,
                )
                % {"position": label, "max": rule.cap}
            )
        if number is not None and (number < 1 or number > 99 or active.filter(number=number).exists()):
            problems.append(_("Number %(number)s is not free.") % {"number": number})
        fee = ally_fee(group, team.fan_factor)
        if pos.cost + fee.gold > team.treasury:
            problems.append(
                _("This costs %(cost)s gp but the treasury holds %(treasury)s gp.")
                % {"cost": gp(pos.cost + fee.gold), "treasury": gp(team.treasury)}
            )
        if problems:
            raise TeamRuleError(problems)
        taken = set(active.values_list("number", flat=True))
        player = Player.objects.create(
            team=team,
            position=key,
            name=name.strip(),
            number=number if number is not None else lowest_free_number(taken),
        )
        kind = TreasuryEntry.Kind.PLAYER_HIRED
        treasury_post(team=team, kind=kind, amount=-pos.cost, key=f"hire:player:{player.pk}", memo=str(player), by=by)
        if fee.gold:
            treasury_post(
                team=team, kind=kind, amount=-fee.gold, key=f"hire:ally_fee:{player.pk}", memo=ALLY_FEE_MEMO, by=by
            )
        if fee.fan_factor:
            Team.objects.filter(pk=team.pk).update(fan_factor=team.fan_factor - fee.fan_factor)
            team.fan_factor -= fee.fan_factor
        team_refresh_value(team=team)
        log_action(
            action="teams.ally.hired",
            actor=by,
            team=team,
            player=player.pk,
            position=key,
            cost=pos.cost,
            fan_factor=fee.fan_factor,
            gold=fee.gold,
        )
    return player
