"""Write-side operations on teams. Views, forms and commands call these; nothing else writes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from league.models import League
from league.rules.team_building import NewTeam, check_new_team
from league.selectors import league_ruleset
from teams.errors import TeamRuleError, violation_messages
from teams.models import Player, Team, TreasuryEntry
from teams.selectors import compute_team_value


@dataclass(frozen=True)
class PlayerOrder:
    position: str
    name: str
    number: int | None = None


def treasury_post(
    *,
    team: Team,
    kind: str,
    amount: int,
    key: str,
    memo: str = "",
    by: AbstractBaseUser | None = None,
) -> TreasuryEntry | None:
    """Append one ledger entry and move the kept balance with it.

    Idempotent by its natural key: posting the same key twice writes nothing the second time
    and returns None, so a re-run of whatever posts it changes nothing.
    """
    with transaction.atomic():
        if TreasuryEntry.objects.filter(team=team, key=key).exists():
            return None
        entry = TreasuryEntry.objects.create(
            team=team, kind=kind, amount=amount, key=key, memo=memo, created_by=by
        )
        Team.objects.filter(pk=team.pk).update(treasury=F("treasury") + amount)
        team.refresh_from_db(fields=["treasury"])
        return entry


def team_refresh_value(*, team: Team) -> int:
    """Recompute and keep the team value; call inside the transaction that changed the team."""
    value = compute_team_value(team)
    Team.objects.filter(pk=team.pk).update(team_value=value)
    team.team_value = value
    return value


def team_create(
    *,
    league: League,
    coach: AbstractBaseUser,
    name: str,
    race: str,
    players: Sequence[PlayerOrder],
    rerolls: int = 0,
    fan_factor: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    by: AbstractBaseUser | None = None,
) -> Team:
    """Create a legal team from the league's ruleset, paying for it through the ledger.

    Raises TeamRuleError listing every rule the order breaks; nothing is written then.
    """
    ruleset = league_ruleset(league)
    counts: dict[str, int] = {}
    for order in players:
        counts[order.position] = counts.get(order.position, 0) + 1
    new_team = NewTeam(
        team_key=race,
        positions=counts,
        rerolls=rerolls,
        fan_factor=fan_factor,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
    )
    problems = violation_messages(ruleset, race, check_new_team(ruleset, new_team))
    if not name.strip():
        problems.insert(0, _("The team needs a name."))
    elif Team.objects.filter(league=league, name__iexact=name.strip()).exists():
        problems.insert(0, _("A team called “%(name)s” already plays in this league.") % {"name": name.strip()})
    numbers = [o.number for o in players if o.number is not None]
    if len(numbers) != len(set(numbers)):
        problems.append(_("Two players cannot wear the same number."))
    if problems:
        raise TeamRuleError(problems)

    team_list = ruleset.team(race)
    p = ruleset.params
    by = by or coach
    with transaction.atomic():
        team = Team.objects.create(
            league=league,
            coach=coach,
            name=name.strip(),
            race=race,
            status=Team.Status.READY,
            rerolls=rerolls,
            fan_factor=fan_factor,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
        )
        treasury_post(
            team=team, kind=TreasuryEntry.Kind.STARTING_BUDGET, amount=p.starting_treasury,
            key="create:budget", memo=_("Starting budget"), by=by,
        )
        taken = set(numbers)
        free_numbers = (n for n in range(1, 100) if n not in taken)
        for order in players:
            number = order.number if order.number is not None else next(free_numbers)
            position = team_list.position(order.position)
            player = Player.objects.create(team=team, number=number, name=order.name.strip(), position=position.key)
            treasury_post(
                team=team, kind=TreasuryEntry.Kind.PLAYER_HIRED, amount=-position.cost,
                key=f"create:player:{player.pk}", memo=f"#{number} {player.name}", by=by,
            )
        purchases = [
            (TreasuryEntry.Kind.REROLL_BOUGHT, rerolls * team_list.reroll_cost, "rerolls", _("Team re-rolls")),
            (TreasuryEntry.Kind.FAN_FACTOR_BOUGHT, fan_factor * p.fan_factor_cost, "fan_factor", _("Fan factor")),
            (TreasuryEntry.Kind.STAFF_HIRED, assistant_coaches * p.assistant_coach_cost, "assistants", _("Assistant coaches")),
            (TreasuryEntry.Kind.STAFF_HIRED, cheerleaders * p.cheerleader_cost, "cheerleaders", _("Cheerleaders")),
            (TreasuryEntry.Kind.STAFF_HIRED, p.apothecary_cost if apothecary else 0, "apothecary", _("Apothecary")),
        ]
        for kind, amount, key, memo in purchases:
            if amount:
                treasury_post(team=team, kind=kind, amount=-amount, key=f"create:{key}", memo=memo, by=by)
        team_refresh_value(team=team)
    return team
