"""Sending a submitted result back (with a reason) and withdrawing it: each asks first, on its own
page, and only the people the services allow see the page at all."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.permissions import signed_in
from matches.forms.dispute import SendBackForm
from matches.models import Match
from matches.services import may_review, may_withdraw, report_send_back, report_withdraw
from matches.views.common import attempt, participant_match_or_403
from matches.views.outcome import prematch_facts, result_facts


@login_required
@require_http_methods(["GET", "POST"])
def match_send_back(request: HttpRequest, pk: int) -> HttpResponse:
    """GET shows the submitted result and asks why it is wrong; POST sends it back to draft."""
    match = participant_match_or_403(request, pk)
    if match.status != Match.Status.SUBMITTED:
        return redirect(match)
    if not may_review(request.user, match):
        raise PermissionDenied(_("Only the opposing coach or the commissioner may send this result back."))
    form = SendBackForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        reason = form.cleaned_data["reason"]
        done = _("Result sent back to draft: the coaches can correct it and submit it again.")
        if attempt(request, lambda: report_send_back(match=match, by=signed_in(request.user), reason=reason), done):
            return redirect(match)
    return render(
        request,
        "matches/send_back.html",
        {"match": match, "form": form, "prematch": prematch_facts(match), "result": result_facts(match)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def match_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """GET asks for confirmation; POST takes the submitted result back to draft, to edit it."""
    match = participant_match_or_403(request, pk)
    if match.status != Match.Status.SUBMITTED:
        return redirect(match)
    if not may_withdraw(request.user, match):
        raise PermissionDenied(_("Only whoever submitted this result may withdraw it."))
    if request.method == "POST":
        done = _("Result withdrawn: it is a draft again, edit it and submit it when it is right.")
        if attempt(request, lambda: report_withdraw(match=match, by=signed_in(request.user)), done):
            return redirect("matches:result", pk=match.pk)
        return redirect(match)
    return render(request, "matches/withdraw.html", {"match": match})
