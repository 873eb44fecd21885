"""Shared pieces of the match services."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from league.permissions import can_manage_team, is_commissioner
from league.rules import Ruleset
from league.rules.team_building import Violation
from league.selectors import league_ruleset
from matches.models import Match


class MatchError(Exception):
    """A refusal; `messages` are ready to show (every reason at once)."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(str(m) for m in messages))
        self.messages = [str(m) for m in messages]


def match_ruleset(match: Match) -> Ruleset:
    return league_ruleset(match.league)


def lock_match(match: Match) -> Match:
    locked = Match.objects.select_for_update().get(pk=match.pk)
    match.__dict__.update({k: v for k, v in locked.__dict__.items() if not k.startswith("_")})
    return match


def require_status(match: Match, *statuses: str) -> None:
    if match.status not in statuses:
        raise MatchError(
            [_("This match is “%(status)s”: that cannot be done now.") % {"status": match.get_status_display()}]
        )


def side_of_user(match: Match, user: AbstractBaseUser | None) -> str | None:
    """The side the user coaches in this match (None for anyone else)."""
    if user is None or not user.is_authenticated:
        return None
    if match.home.coach_id == user.pk:
        return "home"
    if match.away.coach_id == user.pk:
        return "away"
    return None


def check_side(match: Match, side: str, by: AbstractBaseUser | None) -> None:
    """None is the system; otherwise the side's coach or a commissioner."""
    if by is not None and not can_manage_team(by, match.team(side)):
        raise PermissionDenied(_("You may not act for this team."))


def check_participant(match: Match, by: AbstractBaseUser | None) -> None:
    if by is None or is_commissioner(by, match.league) or side_of_user(match, by):
        return
    raise PermissionDenied(_("Only the two coaches and the commissioner may do this."))


VIOLATION_MESSAGES = {
    "unknown_inducement": _("“%(key)s” is not an inducement of this ruleset."),
    "inducement_max": _("At most %(max)s of “%(key)s” (you chose %(count)s)."),
    "inducement_not_allowed": _("This team may not buy “%(key)s”."),
    "negative_count": _("A number cannot be negative."),
    "unknown_star": _("“%(star)s” is not a star player of this ruleset."),
    "star_not_for_team": _("%(star)s does not play for this team."),
    "star_max": _("At most %(max)s star players (you chose %(count)s)."),
    "duplicate_star": _("A star player can be induced only once."),
    "unknown_position": _("“%(position)s” is not a position of this team."),
    "unknown_skill": _("“%(skill)s” is not a skill of this ruleset."),
    "skill_not_allowed": _("A mercenary may only take an extra skill from his normal categories."),
    "position_max": _("A team may have at most %(max)s %(position)s (you chose %(count)s)."),
    "squad_max": _("Star players and mercenaries may not take the squad past %(max)s players (%(count)s)."),
    "over_budget": _("This costs %(cost)s gp, over the %(budget)s gp available."),
    "final_no_inducements": _("No inducements in a semi-final or a final."),
    "final_no_stars": _("No star players or mercenaries in a semi-final or a final."),
    # The codes league.rules.induce actually reports (the entries above predate some of them).
    "star_twice": _("A star player can be induced only once."),
    "mercenary_skill_not_allowed": _("A mercenary may only take an extra skill from his normal categories."),
    "not_in_final": _("No inducements in a semi-final or a final."),
    "inducement_needs_details": _("“%(key)s” needs details (which star, which position)."),
}


def violation_messages(violations: Iterable[Violation]) -> list[str]:
    from teams.errors import gp

    out = []
    for v in violations:
        params = {k: gp(v) if k in {"cost", "budget"} else v for k, v in v.params.items()}
        params.setdefault("key", params.get("inducement", ""))  # the engine names it "inducement"
        template = VIOLATION_MESSAGES.get(v.code)
        try:
            out.append(str(template) % params if template else f"{v.code}: {params}")
        except (KeyError, ValueError):
            out.append(f"{template} ({v.code})")
    return out
