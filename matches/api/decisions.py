"""The coach's decisions after a match through the JSON API (the improvement choice first), the
decision page's counterpart (matches/views/decisions.py): the team's manager picks one of the options
the rules open now, through the kind's own service (matches.decisions registry)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.core.permissions import can_manage_team, signed_in
from league.infra.api_errors import error_response
from league.infra.api_parsing import JSONParser
from matches.api.flow import ERRORS
from matches.api.flow_input import body_of
from matches.decisions import DecisionType, decision_type
from matches.services import MatchError


class DecisionSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="improvement, or another kind the ruleset has.")
    id = serializers.IntegerField()
    team = serializers.IntegerField()
    pending = serializers.BooleanField()
    options = serializers.JSONField(help_text="[{key, label, group}]: the options open now (none once decided).")
    detail = serializers.CharField(help_text="Once chosen: what was done, in words.")

    class Meta:
        ref_name = "MatchDecision"


class ChoiceSerializer(serializers.Serializer):
    choice = serializers.CharField(help_text="One of the options' keys.")

    def __init__(self, *args: Any, options: list[dict[str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if options is not None:  # a request: the options open now (the schema documents any key)
            self.fields["choice"] = serializers.ChoiceField(choices=[(o["key"], o["label"]) for o in options])


def _entry(kind: str, pk: int, request: Request) -> tuple[DecisionType, Any, Any]:
    entry = decision_type(kind)
    if entry is None:
        raise Http404(kind)
    item = entry.get(pk)
    team = entry.team(item)
    if not can_manage_team(request.user, team):
        raise PermissionDenied(_("You may not change this team."))
    return entry, item, team


def _options(entry: DecisionType, item: Any) -> list[dict[str, str]]:
    if not entry.pending(item):
        return []
    groups = entry.groups(item, entry.ruleset(item))
    return [
        {"key": key, "label": str(label), "group": str(group)} for group, options in groups for key, label in options
    ]


def _data(entry: DecisionType, item: Any, team: Any, detail: str = "") -> dict[str, Any]:
    options = _options(entry, item)
    pending = entry.pending(item)
    return {
        "kind": entry.kind,
        "id": item.pk,
        "team": team.pk,
        "pending": pending,
        "options": options,
        "detail": detail,
    }


class DecisionApi(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="matches_decision_read",
        summary="A coach's decision after a match (an improvement roll...) and its options (the team's manager)",
        responses={200: DecisionSerializer, 403: error_response("Not the team's coach nor a commissioner.")},
    )
    def get(self, request: Request, kind: str, pk: int) -> Response:
        entry, item, team = _entry(kind, pk, request)
        return Response(_data(entry, item, team))

    @extend_schema(
        operation_id="matches_decision_choose",
        summary="Choose: one of the options' keys (an improvement: the skill or characteristic)",
        request=ChoiceSerializer,
        responses={200: DecisionSerializer, **ERRORS},
    )
    def post(self, request: Request, kind: str, pk: int) -> Response:
        entry, item, team = _entry(kind, pk, request)
        if not entry.pending(item):
            raise MatchError([entry.used()])
        given = ChoiceSerializer(data=body_of(request.data), options=_options(entry, item))
        given.is_valid(raise_exception=True)
        choice = given.validated_data["choice"]
        entry.choose(item, choice, signed_in(request.user))
        ruleset = entry.ruleset(item)
        fresh = entry.get(pk)
        return Response(_data(entry, fresh, team, entry.done(fresh, ruleset, choice)))
