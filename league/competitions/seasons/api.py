"""Season endpoints of the JSON API (/api/leagues/<slug>/seasons/...): a league's seasons, one
season (status, teams, rounds), and the commissioner's steps: create a season, move it to its next
status, register teams and withdraw one. Fixtures: api_fixtures.py; standings and play-offs:
league/competitions/standings/api.py.

The endpoints never write themselves: they call the services the season pages call
(league/competitions/seasons/services.py), which check permissions and rules. A PermissionDenied
is a 403; a refusal (Django's ValidationError, as the pages show it) is a 400 in the API's one
error shape, code "refused", with the services' reasons (league/infra/api_errors.py).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView, set_rollback

from league.competitions.seasons import selectors as sel
from league.competitions.seasons import services
from league.competitions.seasons.models import Season
from league.competitions.seasons.round_labels import round_label
from league.core.permissions import signed_in
from league.core.selectors import league_or_404
from league.infra.api_errors import error_body, error_response

BAD_REQUEST = error_response(
    "Refused (code refused: the services' reasons, in the request's language) or malformed input (code invalid)."
)
UNAUTHENTICATED = error_response("Not logged in, or a wrong password (codes not_authenticated, authentication_failed).")
FORBIDDEN = error_response("Logged in, but not a commissioner of the league.")
NOT_FOUND = error_response("No such league, season or team.")
READ_ERRORS = {404: NOT_FOUND}
WRITE_ERRORS = {400: BAD_REQUEST, 401: UNAUTHENTICATED, 403: FORBIDDEN, 404: NOT_FOUND}


class CompetitionApi(APIView):
    """Reads for anyone, writes for a login; the services refuse with Django's ValidationError."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, DjangoValidationError):
            set_rollback()  # the services roll back already; this also covers ATOMIC_REQUESTS
            return Response(error_body("refused", exc.messages), status=status.HTTP_400_BAD_REQUEST)
        return super().handle_exception(exc)


def season_or_404(slug: str, number: int) -> Season:
    """The league's season by number, with its league and winner (404 for an unknown one)."""
    return sel.season_or_404(league_or_404(slug), number)


def team_ref(team: Any) -> dict[str, Any] | None:
    return None if team is None else {"id": team.pk, "name": team.name}


class TeamRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()

    class Meta:
        ref_name = "SeasonTeamRef"


class SeasonSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The season's number in its league (its id in the URLs).")
    name = serializers.CharField()
    status = serializers.CharField(help_text="draft, registration, regular, playoffs or closed.")
    status_label = serializers.CharField(help_text="The status in the request's language.")
    winner = TeamRefSerializer(allow_null=True)
    url = serializers.CharField(help_text="The season's page.")

    class Meta:
        ref_name = "SeasonSummary"


class EntrySerializer(serializers.Serializer):
    entry = serializers.IntegerField(help_text="The entry's id.")
    team = TeamRefSerializer()
    coach = serializers.CharField()
    status = serializers.CharField(help_text="pending, approved, refused or withdrawn.")
    status_label = serializers.CharField()

    class Meta:
        ref_name = "SeasonEntry"


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField(help_text="The round's name, as the pages word it.")
    phase = serializers.CharField(help_text="regular, swiss or playoff.")
    starts_on = serializers.DateField(allow_null=True)
    deadline = serializers.DateField(allow_null=True)
    fixtures = serializers.IntegerField(help_text="Matches in the round.")
    byes = serializers.IntegerField()

    class Meta:
        ref_name = "SeasonRound"


class SeasonSerializer(SeasonSummarySerializer):
    next_statuses = serializers.ListField(
        child=serializers.CharField(), help_text="The statuses the commissioner may move the season to now."
    )
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    teams = EntrySerializer(many=True, help_text="Every entry (approved, waiting, refused, withdrawn), by team name.")
    rounds = RoundSerializer(many=True)

    class Meta:
        ref_name = "Season"


def summary_data(season: Season) -> dict[str, Any]:
    return {
        "number": season.number,
        "name": season.name,
        "status": season.status,
        "status_label": season.get_status_display(),
        "winner": team_ref(season.winner),
        "url": season.get_absolute_url(),
    }


def season_data(season: Season) -> dict[str, Any]:
    entries = sel.season_entries(season)
    return {
        **summary_data(season),
        "next_statuses": list(services.TRANSITIONS[season.status]),
        "created_at": season.created_at,
        "started_at": season.started_at,
        "closed_at": season.closed_at,
        "teams": [
            {
                "entry": e.pk,
                "team": team_ref(e.team),
                "coach": e.team.coach.username,
                "status": e.status,
                "status_label": e.get_status_display(),
            }
            for e in entries
        ],
        "rounds": [
            {
                "number": r.number,
                "name": round_label(r),
                "phase": r.phase,
                "starts_on": r.starts_on,
                "deadline": r.deadline,
                "fixtures": r.fixtures,  # type: ignore[attr-defined]  # annotated by the selector
                "byes": r.bye_count,  # type: ignore[attr-defined]
            }
            for r in sel.season_rounds(season)
        ],
    }


