"""Helpers shared by the team views: finding a team the user may manage, reporting outcomes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, QueryDict
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.core.permissions import can_manage_team
from teams import selectors
from teams.errors import TeamRuleError
from teams.models import Team


def lang() -> str:
    return get_language() or "en"


team_or_404 = selectors.team_or_404


def managed_team_or_403(request: HttpRequest, pk: int) -> Team:
    """The team, if the user may manage it. The services check again; checking here too means a
    stranger gets a 403 before any form is validated or any confirmation page is shown."""
    team = team_or_404(pk)
    if not can_manage_team(request.user, team):
        raise PermissionDenied(_("You may not change this team."))
    return team


def attempt(request: HttpRequest, action: Callable[[], Any], success: str) -> bool:
    """Run a service call; on a rule refusal put its messages (already translated) on the page.

    PermissionDenied is left to propagate: Django answers it with a 403.
    """
    try:
        action()
    except TeamRuleError as refusal:
        for message in refusal.messages:
            messages.error(request, message)
        return False
    messages.success(request, success)
    return True


def hired(request: HttpRequest, hire: Callable[[], Any]) -> bool:
    """attempt() for a hire: the success message names the player the service returns."""
    try:
        player = hire()
    except TeamRuleError as refusal:
        for message in refusal.messages:
            messages.error(request, message)
        return False
    messages.success(request, _("#%(number)s %(name)s hired.") % {"number": player.number, "name": player.name})
    return True


def saved_on_form(request: HttpRequest, form: Any, action: Callable[[], Any], success: Callable[[Any], str]) -> bool:
    """attempt() for a page that shows its own form again: a rule refusal goes on the form; on
    success, `success` words the message from what the service returned."""
    try:
        result = action()
    except TeamRuleError as refusal:
        for message in refusal.messages:
            form.add_error(None, message)
        return False
    messages.success(request, success(result))
    return True


# What a refused form keeps for the page it redirects to. Longer input is cut: it is refused anyway
# (every field the team pages keep allows far less), and the session is no place for megabytes.
KEPT_INPUT_MAX_CHARS = 200


def keep_input(request: HttpRequest, key: str, data: QueryDict, fields: Iterable[str]) -> None:
    """Keep what was typed in a refused form, for the page the refusal redirects to (Post/Redirect/Get).

    Read once by `kept_input`, like the messages that say why it was refused.
    """
    request.session[key] = {field: data.get(field, "")[:KEPT_INPUT_MAX_CHARS] for field in fields}


def kept_input(request: HttpRequest, key: str) -> Mapping[str, str] | None:
    """The input `keep_input` kept under `key`, removed from the session; None if there is none."""
    if key not in request.session:  # reading does not mark the session modified (no write on every page)
        return None
    kept: Mapping[str, str] = request.session.pop(key)
    return kept
