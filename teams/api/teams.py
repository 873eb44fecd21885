"""Team endpoints: list and create, read one, edit a draft, make it ready, hire, re-rolls, staff, retire."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.pagination import BasePagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from league.catalogue.api import request_language
from league.core.permissions import signed_in
from league.core.selectors import league_list, league_ruleset
from league.infra.api_errors import error_response
from league.rules import Ruleset
from teams.api.base import (
    BAD_REQUEST,
    FIELD_ERRORS,
    LOCKED_OUT,
    NOT_FOUND,
    UNAUTHENTICATED,
    WRITE_ERRORS,
    ServiceApi,
    player_or_404,
    team_or_404,
)
from teams.api.orders import (
    PlayerOrderSerializer,
    TeamOrderSerializer,
    creation_order,
    draft_order,
    position_errors,
    unknown_position,
)
from teams.models import Team, staff_label
from teams.selectors import api_team_list
from teams.serializers import (
    PlayerDetailSerializer,
    TeamDetailSerializer,
    TeamSerializer,
    player_detail_data,
    team_data,
    team_detail_data,
)
from teams.services import (
    STAFF,
    player_hire,
    staff_fire,
    staff_hire,
    team_buy_reroll,
    team_create,
    team_make_ready,
    team_retire,
    team_save_draft,
)
from teams.services.common import check_manager


def team_response(team_id: int, code: int = status.HTTP_200_OK) -> Response:
    """The team as it is now in the database (the services changed it behind our instance)."""
    team = team_or_404(team_id)
    data = team_detail_data(team, league_ruleset(team.league), request_language())
    return Response(TeamDetailSerializer(data).data, status=code)


def managed_team(request: Request, team_id: int) -> Team:
    """Load the team and check the caller may change it before reading the body: a stranger gets
    403 whatever he sends, rather than validation errors about someone else's roster."""
    team = team_or_404(team_id)
    check_manager(request.user, team)
    return team


