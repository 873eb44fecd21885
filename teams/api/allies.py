"""Hiring an ally through the API (a house rule: the ruleset's [parameters.allies], spec H6): the team page's form as JSON."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from league.catalogue.api import request_language
from league.core.permissions import signed_in
from league.core.selectors import league_ruleset
from teams.api.base import WRITE_ERRORS, ServiceApi, player_or_404
from teams.api.teams import managed_team
from teams.serializers import PlayerDetailSerializer, player_detail_data
from teams.services import ally_hire


class TeamAllyHireApi(ServiceApi):
    class InputSerializer(serializers.Serializer):
        ally_race = serializers.CharField(max_length=40, help_text="Team-list key of the allied race.")
        position = serializers.CharField(max_length=40, help_text="Position key of the allied race's list.")
        # Blank names and out-of-range numbers are the rules' business: the service words them.
        name = serializers.CharField(max_length=80, allow_blank=True, trim_whitespace=False)
        number = serializers.IntegerField(required=False, allow_null=True, help_text="1 to 99; free one if omitted.")

        class Meta:
            ref_name = "AllyHireInput"

    @extend_schema(
        operation_id="teams_allies_hire",
        request=InputSerializer,
        responses={201: PlayerDetailSerializer, **WRITE_ERRORS},
        description="Hire an ally of the league's ally table, where the ruleset has allies: the position's "
        "price plus 1 Fan Factor, or gold when the Fan Factor is at its floor; from the team's second match.",
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = managed_team(request, team_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = ally_hire(team=team, by=signed_in(request.user), **serializer.validated_data)
        data = player_detail_data(player_or_404(player.pk), league_ruleset(team.league), request_language())
        return Response(PlayerDetailSerializer(data).data, status=status.HTTP_201_CREATED)
