"""Raising a dead opponent from the match page (a POST; the form is on the match page, built from
matches.services.raised.raise_offers). The service checks everything and words every refusal."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.core.permissions import can_manage_team, signed_in
from matches.forms.raised import RaiseForm
from matches.models import Match
from matches.services.raised import player_raise, raise_offers, raised_players
from matches.views.common import attempt, match_or_404


def _whole(text: str) -> int | None:
    return int(text) if text.strip().isdigit() else None


@login_required
@require_POST
def match_raise(request: HttpRequest, pk: int) -> HttpResponse:
    match = match_or_404(pk)
    key, _sep, victim = request.POST.get("choice", "").partition(":")
    number = request.POST.get("number", "")

    def act() -> None:
        player_raise(
            match=match,
            side=request.POST.get("side", ""),
            key=key,
            victim_id=_whole(victim) or 0,
            name=request.POST.get("name", ""),
            number=_whole(number) if number.strip() else None,
            by=signed_in(request.user),
        )

    attempt(request, act, _("The raised player joins the roster for free."))
    return redirect(match)


def raising_context(request: HttpRequest, match: Match) -> dict[str, Any] | None:
    """The match page's section: the players raised from this match's dead, and for each side the
    user manages, the form raising one more (when its list raises players and a victim is left)."""
    if match.status != Match.Status.PROCESSED:
        return None
    forms = []
    for side in ("home", "away"):
        team = match.team(side)
        if can_manage_team(request.user, team) and (offers := raise_offers(match, side)):
            form = RaiseForm(offers=offers, auto_id=f"id_raise_{side}_%s")
            forms.append({"side": side, "team": team, "form": form, "offers": offers})
    raised = raised_players(match)
    return {"forms": forms, "raised": raised} if forms or raised else None
