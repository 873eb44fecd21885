"""The match flow through the JSON API, the match pages' counterpart: read a match (where it stands
and what the caller may do next), the pre-match (petty cash, inducements, the record), the result
(a draft, submitted, withdrawn, sent back, confirmed) and the coach's decisions after it.

Each endpoint checks what its page checks (one of the two coaches or a commissioner, then the
page's own test) and calls the page's service, which checks rights and rules again; a refusal is
the API's one error shape (league.infra.api_errors). Every write answers the match as GET shows it.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.core.permissions import signed_in
from league.infra.api_errors import error_response
from league.infra.api_parsing import JSONParser
from matches.api.flow_input import body_of, inducement_order, prematch_record_input, sheet_report
from matches.api.flow_read import is_participant, match_data
from matches.api.views import REPORT_OUTLINE
from matches.models import Match
from matches.selectors.common import match_or_404
from matches.services import (
    may_review,
    petty_cash_declare,
    prematch_record,
    report_confirm,
    report_save,
    report_send_back,
    report_submit,
    report_withdraw,
)
from matches.services.inducements import SIDES, inducements_choose
from matches.services.prematch import may_declare
from teams.api.base import LOCKED_OUT


class MatchFlowSerializer(serializers.Serializer):
    """Documents match_data()."""

    id = serializers.IntegerField()
    url = serializers.CharField(help_text="The match page.")
    league = serializers.CharField(help_text="The league's slug.")
    status = serializers.CharField(help_text="scheduled, prematch_done, draft, submitted, confirmed, processing, ...")
    home = serializers.JSONField(help_text="{team, name, coach}")
    away = serializers.JSONField(help_text="{team, name, coach}")
    played_on = serializers.DateField(allow_null=True)
    locked = serializers.BooleanField(help_text="Closed by its season's play-offs: nothing can be played.")
    prematch = serializers.JSONField(
        allow_null=True,
        help_text="Scheduled, to a coach or commissioner: {awaiting: petty_cash|inducements|record, side}.",
    )
    weather = serializers.CharField()
    result = serializers.JSONField(
        allow_null=True, help_text="The result as saved: {result, played_on, lines, casualties, dice, decisions}."
    )
    sent_back_reason = serializers.CharField()
    failure_reason = serializers.CharField()
    decisions = serializers.JSONField(
        help_text="A processed match's pending coach decisions: [{kind, id, team, may_choose, options: [{key, label}], url}]."
    )
    next = serializers.JSONField(
        help_text="What the caller may do now, as the match page offers it: [{action, url, side?}], action one of "
        "petty_cash, inducements, prematch, save_draft, submit, confirm, send_back, withdraw, decide."
    )

    class Meta:
        ref_name = "MatchFlow"


class PettyCashSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES)
    amount = serializers.IntegerField(min_value=0, help_text="Gold moved from the treasury into petty cash.")


class InducementsSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES)
    inducements = serializers.JSONField(
        help_text="As a match report's side: {items: {key: count}, stars: [key], mercenaries: [{position, extra_skill?}]}."
    )


class SendBackSerializer(serializers.Serializer):
    reason = serializers.CharField(help_text="What is wrong: the coaches read it before correcting the result.")


SHEET = {
    "type": "object",
    "description": "The result sheet: a match report's post-match half (docs/match-report.md), players by id "
    "({id, ...}) or roster number: result (required), players, casualties, dice, decisions (MVP picks, winnings "
    "re-roll...), records, cards_played, played_on.",
    "required": ["result"],
    "properties": {
        name: REPORT_OUTLINE["properties"][name]
        for name in ("result", "players", "casualties", "dice", "decisions", "records", "cards_played", "played_on")
    },
}
PREMATCH = {
    "type": "object",
    "description": 'The pre-match record: each table roll\'s 2D6 by step name ({"weather": [3, 4]}; left out, the '
    "server rolls) and each choice step's {option, side}. Petty cash and inducements are declared before, in turn.",
}
ANSWER = OpenApiResponse(MatchFlowSerializer, description="The match, as GET shows it.")
ERRORS = {
    400: error_response("Refused (code refused), malformed input (invalid) or an unreadable body (parse_error)."),
    401: error_response("Not logged in, or a wrong password or token."),
    403: error_response("Not one of the two coaches nor a commissioner, or not the one who may do this."),
    404: error_response("No such match."),
    429: LOCKED_OUT,
}


def participant_match(request: Request, pk: int) -> Match:
    match = match_or_404(pk)
    if not is_participant(request.user, match):
        raise PermissionDenied(_("Only the two coaches and the commissioner may do this."))
    return match


def answer(request: Request, match: Match) -> Response:
    """The match read again: the services wrote it, the post-match sequence may have run on commit."""
    return Response(match_data(match_or_404(match.pk), request.user))


def _write(summary: str, request: Any = None, description: str = "") -> Any:
    return extend_schema(summary=summary, description=description, request=request, responses={200: ANSWER, **ERRORS})


class FlowApi(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]


class MatchApi(APIView):
    @extend_schema(
        operation_id="matches_read",
        summary="A match: its status, teams, result and what the caller may do next",
        responses={200: ANSWER, 404: error_response("No such match.")},
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(match_data(match_or_404(pk), request.user))


class PettyCashApi(FlowApi):
    @_write("Declare a side's petty cash, in turn (its coach, or the commissioner)", PettyCashSerializer)
    def post(self, request: Request, pk: int) -> Response:
        match = participant_match(request, pk)
        given = PettyCashSerializer(data=body_of(request.data))
        given.is_valid(raise_exception=True)
        side, amount = given.validated_data["side"], given.validated_data["amount"]
        petty_cash_declare(match=match, side=side, amount=amount, by=signed_in(request.user))
        return answer(request, match)


class InducementsApi(FlowApi):
    @_write("Choose a side's inducements, in turn (its coach, or the commissioner)", InducementsSerializer)
    def post(self, request: Request, pk: int) -> Response:
        match = participant_match(request, pk)
        given = InducementsSerializer(data=body_of(request.data))
        given.is_valid(raise_exception=True)
        side = given.validated_data["side"]
        if not may_declare(match, side, request.user):
            raise PermissionDenied(
                _("Only the coach of %(team)s or the commissioner chooses its inducements.")
                % {"team": match.team(side).name}
            )
        order = inducement_order(given.validated_data)
        inducements_choose(match=match, side=side, order=order, by=signed_in(request.user))
        return answer(request, match)


class PrematchApi(FlowApi):
    @_write("Record the pre-match (the weather and the ruleset's other steps)", {"application/json": PREMATCH})
    def post(self, request: Request, pk: int) -> Response:
        match = participant_match(request, pk)
        data = prematch_record_input(body_of(request.data))
        prematch_record(match=match, data=data, by=signed_in(request.user))
        return answer(request, match)


class ResultApi(FlowApi):
    @_write(
        "Save the result sheet as a draft (a commissioner: correct a submitted result)",
        {"application/json": SHEET},
        'Replaces the saved draft whole, as the result page does. Players are named by id ({"id": 12}) or roster '
        "number; dice and decision keys as in a match report (mvp:home:1, improvement:p12:1...).",
    )
    def post(self, request: Request, pk: int) -> Response:
        match = participant_match(request, pk)
        report = sheet_report(match, body_of(request.data))
        report_save(match=match, report=report, by=signed_in(request.user))
        return answer(request, match)


class SubmitApi(FlowApi):
    @_write("Submit the draft: the opposing coach or the commissioner then confirms it")
    def post(self, request: Request, pk: int) -> Response:
        match = participant_match(request, pk)
        report_submit(match=match, by=signed_in(request.user))
        return answer(request, match)


class WithdrawApi(FlowApi):
    @_write("Withdraw a submitted result (whoever submitted it): a draft again")
    def post(self, request: Request, pk: int) -> Response:
        match = participant_match(request, pk)
        report_withdraw(match=match, by=signed_in(request.user))
        return answer(request, match)


class SendBackApi(FlowApi):
    @_write("Send a submitted result back to draft, with the reason", SendBackSerializer)
    def post(self, request: Request, pk: int) -> Response:
        match = participant_match(request, pk)
        given = SendBackSerializer(data=body_of(request.data))
        given.is_valid(raise_exception=True)
        report_send_back(match=match, by=signed_in(request.user), reason=given.validated_data["reason"])
        return answer(request, match)


class ConfirmApi(FlowApi):
    @_write(
        "Confirm a submitted result (the opposing coach or the commissioner): the post-match sequence runs",
        description="Answers once the sequence is queued; its status then moves to processing and processed "
        "(GET the match to follow).",
    )
    def post(self, request: Request, pk: int) -> Response:
        match = match_or_404(pk)
        if not is_participant(request.user, match) or (
            match.status == Match.Status.SUBMITTED and not may_review(request.user, match)
        ):
            raise PermissionDenied(_("The result must be confirmed by the opposing coach or the commissioner."))
        report_confirm(match=match, by=signed_in(request.user))
        return answer(request, match)
