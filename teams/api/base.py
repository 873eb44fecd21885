"""What every team and player endpoint shares: authentication, refusals as JSON, loading by id.

The endpoints never write themselves; they call teams.services, which check permissions and
rules and raise PermissionDenied or TeamRuleError. This module turns those into 403 and 400.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.authentication import BasicAuthentication, SessionAuthentication
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView, set_rollback

from teams.errors import TeamRuleError
from teams.models import Player, Team


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """A rule refusal is a 400 carrying exactly the service's messages; the rest is DRF's usual."""
    if isinstance(exc, TeamRuleError):
        # The services already roll back; this also covers ATOMIC_REQUESTS, as DRF's handler does.
        set_rollback()
        return Response({"errors": [str(m) for m in exc.messages]}, status=400)
    return api_settings.EXCEPTION_HANDLER(exc, context)


class ServiceApi(APIView):
    # Basic first, so that an anonymous write gets 401 with a WWW-Authenticate challenge (a
    # "log in" answer) rather than the 403 that also means "you may not": both clients and
    # tests can tell the two apart. Session still works for the browsable API and Swagger.
    authentication_classes = [BasicAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_exception_handler(self) -> Callable[[Exception, dict[str, Any]], Response | None]:
        return api_exception_handler


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()

    class Meta:
        ref_name = "Detail"


# A 400 is either a rule refusal ({"errors": [...]}) or malformed input (DRF's field errors).
BAD_REQUEST = OpenApiResponse(
    response={
        "anyOf": [
            {
                "type": "object",
                "title": "Rule refusal",
                "required": ["errors"],
                "properties": {"errors": {"type": "array", "items": {"type": "string"}}},
            },
            {
                "type": "object",
                "title": "Field errors",
                "description": "Each invalid input field with its messages (nested for lists).",
                "additionalProperties": {},
            },
        ]
    },
    description="Refused by the rules (the service's messages, in the request's language) or malformed input.",
)
FIELD_ERRORS = OpenApiResponse(
    response={"type": "object", "additionalProperties": {}}, description="Malformed input: field errors."
)
UNAUTHENTICATED = OpenApiResponse(DetailSerializer, description="Not logged in.")
FORBIDDEN = OpenApiResponse(DetailSerializer, description="Logged in, but not the team's coach or a commissioner.")
NOT_FOUND = OpenApiResponse(DetailSerializer, description="No such id.")
WRITE_ERRORS = {400: BAD_REQUEST, 401: UNAUTHENTICATED, 403: FORBIDDEN, 404: NOT_FOUND}


def team_queryset() -> QuerySet[Team]:
    # league and coach for the output, house rules for the league's ruleset: a fixed query count.
    return Team.objects.select_related("league", "coach").prefetch_related("league__house_rules")


def player_queryset() -> QuerySet[Player]:
    return Player.objects.select_related("team__league", "team__coach").prefetch_related(
        "advancements", "injuries", "team__league__house_rules"
    )


def team_or_404(team_id: int) -> Team:
    team = team_queryset().filter(pk=team_id).first()
    if team is None:
        raise NotFound(_("There is no team with this id."))
    return team


def player_or_404(player_id: int) -> Player:
    player = player_queryset().filter(pk=player_id).first()
    if player is None:
        raise NotFound(_("There is no player with this id."))
    return player
