"""A held match's lines, settled by the commissioner on the match page (matches.services.held):
the choice, then a confirmation saying what it does, then the match runs again."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.permissions import is_commissioner, signed_in
from matches.forms.held import HeldLineForm
from matches.models import Match
from matches.selectors.common import match_or_404
from matches.selectors.held import eligible_targets, held_line_or_404, held_lines
from matches.services.held_settle import resolve_held
from matches.views.common import attempt


def held_panel(request: HttpRequest, match: Match) -> list[dict[str, Any]]:
    """The held match's lines for its page, each open one with the commissioner's form."""
    if match.status != Match.Status.HELD:
        return []
    commissioner = is_commissioner(request.user, match.league)
    panel = []
    for line in held_lines(match):
        form = None
        if commissioner and not line.resolution:
            action = reverse("matches:held", kwargs={"pk": match.pk, "line_id": line.pk})
            form = HeldLineForm(targets=eligible_targets(line), action=action, prefix=f"held{line.pk}")
        panel.append({"line": line, "form": form})
    return panel


@login_required
@require_http_methods(["GET", "POST"])
def held_line(request: HttpRequest, pk: int, line_id: int) -> HttpResponse:
    match = match_or_404(pk)
    if not is_commissioner(request.user, match.league):
        raise PermissionDenied(_("Only a commissioner of the league may do this."))
    line = held_line_or_404(match, line_id)
    if line.resolution or match.status != Match.Status.HELD:
        return redirect(match)
    targets = eligible_targets(line)
    form = HeldLineForm(request.POST or None, targets=targets, prefix=f"held{line.pk}")
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if not data["confirmed"]:  # the confirmation: what this choice does, before it is done
            to = next((p for p in targets if p.pk == data["to"]), None)
            context = {"match": match, "line": line, "choice": data["choice"], "to": to, "prefix": form.prefix}
            return render(request, "matches/held_confirm.html", context)
        settled = attempt(
            request,
            lambda: resolve_held(line=line, choice=data["choice"], by=signed_in(request.user), to_id=data["to"]),
            _("Settled. The match runs again once every held line of it is settled."),
        )
        if settled:
            return redirect(match)
    return render(request, "matches/held.html", {"match": match, "line": line, "form": form})
