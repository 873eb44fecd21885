"""What every team and player endpoint shares: permissions, documented errors, loading by id.

The endpoints never write themselves; they call teams.services, which check permissions and
rules and raise PermissionDenied or TeamRuleError; the API's exception handler
(league.infra.api_errors) turns those into 403 and 400 in the API's one error shape.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.views import APIView

from league.infra.api_errors import ErrorSerializer, error_response
from teams.models import Player, Team
from teams.selectors import api_player, api_team


class ServiceApi(APIView):
    # Authentication (Basic, then session), parsing and the error shape are the API's defaults
    # (REST_FRAMEWORK in league/config/settings.py, league/infra/api_errors.py); writes need a login.
    permission_classes = [IsAuthenticatedOrReadOnly]


# Every error has the one shape of league.infra.api_errors.error_body; these document which.
BAD_REQUEST = error_response(
    "Refused (code refused: the rules' or the services' reasons, in the request's language), malformed input "
    "(code invalid: see fields) or an unreadable body (code parse_error)."
)
FIELD_ERRORS = error_response("Malformed input (code invalid): see fields.")
UNAUTHENTICATED = error_response("Not logged in, or a wrong password (codes not_authenticated, authentication_failed).")
FORBIDDEN = error_response("Logged in, but not the team's coach or a commissioner.")
NOT_FOUND = error_response("No such id.")
LOCKED_OUT = error_response("Too many failed logins: try again after the time in Retry-After (code locked_out).")
WRITE_ERRORS = {400: BAD_REQUEST, 401: UNAUTHENTICATED, 403: FORBIDDEN, 404: NOT_FOUND, 429: LOCKED_OUT}
DetailSerializer = ErrorSerializer  # the former name of the error body's schema (now one shape for all)


def team_or_404(team_id: int) -> Team:
    team = api_team(team_id)
    if team is None:
        raise NotFound(_("There is no team with this id."))
    return team


def player_or_404(player_id: int) -> Player:
    player = api_player(player_id)
    if player is None:
        raise NotFound(_("There is no player with this id."))
    return player
