"""Player endpoints: read one, rename or renumber him, fire him."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from league.catalogue.api import request_language
from league.core.permissions import signed_in
from league.core.selectors import league_ruleset
from teams.api.base import NOT_FOUND, WRITE_ERRORS, ServiceApi, player_or_404
from teams.models import Player
from teams.serializers import PlayerDetailSerializer, player_detail_data
from teams.services import player_fire, player_rename
from teams.services.common import check_manager


def player_response(player_id: int) -> Response:
    """The player as the database now holds him (the services changed him behind our instance)."""
    player = player_or_404(player_id)
    data = player_detail_data(player, league_ruleset(player.team.league), request_language())
    return Response(PlayerDetailSerializer(data).data)


def managed_player(request: Request, player_id: int) -> Player:
    # Permission before the body is read, as for teams: strangers get 403 whatever they send.
    player = player_or_404(player_id)
    check_manager(request.user, player.team)
    return player


class PlayerApi(ServiceApi):
    http_method_names = ["get", "patch", "head", "options"]

    class InputSerializer(serializers.Serializer):
        # Blank names and numbers outside 1-99 are left to the service, which words the refusal.
        name = serializers.CharField(max_length=80, allow_blank=True, trim_whitespace=False, required=False)
        number = serializers.IntegerField(required=False)

        class Meta:
            ref_name = "PlayerRenameInput"

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if not attrs:
                raise serializers.ValidationError(_("Give a new name, a new number or both."))
            return attrs

    @extend_schema(operation_id="players_retrieve", responses={200: PlayerDetailSerializer, 404: NOT_FOUND})
    def get(self, request: Request, player_id: int) -> Response:
        return player_response(player_id)

    @extend_schema(
        operation_id="players_rename",
        request=InputSerializer,
        responses={200: PlayerDetailSerializer, **WRITE_ERRORS},
        description="Rename and/or renumber a player; what is not sent stays as it is.",
    )
    def patch(self, request: Request, player_id: int) -> Response:
        player = managed_player(request, player_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player_rename(
            player=player,
            name=serializer.validated_data.get("name", player.name),
            number=serializer.validated_data.get("number", player.number),
            by=signed_in(request.user),
        )
        return player_response(player_id)


class PlayerFireApi(ServiceApi):
    @extend_schema(
        operation_id="players_fire",
        request=None,
        responses={200: PlayerDetailSerializer, **WRITE_ERRORS},
        description="Release the player: nothing is refunded and he leaves the team value.",
    )
    def post(self, request: Request, player_id: int) -> Response:
        player = managed_player(request, player_id)
        player_fire(player=player, by=signed_in(request.user))
        return player_response(player_id)
