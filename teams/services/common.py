"""Shared pieces of the team services: locking, permission and the kept team value."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from league.core.permissions import can_manage_team
from teams.errors import TeamRuleError
from teams.models import Team
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
    Team.objects.filter(pk=team.pk).update(team_value=value)
    team.team_value = value
    return value