class TeamsApi(ServiceApi):
    # api_settings imports the class the setting names; the stubs type the setting (a dotted path).
    pagination_class: type[BasePagination] = api_settings.DEFAULT_PAGINATION_CLASS  # type: ignore[assignment]

    class FilterSerializer(serializers.Serializer):
        league = serializers.SlugRelatedField(
            slug_field="slug", queryset=league_list(), required=False, help_text="Slug of a league."
        )

        class Meta:
            ref_name = "TeamFilter"

    class InputSerializer(TeamOrderSerializer):
        league = serializers.SlugRelatedField(slug_field="slug", queryset=league_list())
        draft = serializers.BooleanField(
            default=False, help_text="Save a draft (may lack players) instead of creating a ready team."
        )

        class Meta:
            ref_name = "TeamCreateInput"

        def ruleset_and_race(self, attrs: dict[str, Any]) -> tuple[Ruleset, str]:
            return league_ruleset(attrs["league"]), attrs["race"]

    @extend_schema(
        operation_id="teams_list",
        parameters=[FilterSerializer],
        responses={200: TeamSerializer(many=True), 400: FIELD_ERRORS},
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        teams = api_team_list(filters.validated_data.get("league"))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(teams, request, view=self)
        lang = request_language()
        # One ruleset per league, not per team: house rules are applied once.
        rulesets: dict[int, Ruleset] = {}
        rows = []
        for team in page if page is not None else teams:
            if team.league_id not in rulesets:
                rulesets[team.league_id] = league_ruleset(team.league)
            rows.append(team_data(team, rulesets[team.league_id], lang))
        data = TeamSerializer(rows, many=True).data
        return paginator.get_paginated_response(data) if page is not None else Response(data)

    @extend_schema(
        operation_id="teams_create",
        request=InputSerializer,
        responses={
            201: TeamDetailSerializer,
            400: BAD_REQUEST,
            401: UNAUTHENTICATED,
            403: error_response("Not a member of the league."),
            429: LOCKED_OUT,
        },
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        order = creation_order(data)
        if data["draft"]:
            team = team_save_draft(
                league=data["league"], coach=signed_in(request.user), order=order, by=signed_in(request.user)
            )
        else:
            team = team_create(
                league=data["league"],
                coach=signed_in(request.user),
                name=order.name,
                race=order.race,
                players=order.players,
                rerolls=order.rerolls,
                fan_factor=order.fan_factor,
                assistant_coaches=order.assistant_coaches,
                cheerleaders=order.cheerleaders,
                apothecary=order.apothecary,
                college=order.college,
                allies=order.allies,
                by=signed_in(request.user),
            )
        return team_response(team.pk, status.HTTP_201_CREATED)


class TeamApi(ServiceApi):
    @extend_schema(operation_id="teams_retrieve", responses={200: TeamDetailSerializer, 404: NOT_FOUND})
    def get(self, request: Request, team_id: int) -> Response:
        return team_response(team_id)

    @extend_schema(
        operation_id="teams_update",
        request=TeamOrderSerializer,
        responses={200: TeamDetailSerializer, **WRITE_ERRORS},
        description="Replace a draft with this order (as when creating one; the league and coach stay). Every "
        "creation rule but the 11-player minimum applies; a team that is no longer a draft is refused.",
    )
    def put(self, request: Request, team_id: int) -> Response:
        return self.save_draft(request, team_id, partial=False)

    @extend_schema(
        operation_id="teams_partial_update",
        request=TeamOrderSerializer(keep_unsent=True),
        responses={200: TeamDetailSerializer, **WRITE_ERRORS},
        description="Change some of a draft's choices; what is not sent stays as it is (players sent replace "
        "the whole roster). The same rules and refusals as a full update.",
    )
    def patch(self, request: Request, team_id: int) -> Response:
        return self.save_draft(request, team_id, partial=True)

    def save_draft(self, request: Request, team_id: int, *, partial: bool) -> Response:
        team = managed_team(request, team_id)
        serializer = TeamOrderSerializer(data=request.data, keep_unsent=partial, context={"team": team})
        serializer.is_valid(raise_exception=True)
        # As the page does: the draft stays its coach's whoever edits it. A draft's players are
        # replaced at every save, so their ids change.
        order = draft_order(team, serializer.validated_data)
        team_save_draft(league=team.league, coach=team.coach, team=team, order=order, by=signed_in(request.user))
        return team_response(team_id)


class TeamReadyApi(ServiceApi):
    @extend_schema(operation_id="teams_ready", request=None, responses={200: TeamDetailSerializer, **WRITE_ERRORS})
    def post(self, request: Request, team_id: int) -> Response:
        team = managed_team(request, team_id)
        team_make_ready(team=team, by=signed_in(request.user))
        return team_response(team_id)


class TeamHireApi(ServiceApi):
    class InputSerializer(PlayerOrderSerializer):
        class Meta:
            ref_name = "HireInput"

        def validate_position(self, value: str) -> str:
            # A position no roster of the ruleset has is refused with the other fields' errors; the
            # roster it must belong to is checked once every field is read (validate below).
            if not any(value in {p.key for p in t.hire_positions} for t in self.context["ruleset"].teams.values()):
                raise serializers.ValidationError(unknown_position(value))
            return value

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            # The position of the player's roster: the race's, or an alliance team's second or third.
            if errors := position_errors(self.context["ruleset"], self.context["race"], attrs):
                raise serializers.ValidationError(errors)
            return attrs

    @extend_schema(
        operation_id="teams_hire", request=InputSerializer, responses={201: PlayerDetailSerializer, **WRITE_ERRORS}
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = managed_team(request, team_id)
        ruleset = league_ruleset(team.league)
        serializer = self.InputSerializer(data=request.data, context={"ruleset": ruleset, "race": team.race})
        serializer.is_valid(raise_exception=True)
        player = player_hire(team=team, by=signed_in(request.user), **serializer.validated_data)
        data = player_detail_data(player_or_404(player.pk), ruleset, request_language())
        return Response(PlayerDetailSerializer(data).data, status=status.HTTP_201_CREATED)


class TeamRerollApi(ServiceApi):
    @extend_schema(
        operation_id="teams_rerolls_buy",
        request=None,
        responses={200: TeamDetailSerializer, **WRITE_ERRORS},
        description="Buy one team re-roll at the price after creation (the treasury pays; see reroll_price).",
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = managed_team(request, team_id)
        team_buy_reroll(team=team, by=signed_in(request.user))
        return team_response(team_id)


class TeamStaffApi(ServiceApi):
    class InputSerializer(serializers.Serializer):
        kind = serializers.ChoiceField(choices=[(k, staff_label(k)) for k in STAFF])
        action = serializers.ChoiceField(choices=[("hire", gettext_lazy("hire")), ("fire", gettext_lazy("fire"))])

        class Meta:
            ref_name = "StaffInput"

    @extend_schema(
        operation_id="teams_staff",
        request=InputSerializer,
        responses={200: TeamDetailSerializer, **WRITE_ERRORS},
        description="Hire or release one assistant coach, cheerleader or the apothecary.",
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = managed_team(request, team_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        service = staff_hire if serializer.validated_data["action"] == "hire" else staff_fire
        service(team=team, kind=serializer.validated_data["kind"], by=signed_in(request.user))
        return team_response(team_id)


class TeamRetireApi(ServiceApi):
    @extend_schema(
        operation_id="teams_retire",
        request=None,
        responses={200: TeamDetailSerializer, **WRITE_ERRORS},
        description="Retire a draft or ready team for good: it keeps its history but can no longer be changed or play.",
    )
    def post(self, request: Request, team_id: int) -> Response:
        team = managed_team(request, team_id)
        team_retire(team=team, by=signed_in(request.user))
        return team_response(team_id)
