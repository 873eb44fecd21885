"""Fixture endpoints of the JSON API (/api/leagues/<slug>/seasons/<number>/fixtures/): a season's
rounds with their matches and byes (anyone, as the season's page shows them), and the round robin
the commissioner generates with the fixtures page's options (league/competitions/seasons/fixtures.py
writes and refuses)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from league.competitions.seasons import selectors as sel
from league.competitions.seasons.api import (
    READ_ERRORS,
    WRITE_ERRORS,
    CompetitionApi,
    TeamRefSerializer,
    season_or_404,
    team_ref,
)
from league.competitions.seasons.fixtures import MAX_ROUND, PLAYED, fixtures_generate
from league.competitions.seasons.models import Season
from league.competitions.seasons.round_labels import round_label
from league.competitions.seasons.services import require_commissioner
from league.core.permissions import signed_in


class FixtureSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The match's id.")
    home = TeamRefSerializer()
    away = TeamRefSerializer()
    status = serializers.CharField(help_text="scheduled, prematch_done, draft, submitted, confirmed, processed...")
    status_label = serializers.CharField(help_text="The status in the request's language.")
    stage = serializers.CharField(help_text="Empty for a league match; playoff, semi_final, final, third_place.")
    home_score = serializers.IntegerField(allow_null=True)
    away_score = serializers.IntegerField(allow_null=True)
    played_on = serializers.DateField(allow_null=True)
    url = serializers.CharField(help_text="The match's page.")

    class Meta:
        ref_name = "SeasonFixture"


class FixtureRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    phase = serializers.CharField(help_text="regular, swiss or playoff.")
    starts_on = serializers.DateField(allow_null=True)
    deadline = serializers.DateField(allow_null=True)
    matches = FixtureSerializer(many=True)
    byes = TeamRefSerializer(many=True, help_text="The teams that do not play this round.")

    class Meta:
        ref_name = "SeasonFixtureRound"


class FixturesSerializer(serializers.Serializer):
    season = serializers.IntegerField(help_text="The season's number.")
    rounds = FixtureRoundSerializer(many=True)
    arranged = FixtureSerializer(
        many=True, help_text="Matches the coaches arranged outside the rounds (empty when one round is asked for)."
    )

    class Meta:
        ref_name = "SeasonFixtures"


def fixture_data(match: Any) -> dict[str, Any]:
    played = match.status in PLAYED
    return {
        "id": match.pk,
        "home": team_ref(match.home),
        "away": team_ref(match.away),
        "status": match.status,
        "status_label": match.status_label,
        "stage": match.stage,
        "home_score": match.home_score if played else None,
        "away_score": match.away_score if played else None,
        "played_on": match.played_on,
        "url": match.get_absolute_url(),
    }


def fixtures_data(season: Season, round_number: int | None) -> dict[str, Any]:
    rounds = sel.season_round_views(season, round_number)
    return {
        "season": season.number,
        "rounds": [
            {
                "number": view.round.number,
                "name": round_label(view.round),
                "phase": view.round.phase,
                "starts_on": view.round.starts_on,
                "deadline": view.round.deadline,
                "matches": [fixture_data(m) for m in view.matches],
                "byes": [team_ref(bye.team) for bye in view.byes],
            }
            for view in rounds
        ],
        "arranged": [] if round_number else [fixture_data(m) for m in sel.season_unrounded_matches(season)],
    }


class FixturesApi(CompetitionApi):
    class FilterSerializer(serializers.Serializer):
        round = serializers.IntegerField(
            required=False, min_value=1, max_value=MAX_ROUND, help_text="Only this round's fixtures."
        )

        class Meta:
            ref_name = "SeasonFixturesFilter"

    class InputSerializer(serializers.Serializer):
        legs = serializers.ChoiceField(
            choices=[(1, "single"), (2, "double")],
            default=1,
            help_text="1: each pair meets once; 2: home and away.",
        )
        first_date = serializers.DateField(required=False, allow_null=True, help_text="The first round's first day.")
        days_between = serializers.IntegerField(
            required=False, allow_null=True, min_value=1, max_value=365, help_text="Days between rounds (7 if empty)."
        )
        confirmed = serializers.BooleanField(
            default=False,
            help_text="Generate while registration is still open (the page's confirmation): a team entered later "
            "gets no fixture.",
        )

        class Meta:
            ref_name = "FixturesGenerateInput"

    @extend_schema(
        operation_id="seasons_fixtures_list",
        parameters=[FilterSerializer],
        responses={200: FixturesSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        season = season_or_404(slug, number)
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        data = fixtures_data(season, filters.validated_data.get("round"))
        return Response(FixturesSerializer(data).data)

    @extend_schema(
        operation_id="seasons_fixtures_generate",
        request=InputSerializer,
        responses={201: FixturesSerializer, **WRITE_ERRORS},
        description="A single or double round robin over the approved teams (commissioner), published at once: "
        "one round per round of play, its matches and, with an odd number of teams, its bye. Refused when the "
        "season already has league fixtures, or while registration is open unless confirmed.",
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        season = season_or_404(slug, number)
        require_commissioner(signed_in(request.user), season.league)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        fixtures_generate(
            season=season,
            by=signed_in(request.user),
            legs=int(data["legs"]),
            first_date=data.get("first_date"),
            days_between=data.get("days_between"),
            early=data["confirmed"] and season.status == Season.Status.REGISTRATION,
        )
        return Response(FixturesSerializer(fixtures_data(season, None)).data, status=status.HTTP_201_CREATED)
