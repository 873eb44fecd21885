"""The coach's decision after a match, one page for every kind (matches.decisions): the team's
manager picks one of the options the rules open now. The improvement page is this page for the
kind "improvement", reached by its own address too."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.permissions import can_manage_team, signed_in
from league.rules import IMPROVEMENT
from matches.decisions import decision_type
from matches.forms.common import ImprovementForm
from matches.views.common import attempt


@login_required
@require_http_methods(["GET", "POST"])
def decision(request: HttpRequest, kind: str, pk: int) -> HttpResponse:
    entry = decision_type(kind)
    if entry is None:
        raise Http404(kind)
    item = entry.get(pk)
    team = entry.team(item)
    if not can_manage_team(request.user, team):
        raise PermissionDenied(_("You may not change this team."))
    if not entry.pending(item):
        messages.info(request, entry.used())
        return redirect(team)
    ruleset = entry.ruleset(item)
    groups = entry.groups(item, ruleset)
    form = ImprovementForm(request.POST or None, groups=groups)
    if request.method == "POST" and form.is_valid():
        choice = form.cleaned_data["choice"]
        if attempt(
            request, lambda: entry.choose(item, choice, signed_in(request.user)), entry.done(item, ruleset, choice)
        ):
            return redirect(team)
    context = {**entry.context(item, ruleset), "team": team, "form": form, "groups": groups}
    return render(request, entry.template, context)


@login_required
@require_http_methods(["GET", "POST"])
def improvement_roll(request: HttpRequest, roll_id: int) -> HttpResponse:
    """The improvement page's own address (matches:improvement)."""
    return decision(request, IMPROVEMENT, roll_id)
