"""/leagues/<slug>/seasons/<number>/naf/: the season's NAF report for its commissioner. The page
lists who and which games the report holds and which it leaves out, and why; "Download" (the same
form, read-only GET) serves the XML once the schema accepts it."""

from __future__ import annotations

import logging

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.competitions.seasons.selectors import season_or_404
from league.core.permissions import is_commissioner
from league.core.selectors import league_or_404
from league.interchange.naf import export
from league.interchange.naf.forms import NafReportForm

logger = logging.getLogger(__name__)


@login_required
@require_GET
def naf_report(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    league = league_or_404(slug)
    if not is_commissioner(request.user, league):
        raise PermissionDenied(_("Only a commissioner of the league sends its results to the NAF."))
    season = season_or_404(league, number)
    bound = "organiser" in request.GET or "download" in request.GET
    form = NafReportForm(request.GET if bound else None, initial={"organiser": league.name})
    valid = bound and form.is_valid()
    report = export.season_report(season, form.cleaned_data["organiser"] if valid else league.name)
    context = {"league": league, "season": season, "form": form, "report": report, "problem": ""}
    if "download" not in request.GET:
        return render(request, "league/naf_report.html", context)
    if not valid:
        return render(request, "league/naf_report.html", context, status=400)
    if report.empty:
        context["problem"] = _("No game can be reported: the NAF report needs at least one.")
        return render(request, "league/naf_report.html", context, status=400)
    try:
        xml = export.checked_xml(report)
    except export.InvalidReport as invalid:
        logger.error("NAF report of %s season %s refused by the schema: %s", league.slug, season.number, invalid)
        return render(request, "league/naf_invalid.html", {**context, "errors": invalid.errors}, status=500)
    response = HttpResponse(xml, content_type="application/xml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export.filename(season)}"'
    return response
