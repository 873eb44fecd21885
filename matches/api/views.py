"""The matches part of the JSON API: importing a match report (POST /api/matches/import/).

The endpoint decodes the body itself (rather than through DRF's parser) so that malformed JSON is
worded like the page's and the command's refusals; matches.importing does all the checking.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from django.conf import settings
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.core.permissions import signed_in
from league.infra.api_errors import error_response
from league.infra.api_parsing import JSONParser
from league.infra.inputs import InputError
from matches.importing import import_match, parse_report
from matches.services import MatchError
from teams.api.base import LOCKED_OUT


@cache
def _example(name: str) -> dict[str, Any]:
    example: dict[str, Any] = json.loads((settings.BASE_DIR / "docs" / "examples" / name).read_text(encoding="utf-8"))
    return example


class ImportedSerializer(serializers.Serializer):
    match = serializers.IntegerField(help_text="The match's id.")
    url = serializers.CharField(help_text="The match page.")
    status = serializers.CharField(help_text="submitted (a coach's import) or confirmed/processing/processed.")
    import_key = serializers.CharField(help_text="<league slug>:<report_id>")
    created = serializers.BooleanField(help_text="False: this report had been imported already.")

    class Meta:
        ref_name = "MatchImported"


def _object(description: str, **properties: Any) -> dict[str, Any]:
    return {"type": "object", "description": description, **({"properties": properties} if properties else {})}


# OpenAPI 3.0 cannot hold the draft 2020-12 schema as it is; this outline documents the top level
# and points to the full schema, which the endpoint enforces.
REPORT_OUTLINE: dict[str, Any] = {
    "type": "object",
    "description": "A match report: see docs/match-report.md; the full JSON Schema (draft 2020-12) is "
    "docs/match-report.schema.json. Every violation is reported at once.",
    "required": ["format_version", "report_id", "league", "ruleset", "home", "away", "result"],
    "properties": {
        "format_version": {"type": "integer", "enum": [1]},
        "report_id": {"type": "string", "description": "Unique in the league: the same id imports once."},
        "league": {"type": "string", "description": "The league's slug."},
        "ruleset": {"type": "string", "description": "Must be the league's ruleset key."},
        "home": {"oneOf": [{"type": "integer"}, {"type": "string"}], "description": "Team id or exact name."},
        "away": {"oneOf": [{"type": "integer"}, {"type": "string"}], "description": "Team id or exact name."},
        "played_on": {"type": "string", "format": "date"},
        "distinct_match": {
            "type": "boolean",
            "description": "true: another match than an already recorded one with the same content (otherwise refused).",
        },
        "prematch": _object(
            "Weather 2D6 (optional), a choice step's option and side ({option, side}) and, per side, petty cash, "
            "inducements and the special play cards bought, as drawn at the table (cards: [{deck, card}], where "
            "the league sells cards from a budget of their own)."
        ),
        "result": _object(
            "Scores, FAME, gate, concession. Every touchdown is credited to its scorer in `players`, or counted "
            "in <side>_uncredited_touchdowns when no roster player scored it (a star player, a mercenary, "
            "an awarded touchdown): otherwise the report is refused.",
            home_score={"type": "integer", "minimum": 0},
            away_score={"type": "integer", "minimum": 0},
            home_fame={"type": "integer"},
            away_fame={"type": "integer"},
            home_uncredited_touchdowns={"type": "integer", "minimum": 0},
            away_uncredited_touchdowns={"type": "integer", "minimum": 0},
            home_apothecary_ko={"type": "integer", "minimum": 0},
            away_apothecary_ko={"type": "integer", "minimum": 0},
            gate={"type": "integer"},
            conceded_by={"type": "string", "enum": ["home", "away"], "nullable": True},
            concession_justified={"type": "boolean"},
            shootout_winner={
                "type": "string",
                "enum": ["home", "away"],
                "nullable": True,
                "description": "A tied match of a ruleset without draws: the shoot-out's winner (an import makes "
                "a league match: refused where draws stand).",
            },
            overtime={"type": "boolean", "description": "Went to sudden-death overtime (a ruleset without draws)."},
            shootout_dice={
                "type": "array",
                "items": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
                "description": "The shoot-out's D6 pairs [home, away] in order; the last names the winner.",
            },
        ),
        "records": {
            "type": "array",
            "items": {"type": "object"},
            "description": "The match-sheet records the ruleset declares: {record, side?, number or id?, dice?, "
            "count?, note?, kickoff?} (docs/match-report.md).",
        },
        "cards_played": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["side", "card"],
                "properties": {
                    "side": {"type": "string", "enum": ["home", "away"]},
                    "card": {"type": "string", "description": "The card's key in the ruleset."},
                    "players": {
                        "type": "array",
                        "items": {"type": "object", "description": "{side, number} or {side, id}."},
                    },
                },
            },
            "description": "The special play cards played: the side, the card (one the side bought for this "
            "match) and the players it touched; a card with a lasting effect (its data's `lasting`) names exactly one "
            "player of the right team. Left out: those marked on the match page are kept.",
        },
        "players": _object(
            "Per side, lines by roster number or id: completions, touchdowns, interceptions, casualties (blocks)."
        ),
        "casualties": _object("Per side, casualties suffered: number or id, d6, d8, decay, apothecary, regeneration."),
        "dice": {
            "type": "object",
            "additionalProperties": {"type": "array", "items": {"type": "integer"}},
            "description": "Post-match dice by key (mvp:home:1, winnings:away, ff:home, improvement:home#7:1…).",
        },
        "decisions": {
            "type": "object",
            "additionalProperties": {"oneOf": [{"type": "string"}, {"type": "boolean"}, {"type": "integer"}]},
            "description": "Winnings re-roll, MVP picks, improvement choices, journeymen hired, card gold (card_gold:<side>).",
        },
    },
}
ERRORS = error_response(
    "Refused (code refused): every reason, in the request's language (schema errors start with their JSON path); "
    "or an unreadable body (code parse_error)."
)


class MatchImportApi(APIView):
    # The API's authentication (Basic first: an anonymous request gets 401 with a challenge, a
    # logged-in stranger 403); refusals become the API's error shape in its exception handler.
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]  # what the body is; it is decoded in post() all the same

    @extend_schema(
        operation_id="matches_import",
        summary="Import a match report",
        description="A commissioner's import is confirmed and its post-match sequence queued; a coach's import is "
        "left submitted for the opposing coach to confirm. Importing the same report_id again returns "
        "the match already made (200) and writes nothing; a report with another id but the content of an already "
        "recorded match is refused (400, naming that match) unless it says distinct_match: true.",
        request={"application/json": REPORT_OUTLINE},
        examples=[
            OpenApiExample("Plain match", value=_example("plain-match.json"), request_only=True),
            OpenApiExample("Conceded match", value=_example("conceded-match.json"), request_only=True),
        ],
        responses={
            201: OpenApiResponse(ImportedSerializer, description="Imported: the match was made."),
            200: OpenApiResponse(ImportedSerializer, description="Already imported: nothing was written."),
            400: ERRORS,
            401: error_response("Not logged in, or a wrong password."),
            403: error_response("Not a coach of either team nor a commissioner."),
            429: LOCKED_OUT,
        },
    )
    def post(self, request: Request) -> Response:
        try:
            report = parse_report(request.body)
        except MatchError as exc:
            raise InputError(exc.messages) from None  # 400, code parse_error
        result = import_match(report, by=signed_in(request.user))  # MatchError: 400, code refused
        match = result.match
        match.refresh_from_db(fields=["status"])  # the post-match sequence may have run on commit already
        data = {
            "match": match.pk,
            "url": match.get_absolute_url(),
            "status": match.status,
            "import_key": match.import_key,
            "created": result.created,
        }
        code = status.HTTP_201_CREATED if result.created else status.HTTP_200_OK
        return Response(ImportedSerializer(data).data, status=code)
