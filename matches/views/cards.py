"""Buying one special play card at the pre-match (the panel: matches/selectors/cards.py)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.core.permissions import signed_in
from matches.models import Match
from matches.services.card_plays import card_play
from matches.services.cards import SIDES, card_buy
from matches.services.prematch import may_declare
from matches.views.common import attempt, participant_match_or_403


@login_required
@require_POST
def match_card_buy(request: HttpRequest, pk: int) -> HttpResponse:
    """One side buys one card from a deck: drawn by the site, or as entered when drawn at the table.
    Each card is seen before the next is bought, so there is nothing to confirm."""
    match = participant_match_or_403(request, pk)
    if match.status != Match.Status.SCHEDULED:
        return redirect(match)
    side = request.POST.get("side")
    if side not in SIDES:
        return HttpResponseBadRequest(_("A side is home or away."))
    if not may_declare(match, side, request.user):
        raise PermissionDenied(
            _("Only the coach of %(team)s or the commissioner buys its cards.") % {"team": match.team(side).name}
        )
    deck = request.POST.get("deck", "")
    entered = request.POST.get("card", "").strip() or None
    attempt(
        request,
        lambda: card_buy(match=match, side=side, deck=deck, entered=entered, by=signed_in(request.user)),
        _("%(team)s has bought a special play card.") % {"team": match.team(side).name},
    )
    return redirect(reverse("matches:prematch", args=[match.pk]) + "#special-cards")


@login_required
@require_POST
def match_card_play(request: HttpRequest, pk: int) -> HttpResponse:
    """One side's card marked as played (with the players it touched), or as not played after all."""
    match = participant_match_or_403(request, pk)
    side = request.POST.get("side")
    if side not in SIDES:
        return HttpResponseBadRequest(_("A side is home or away."))
    card = request.POST.get("card", "")
    try:
        players = [int(p) for p in request.POST.getlist("players") if p]
    except ValueError:
        return HttpResponseBadRequest(_("Choose the players from the list."))
    played = request.POST.get("played", "1") != "0"
    attempt(
        request,
        lambda: card_play(
            match=match, side=side, card=card, players=players, played=played, by=signed_in(request.user)
        ),
        _("The card is marked as played.") if played else _("The card is marked as not played."),
    )
    return redirect(reverse("matches:detail", args=[match.pk]) + "#match-cards")
