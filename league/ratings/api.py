"""GET /api/leagues/<slug>/ratings/: the league's ELO ratings of its coaches and teams, as its
ratings page shows them (league.ratings.selectors). Ratings are given in tenths of a point (whole
numbers, as stored) and as the page writes them ("1519.7")."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.core.selectors import league_or_404
from league.infra.api_errors import error_response
from league.ratings.selectors import Rated, coach_table, start_rating, team_table


class RatedSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="Shared by equal ratings (1, 2, 2, 4).")
    id = serializers.IntegerField(help_text="The coach's user id or the team's id.")
    name = serializers.CharField()
    rating = serializers.IntegerField(help_text="In tenths of a point: 15197 is 1519.7.")
    rating_text = serializers.CharField(help_text='As the page shows it: "1519.7".')
    matches = serializers.IntegerField(help_text="Rated matches played.")

    class Meta:
        ref_name = "Rated"


class RatingsSerializer(serializers.Serializer):
    league = serializers.CharField(help_text="The league's slug.")
    start = serializers.IntegerField(help_text="The starting rating, in tenths of a point.")
    k = serializers.IntegerField(help_text="The K factor, in whole points.")
    coaches = RatedSerializer(many=True)
    teams = RatedSerializer(many=True)

    class Meta:
        ref_name = "LeagueRatings"


def _rows(rows: list[Rated]) -> list[dict[str, Any]]:
    return [
        {
            "position": r.position,
            "id": r.subject,
            "name": r.name,
            "rating": r.rating,
            "rating_text": r.points,
            "matches": r.games,
        }
        for r in rows
    ]


class LeagueRatingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: RatingsSerializer, 404: error_response("No such league.")},
        summary="The league's ELO ratings of its coaches and teams",
    )
    def get(self, request: Request, slug: str) -> Response:
        league = league_or_404(slug)
        return Response(
            {
                "league": league.slug,
                "start": start_rating(league),
                "k": league.rating_k,
                "coaches": _rows(coach_table(league)),
                "teams": _rows(team_table(league)),
            }
        )
