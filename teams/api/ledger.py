"""Ledger endpoints: read a team's treasury ledger; reverse an entry (commissioners of the league only)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.pagination import BasePagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from league.core.permissions import signed_in
from league.infra.api_errors import error_response
from teams.api.base import BAD_REQUEST, LOCKED_OUT, NOT_FOUND, UNAUTHENTICATED, ServiceApi, team_or_404
from teams.models import Team, TreasuryEntry
from teams.selectors import ledger_entries, ledger_entry_for_output, ledger_entry_of, reversed_by, team_ruleset
from teams.serializers import (
    LedgerEntryDetailSerializer,
    LedgerEntrySerializer,
    ledger_entry_data,
    team_summary_data,
)
from teams.services import treasury_reverse
from teams.services.ledger import check_treasurer


def entry_or_404(team: Team, entry_id: int) -> TreasuryEntry:
    # An entry of another team is unknown here, as on the page (/teams/<id>/ledger/<entry>/reverse/).
    entry = ledger_entry_of(team, entry_id)
    if entry is None:
        raise NotFound(_("This team has no ledger entry with this id."))
    return entry


class LedgerApi(ServiceApi):
    # api_settings imports the class the setting names; the stubs type the setting (a dotted path).
    pagination_class: type[BasePagination] = api_settings.DEFAULT_PAGINATION_CLASS  # type: ignore[assignment]

    @extend_schema(
        operation_id="teams_ledger_list",
        responses={200: LedgerEntrySerializer(many=True), 404: NOT_FOUND},
        description="The team's ledger, oldest first, as on the team page; the treasury is the sum of its "
        "treasury entries (a ruleset with a bank adds the bank's, account bank).",
    )
    def get(self, request: Request, team_id: int) -> Response:
        team = team_or_404(team_id)
        paginator = self.pagination_class()
        entries = ledger_entries(team)
        page = paginator.paginate_queryset(entries, request, view=self)
        reversals, ruleset = reversed_by(team), team_ruleset(team)
        rows = [ledger_entry_data(entry, reversals, ruleset) for entry in (page if page is not None else entries)]
        data = LedgerEntrySerializer(rows, many=True).data
        return paginator.get_paginated_response(data) if page is not None else Response(data)


class LedgerReverseApi(ServiceApi):
    class InputSerializer(serializers.Serializer):
        memo = serializers.CharField(
            max_length=200,
            allow_blank=True,
            required=False,
            default="",
            help_text="The reason, kept as the correcting entry's memo; empty: “Reversal of …”.",
        )

        class Meta:
            ref_name = "LedgerReverseInput"

    @extend_schema(
        operation_id="teams_ledger_reverse",
        request=InputSerializer,
        responses={
            201: LedgerEntryDetailSerializer,
            400: BAD_REQUEST,
            401: UNAUTHENTICATED,
            403: error_response("Logged in, but not a commissioner of the league."),
            404: error_response("No such team, or no such entry in it."),
            429: LOCKED_OUT,
        },
        description="Post the exact opposite of a ledger entry (the original stays). A reversing entry cannot be "
        "reversed and an entry is reversed once; the treasury may go below zero.",
    )
    def post(self, request: Request, team_id: int, entry_id: int) -> Response:
        team = team_or_404(team_id)
        # Permission before the entry and the body, as the page does: a coach gets 403 whatever he sends.
        check_treasurer(request.user, team.league)
        entry = entry_or_404(team, entry_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        reversal = treasury_reverse(entry=entry, by=signed_in(request.user), memo=serializer.validated_data["memo"])
        reversal = ledger_entry_for_output(reversal.pk)
        data = {**ledger_entry_data(reversal, {}, team_ruleset(team)), "team": team_summary_data(reversal.team)}
        return Response(LedgerEntryDetailSerializer(data).data, status=status.HTTP_201_CREATED)
