"""Match pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from matches.models import Match


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match.objects.select_related("home", "away", "league"), pk=pk)
    return render(request, "matches/detail.html", {"match": match, "steps": match.steps.all()})
