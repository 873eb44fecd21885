"""A free rookie's hire and a team's college of magic, where the team's ruleset has them."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from league.catalogue.api import request_language
from league.core.permissions import signed_in
from league.core.selectors import league_ruleset
from teams.api.base import WRITE_ERRORS, ServiceApi, player_or_404
from teams.api.teams import managed_team, team_response
from teams.serializers import PlayerDetailSerializer, TeamDetailSerializer, player_detail_data
from teams.services import rookie_hire, team_set_college


class TeamRookieApi(ServiceApi):
    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=80, default="", allow_blank=True, help_text="Empty: “Rookie <number>”.")
        number = serializers.IntegerField(required=False, allow_null=True, help_text="1 to 99; free one if omitted.")

        class Meta:
            ref_name = "RookieInput"

    @extend_schema(
        operation_id="teams_rookie",
        request=InputSerializer,
        responses={201: PlayerDetailSerializer, **WRITE_ERRORS},
        description="Hire one free rookie (rulesets with rookies): the list's most numerous position, every "
        "characteristic halved, no team re-roll for his actions, 0 in team value; only while the team has "
        "fewer players able to play than the ruleset's threshold.",
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = managed_team(request, team_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = rookie_hire(team=team, by=signed_in(request.user), **serializer.validated_data)
        data = player_detail_data(player_or_404(player.pk), league_ruleset(team.league), request_language())
        return Response(PlayerDetailSerializer(data).data, status=status.HTTP_201_CREATED)


class TeamCollegeApi(ServiceApi):
    class InputSerializer(serializers.Serializer):
        college = serializers.CharField(max_length=80, allow_blank=True)

        class Meta:
            ref_name = "CollegeInput"

    @extend_schema(
        operation_id="teams_college",
        request=InputSerializer,
        responses={200: TeamDetailSerializer, **WRITE_ERRORS},
        description="Change the team's college of magic (rulesets that ask for one).",
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = managed_team(request, team_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        team_set_college(team=team, college=serializer.validated_data["college"], by=signed_in(request.user))
        return team_response(team_id)
