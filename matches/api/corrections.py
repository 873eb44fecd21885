"""Corrections through the JSON API, the pages' counterpart (matches.services.corrections): draft a
correction or a void of a processed match (its preview computed at once), read it, confirm it (a
worker replays the history) or discard it.

A draft's `inputs` are merged onto the match's stored ones (as `GET` of a draft shows them under
`before`): `result` entries replace the stored ones by name; `lines`, `casualties`, `dice` and
`decisions`, when given, replace the stored list or table whole; `played_on` moves the day played.
The result's lists are entries of `result` too: `records` and `cards_played` (the special play cards
played, `{side, card, players: [player ids]}`), each replacing the stored list whole.

The merged inputs are checked as the correction page checks its sheet, by the same form
(matches.api.correction_input): a value of the wrong type, past the sheet's bounds or outside the
app's range of dates is a 400 naming its place in the body, in the request's language; nothing is
drafted.
"""

from __future__ import annotations

import logging
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.core.permissions import signed_in
from league.infra.api_errors import error_response
from league.infra.api_parsing import JSONParser
from league.infra.inputs import InputError
from matches.api.correction_input import shape_problems, sheet_problems, void_reason_problems
from matches.models import Match, MatchCorrection
from matches.selectors.common import match_or_404
from matches.selectors.corrections import correction_or_404
from matches.services.corrections import (
    check_corrector,
    correction_confirm,
    correction_discard,
    correction_draft,
    correction_preview,
    inputs_of,
)
from teams.api.base import LOCKED_OUT

log = logging.getLogger(__name__)
MERGED = ("lines", "casualties", "dice", "decisions")
BRACKET_ANSWERS = ("keep_bracket", "redraw_bracket")


class CorrectionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    match = serializers.IntegerField(source="match_id")
    kind = serializers.CharField()
    status = serializers.CharField()
    reason = serializers.CharField()
    inputs = serializers.JSONField()
    before = serializers.JSONField()
    preview = serializers.JSONField(allow_null=True, help_text="What the replay would move (a draft).")
    moved = serializers.JSONField(allow_null=True, help_text="What it moved (applied).")
    failure_reason = serializers.CharField()
    url = serializers.SerializerMethodField()

    def get_url(self, correction: MatchCorrection) -> str:
        return reverse("matches:correction", args=[correction.pk])


def _body(request: Request) -> dict[str, Any]:
    data = request.data
    if not isinstance(data, dict):
        raise InputError([_("The body must be a JSON object.")])
    return data


def merged_inputs(match: Match, given: Any) -> dict[str, Any]:
    """The stored inputs with the given ones put over them; a wrong shape is refused, naming it."""
    inputs = inputs_of(match)
    if given is None:
        return inputs
    if not isinstance(given, dict):
        raise InputError([_("inputs: a JSON object is expected.")])
    unknown = sorted(set(given) - {"result", "played_on", *MERGED})
    if unknown:
        raise InputError([_("inputs: unknown entries %(names)s.") % {"names": ", ".join(unknown)}])
    result = given.get("result", {})
    if not isinstance(result, dict) or set(result) - set(inputs["result"]):
        raise InputError([_("inputs.result: only the result's own values may be given.")])
    inputs["result"].update(result)
    for name in MERGED:
        if name in given:
            expected = list if name in ("lines", "casualties") else dict
            if not isinstance(given[name], expected):
                raise InputError([_("inputs.%(name)s: the wrong kind of value.") % {"name": name}])
            inputs[name] = given[name]
    if "played_on" in given:
        inputs["played_on"] = given["played_on"]
    shape_problems(inputs)  # each value's type, then the page's own sheet checks them (sheet_problems)
    return inputs


def _reason(data: dict[str, Any]) -> str:
    reason = data.get("reason", "")
    if not isinstance(reason, str):
        raise InputError([_("reason: a text is expected.")])
    return reason


ERRORS = error_response("Refused: every reason, in the request's language.")