def season_response(slug: str, number: int, code: int = status.HTTP_200_OK) -> Response:
    """The season as it is now in the database (the services changed it behind our instance)."""
    return Response(SeasonSerializer(season_data(season_or_404(slug, number))).data, status=code)


class SeasonsApi(CompetitionApi):
    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=100)
        carry_over = serializers.BooleanField(
            default=False,
            help_text="Register again every team of the previous season that is still ready (as the page's box).",
        )

        class Meta:
            ref_name = "SeasonCreateInput"

    @extend_schema(operation_id="seasons_list", responses={200: SeasonSummarySerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, slug: str) -> Response:
        seasons = sel.league_seasons(league_or_404(slug))
        return Response(SeasonSummarySerializer([summary_data(s) for s in seasons], many=True).data)

    @extend_schema(
        operation_id="seasons_create",
        request=InputSerializer,
        responses={201: SeasonSerializer, **WRITE_ERRORS},
        description="The league's next season, in draft (commissioner).",
    )
    def post(self, request: Request, slug: str) -> Response:
        league = league_or_404(slug)
        services.require_commissioner(signed_in(request.user), league)  # 403 before reading the body
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        season = services.season_create(league=league, by=signed_in(request.user), **serializer.validated_data)
        return season_response(slug, season.number, status.HTTP_201_CREATED)


class SeasonApi(CompetitionApi):
    @extend_schema(operation_id="seasons_retrieve", responses={200: SeasonSerializer, **READ_ERRORS})
    def get(self, request: Request, slug: str, number: int) -> Response:
        return season_response(slug, number)


class SeasonAdvanceApi(CompetitionApi):
    class InputSerializer(serializers.Serializer):
        to = serializers.ChoiceField(choices=Season.Status.choices, help_text="The next status (see next_statuses).")

        class Meta:
            ref_name = "SeasonAdvanceInput"

    @extend_schema(
        operation_id="seasons_advance",
        request=InputSerializer,
        responses={200: SeasonSerializer, **WRITE_ERRORS},
        description="Move the season to its next status (commissioner): registration, regular, playoffs or "
        "closed. Starting the regular season keeps the points scheme in force and refuses the requests "
        "still waiting; closing it after the regular season names its sole leader the winner.",
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        season = season_or_404(slug, number)
        services.require_commissioner(signed_in(request.user), season.league)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.season_advance(season=season, to=serializer.validated_data["to"], by=signed_in(request.user))
        return season_response(slug, number)


class SeasonTeamsApi(CompetitionApi):
    class InputSerializer(serializers.Serializer):
        teams = serializers.ListField(
            child=serializers.IntegerField(), min_length=1, help_text="Ids of ready teams of the league."
        )

        class Meta:
            ref_name = "SeasonTeamsInput"

        def validate_teams(self, value: list[int]) -> list[Any]:
            teams = sel.league_teams(self.context["league"], set(value))
            if len(teams) != len(set(value)):
                raise serializers.ValidationError(_("No such team in this league."))
            return teams

    @extend_schema(
        operation_id="seasons_teams_add",
        request=InputSerializer,
        responses={200: SeasonSerializer, **WRITE_ERRORS},
        description="Register teams in the season, approved (commissioner): all of them or none, every refusal listed.",
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        season = season_or_404(slug, number)
        services.require_commissioner(signed_in(request.user), season.league)
        serializer = self.InputSerializer(data=request.data, context={"league": season.league})
        serializer.is_valid(raise_exception=True)
        services.entries_add(season=season, teams=serializer.validated_data["teams"], by=signed_in(request.user))
        return season_response(slug, number)


class SeasonTeamApi(CompetitionApi):
    @extend_schema(
        operation_id="seasons_teams_withdraw",
        request=None,
        responses={200: SeasonSerializer, **WRITE_ERRORS},
        description="Withdraw a team before the regular season starts (its coach or the commissioner).",
    )
    def delete(self, request: Request, slug: str, number: int, team_id: int) -> Response:
        season = season_or_404(slug, number)
        entry = sel.season_entry_of_team_or_404(season, team_id)
        services.entry_withdraw(entry=entry, by=signed_in(request.user))
        return season_response(slug, number)
