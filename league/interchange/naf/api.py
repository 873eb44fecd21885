"""GET /api/leagues/<slug>/seasons/<number>/naf.xml: the season's NAF report for its commissioner,
the same file as the page's "Download" (league.interchange.naf.views), checked against the schema."""

from __future__ import annotations

import logging

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.competitions.seasons.selectors import season_or_404
from league.core.permissions import is_commissioner
from league.core.selectors import league_or_404
from league.infra.api_errors import error_body, error_response
from league.interchange.naf import export
from league.interchange.naf.forms import NafReportForm

logger = logging.getLogger(__name__)
ORGANISER = OpenApiParameter(
    "organiser", str, description="The organiser's name written in the report (default: the league's name)."
)
ERRORS = {
    400: error_response("No game can be reported, or a wrong organiser (codes refused, invalid)."),
    401: error_response("Not logged in, or a wrong password or token."),
    403: error_response("Logged in, but not a commissioner of the league."),
    404: error_response("No such league or season."),
    500: error_response("The report written does not follow the NAF's schema (code invalid_report): never served."),
}


class NafReportApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="seasons_naf_report",
        summary="The season's NAF tournament report (XML)",
        parameters=[ORGANISER],
        responses={(200, "application/xml"): OpenApiTypes.STR, **ERRORS},
    )
    def get(self, request: Request, slug: str, number: int) -> HttpResponse:
        league = league_or_404(slug)
        if not is_commissioner(request.user, league):
            raise PermissionDenied(_("Only a commissioner of the league sends its results to the NAF."))
        season = season_or_404(league, number)
        form = NafReportForm({"organiser": request.query_params.get("organiser", league.name)})
        if not form.is_valid():
            messages = [str(m) for errors in form.errors.values() for m in errors]
            return Response(error_body("invalid", messages), status=status.HTTP_400_BAD_REQUEST)
        report = export.season_report(season, form.cleaned_data["organiser"])
        if report.empty:
            refusal = [_("No game can be reported: the NAF report needs at least one.")]
            return Response(error_body("refused", refusal), status=status.HTTP_400_BAD_REQUEST)
        try:
            xml = export.checked_xml(report)
        except export.InvalidReport as invalid:
            logger.error("NAF report of %s season %s refused by the schema: %s", slug, number, invalid)
            body = error_body("invalid_report", invalid.errors)
            return Response(body, status=status.HTTP_500_INTERNAL_SERVER_ERROR)
        response = HttpResponse(xml, content_type="application/xml; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{export.filename(season)}"'
        return response
