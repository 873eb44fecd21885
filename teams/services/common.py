"""Shared pieces of the team services: locking, permission and the kept team value."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.core.models import League
from league.core.permissions import can_manage_team
from league.infra.page_versions import page_scope, play_scope, team_scope
from league.rules import ChampionParameters, Ruleset
from teams.errors import TeamRuleError
from teams.models import Player, Team
from teams.selectors import compute_team_value


def lock_team(team: Team) -> Team:
    """Re-read the team under a row lock: every change to money or roster starts here."""
    locked = Team.objects.select_for_update().select_related("league").get(pk=team.pk)
    team.__dict__.update({k: v for k, v in locked.__dict__.items() if not k.startswith("_")})
    return locked


def check_manager(by: AbstractBaseUser | AnonymousUser | None, team: Team) -> None:
    """None means the system itself (demo loader, post-match sequence): always allowed."""
    if by is not None and not can_manage_team(by, team):
        raise PermissionDenied(_("You may not change this team."))


def require_status(team: Team, *statuses: str) -> None:
    if team.status not in statuses:
        raise TeamRuleError(
            [
                _("This team is %(status)s: it cannot be changed that way.")
                % {"status": team.get_status_display().lower()}
            ]
        )


def team_refresh_value(*, team: Team) -> int:
    """Recompute and keep the team value; call inside the transaction that changed the team."""
    value = compute_team_value(team)
    # The league's tables show it: its results pages too, whatever the write around claims (a
    # pre-match that spends a treasury counted in the value claims its match's progress only).
    with page_scope(play_scope(team.league_id), team_scope(team.pk)):
        Team.objects.filter(pk=team.pk).update(team_value=value)
    team.team_value = value
    return value


def champion_problems(
    league: League, ruleset: Ruleset, race: str, positions: list[str], team: Team | None = None
) -> list[str]:
    """Why these positions break the league-wide uniqueness of champions, where the ruleset asks it
    (champions.unique_in_league): a champion another ready team of the league already holds."""
    group = ruleset.group(ChampionParameters)
    if group is None or not group.unique_in_league or race not in ruleset.teams:
        return []
    champions = {p.key: p for p in ruleset.team(race).champions if p.key in positions}
    if not champions:
        return []
    held = Player.objects.filter(
        team__league=league, team__status=Team.Status.READY, status=Player.Status.ACTIVE, position__in=champions
    )
    if team is not None:
        held = held.exclude(team=team)
    lang = get_language() or "en"
    return [
        _("%(name)s already plays for another team of this league: there is one of each champion.")
        % {"name": champions[key].name(lang)}
        for key in sorted(set(held.values_list("position", flat=True)))
    ]