class MatchCorrectionsApi(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="matches_correction_create",
        summary="Draft a correction or a void of a processed match, with its preview",
        description="Body: {reason, void?, inputs?}. `inputs` is put over the match's stored inputs (shown under "
        "`before`): `result` entries by name (scores, FAME, ..., `records`, `cards_played` as "
        "[{side, card, players: [player ids]}]), `lines`, `casualties`, `dice`, `decisions` and `played_on`. "
        "Checked as the correction page checks its sheet: a wrong type or a value past its bounds is a 400 "
        "naming its place in the body (`inputs.lines[3].touchdowns: ...`).",
        request={"application/json": {"type": "object"}},
        responses={201: CorrectionSerializer, 400: ERRORS, 403: error_response("Not allowed."), 429: LOCKED_OUT},
    )
    def post(self, request: Request, pk: int) -> Response:
        match = match_or_404(pk)
        data = _body(request)
        void = data.get("void", False)
        if not isinstance(void, bool):
            raise InputError([_("void: true or false.")])
        by = signed_in(request.user)
        check_corrector(by, match)  # 403 before any input is read, as the pages
        reason = _reason(data)
        if void:
            void_reason_problems(reason)
            inputs = None
        else:
            inputs = merged_inputs(match, data.get("inputs"))
            sheet_problems(match, inputs, reason)
        try:
            correction = correction_draft(match=match, by=by, reason=reason, inputs=inputs, void=void)
        except (TypeError, ValueError, KeyError):
            # Checked above as the page checks it: one that still slips through is a bug, logged,
            # and never shown as Python's words.
            log.exception("correction input of match %s not caught by its checks", match.pk)
            raise InputError([_("inputs: a value has the wrong type or shape.")]) from None
        correction_preview(correction)
        return Response(CorrectionSerializer(correction).data, status=status.HTTP_201_CREATED)


def _correction(request: Request, cid: int) -> MatchCorrection:
    correction = correction_or_404(cid)
    check_corrector(signed_in(request.user), correction.match)  # 403, as the pages
    return correction


class CorrectionApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="matches_correction_read", summary="A correction", responses={200: CorrectionSerializer}
    )
    def get(self, request: Request, cid: int) -> Response:
        return Response(CorrectionSerializer(_correction(request, cid)).data)


class CorrectionConfirmApi(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="matches_correction_confirm",
        summary="Confirm a correction: a worker replays the history (keep_bracket: a played bracket stays as "
        "drawn; redraw_bracket: an unplayed one is drawn again with the corrected seeding)",
        request={"application/json": {"type": "object"}},
        responses={
            202: OpenApiResponse(CorrectionSerializer, description="Queued: a worker applies it (GET it to follow)."),
            200: OpenApiResponse(CorrectionSerializer, description="Already applied or failed."),
            400: ERRORS,
            403: error_response("Not allowed."),
        },
    )
    def post(self, request: Request, cid: int) -> Response:
        correction = _correction(request, cid)
        acknowledged = _body(request).get("acknowledged", False) if request.body else False
        if not isinstance(acknowledged, bool):
            raise InputError([_("acknowledged: true or false.")])
        # A drawn bracket the corrected table seeds otherwise (matches.services.correction_brackets):
        # keep_bracket (the older acknowledged) leaves a played one as it stands; redraw_bracket draws
        # again one none of whose matches is under way.
        bracket = {name: _body(request).get(name, False) if request.body else False for name in BRACKET_ANSWERS}
        for name, value in bracket.items():
            if not isinstance(value, bool):
                raise InputError([_("%(name)s: true or false.") % {"name": name}])
        correction_confirm(
            correction=correction,
            by=signed_in(request.user),
            acknowledged=acknowledged or bracket["keep_bracket"],
            redraw=bracket["redraw_bracket"],
        )
        correction.refresh_from_db()
        done = correction.status in (MatchCorrection.Status.APPLIED, MatchCorrection.Status.FAILED)
        code = status.HTTP_200_OK if done else status.HTTP_202_ACCEPTED  # queued: a worker applies it
        return Response(CorrectionSerializer(correction).data, status=code)


class CorrectionDiscardApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="matches_correction_discard",
        summary="Discard a draft correction: nothing changes",
        request=None,
        responses={200: CorrectionSerializer},
    )
    def post(self, request: Request, cid: int) -> Response:
        correction = _correction(request, cid)
        correction_discard(correction=correction, by=signed_in(request.user))
        correction.refresh_from_db()
        return Response(CorrectionSerializer(correction).data)
