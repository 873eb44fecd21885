"""Helpers shared by the match views: finding a match, who may act on it, reporting refusals.

The services check permissions and rules again on every write; checking here too means a stranger
gets a 403 before any form is shown, and the pages only offer the buttons a user may press.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.core.permissions import is_commissioner
from matches.hooks import fixture_locked
from matches.models import Match
from matches.selectors import common as selectors
from matches.services import MatchError, may_review
from matches.services.common import IN_PLAY, side_of_user
from teams.errors import TeamRuleError

User = AbstractBaseUser | AnonymousUser


def lang() -> str:
    return get_language() or "en"


match_or_404 = selectors.match_or_404


def is_participant(user: User, match: Match) -> bool:
    """One of the two coaches or a commissioner of the league (check_participant, as a yes/no)."""
    return is_commissioner(user, match.league) or side_of_user(match, user) is not None


def participant_match_or_403(request: HttpRequest, pk: int) -> Match:
    match = match_or_404(pk)
    if not is_participant(request.user, match):
        raise PermissionDenied(_("Only the two coaches and the commissioner may do this."))
    return match


def can_confirm(user: User, match: Match) -> bool:
    """The opposing coach of whoever submitted, or a commissioner (as report_confirm decides)."""
    return may_review(user, match)


def attempt(request: HttpRequest, action: Callable[[], Any], success: str = "") -> bool:
    """Run one service call; a refusal puts every reason (already translated) on the page.

    PermissionDenied propagates: Django answers 403.
    """
    try:
        action()
    except (MatchError, TeamRuleError) as refusal:
        for message in refusal.messages:
            messages.error(request, message)
        return False
    if success:
        messages.success(request, success)
    return True


def closed_by_playoffs(match: Match) -> bool:
    """A regular-season match the play-offs closed: its pre-match, result and confirmation pages
    send to the match page, which says why (and offers the commissioner to reopen it), instead of
    showing a form whose every post would be refused."""
    return match.status in IN_PLAY and fixture_locked(match)
