"""Fixtures: a league's match list and scheduling a match."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.models import League
from league.core.permissions import is_commissioner, signed_in
from league.core.selectors import league_or_404
from matches.forms.common import ScheduleForm
from matches.models import Match
from matches.selectors import fixtures as read
from matches.services import match_schedule
from matches.views.common import User, attempt

LIST_LIMIT = 200


def may_schedule(user: User, league: League) -> bool:
    """The commissioner; a coach with a ready team when the league lets coaches schedule."""
    if is_commissioner(user, league):
        return True
    return bool(user.is_authenticated and league.coaches_schedule and read.has_ready_team(league, user.pk))


def match_list(request: HttpRequest) -> HttpResponse:
    """/matches/?league=<slug>: the league's matches, newest first (every league without the parameter)."""
    slug = request.GET.get("league")
    league = league_or_404(slug) if slug else None
    return render(
        request,
        "matches/list.html",
        {
            "league": league,
            "matches": read.matches_listed(league, LIST_LIMIT),
            "can_schedule": league is not None and may_schedule(request.user, league),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def match_schedule_view(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_or_404(slug)
    if not may_schedule(request.user, league):
        raise PermissionDenied(_("Only the commissioner may schedule matches in this league."))
    teams = read.ready_teams(league)
    form = ScheduleForm(request.POST or None, teams=teams)
    status = 200
    if request.method == "POST" and form.is_valid():
        done: dict[str, Match] = {}

        def schedule() -> None:
            done["match"] = match_schedule(
                league=league,
                home=form.cleaned_data["home"],
                away=form.cleaned_data["away"],
                by=signed_in(request.user),
            )

        if attempt(request, schedule, _("Match scheduled.")):
            return redirect(done["match"])
        status = 400  # refused (the reasons are shown), nothing written
    return render(request, "matches/schedule.html", {"league": league, "form": form}, status=status)
