"""The match page, its polled post-match progress, and the one-button actions (submit, confirm, retry)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.core.permissions import can_manage_team, is_commissioner, signed_in
from league.infra.page_shared import share_among_readers
from league.rules import IMPROVEMENT
from matches.hooks import fixture_locked
from matches.models import Match, MatchCorrection
from matches.selectors.card_plays import card_plays_panel, player_labels
from matches.selectors.cards import card_panel
from matches.selectors.common import result_history
from matches.selectors.corrections import match_corrections, moved_dice_labels, void_correction
from matches.selectors.decisions import PendingGroup, match_pending_decisions
from matches.selectors.dice_asked import match_dice_asked
from matches.services import may_correct, may_withdraw, postgame_retry, report_confirm, report_submit
from matches.services.common import IN_PLAY, locked_message, match_ruleset
from matches.services.corrections import CORRECTABLE, may_propose
from matches.services.postgame import waiting_for
from matches.views.common import (
    attempt,
    can_confirm,
    closed_by_playoffs,
    is_participant,
    match_or_404,
    participant_match_or_403,
)
from matches.views.correction_words import correction_card_words, failure_words, moved_words
from matches.views.held import held_panel
from matches.views.induced import temporary_players
from matches.views.outcome import RUNNING, postgame_steps, prematch_facts, result_facts
from matches.views.raised import raising_context
from teams.selectors import bank_balances, has_bank

S = Match.Status
WITH_RESULT = (S.DRAFT, S.SUBMITTED, S.CONFIRMED, S.PROCESSING, S.PROCESSED, S.FAILED, S.VOID)


def pending_decisions(match: Match, user: Any) -> list[PendingGroup]:
    """The decisions the processed match still waits for, kind by kind, each with whether this
    user may make it (asked once per team, not per decision)."""
    groups = match_pending_decisions(match)
    if groups:
        allowed = {team.pk: can_manage_team(user, team) for team in (match.home, match.away)}
        for group in groups:
            for item in group.items:
                item.can_choose = allowed.get(group.type.team(item).pk, False)
    return groups


def summary_teams(match: Match) -> list[Any]:
    """Both teams as the post-match summary shows them; `bank_balance`: a bank's balance where the
    ruleset has one (None otherwise: nothing shown, nothing read)."""
    teams = [match.home, match.away]
    banks = (
        bank_balances(t.pk for t in teams) if match.status == S.PROCESSED and has_bank(match_ruleset(match)) else None
    )
    for team in teams:
        team.bank_balance = None if banks is None else banks.get(team.pk, 0)
    return teams


def postgame_context(request: HttpRequest, match: Match) -> dict[str, Any]:
    decisions = pending_decisions(match, request.user) if match.status == S.PROCESSED else []
    return {
        "match": match,
        "running": match.status in RUNNING,
        "steps": postgame_steps(match),
        "can_retry": match.status == S.FAILED and is_participant(request.user, match),
        "waiting_for": waiting_for(match),
        "held": held_panel(request, match),  # a held match's lines, and the commissioner's forms
        "dice_asked": match_dice_asked(match),  # dice a replay asked of its coaches (matches.services.dice_wait)
        "decisions": decisions,
        "rolls": next((g.items for g in decisions if g.type.kind == IMPROVEMENT), []),
        "teams": summary_teams(match),
    }


def corrections_shown(match: Match, commissioner: bool) -> list[dict[str, Any]]:
    """The match's corrections, oldest first, each applied one with what it moved in words; a
    draft (not confirmed yet) only for the commissioner, who may still discard it."""
    ruleset = match_ruleset(match)
    shown = [c for c in match_corrections(match) if commissioner or c.status != MatchCorrection.Status.DRAFT]
    applied = [c for c in shown if c.status == MatchCorrection.Status.APPLIED]
    names = player_labels(match) if applied else {}  # the cards' players, read only when there is something to word
    return [
        {
            "correction": c,
            "words": moved_words(ruleset, c.moved, correction_card_words(ruleset, c, names), moved_dice_labels(c.moved))
            if c in applied
            else None,
            "failure": failure_words(c) if c.status == MatchCorrection.Status.FAILED else "",
        }
        for c in shown
    ]


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = match_or_404(pk)
    commissioner = is_commissioner(request.user, match.league)
    # Closed by its season's play-offs: no step of play is offered (the services refuse them too).
    locked = match.status in IN_PLAY and fixture_locked(match)
    participant = is_participant(request.user, match) and not locked
    if not is_participant(request.user, match):  # neither of its coaches nor its league's commissioner
        share_among_readers(request)
    context = postgame_context(request, match)
    context.update(
        {
            "prematch": prematch_facts(match) if match.status != S.SCHEDULED else None,
            "result": result_facts(match) if match.status in WITH_RESULT else None,
            "temporary": temporary_players(match, match_ruleset(match)) if match.status != S.SCHEDULED else [],
            "raising": raising_context(request, match),
            # The special play cards bought, named to their side's coach and the commissioner only.
            "match_cards": card_panel(match, match_ruleset(match), request.user, get_language() or "en", buying=False)
            if match.status != S.SCHEDULED
            else None,
            "card_plays": card_plays_panel(match, match_ruleset(match), request.user, get_language() or "en")
            if match.status != S.SCHEDULED
            else None,
            "can_prematch": participant and match.status == S.SCHEDULED,
            "can_report": participant and match.status in (S.PREMATCH_DONE, S.DRAFT),
            "can_submit": participant and match.status == S.DRAFT,
            "can_dice": participant and match.status in (S.DRAFT, S.SUBMITTED),
            "can_confirm": participant and can_confirm(request.user, match),
            "can_withdraw": participant and may_withdraw(request.user, match),
            "can_correct": participant and may_correct(request.user, match),
            "locked": locked,
            "locked_message": locked_message(match) if locked else "",
            "can_reopen": locked and commissioner,
            "history": result_history(match) if match.status in WITH_RESULT else [],
            # A processed match is corrected or voided by the commissioner, or by both its coaches
            # together where the league lets them (matches.services.corrections).
            "can_correct_history": match.status in CORRECTABLE
            and request.user.is_authenticated
            and may_propose(signed_in(request.user), match),
            "corrections": corrections_shown(match, commissioner) if match.status in CORRECTABLE else [],
            "void": void_correction(match) if match.status == S.VOID else None,
        }
    )
    return render(request, "matches/detail.html", context)


def match_status(request: HttpRequest, pk: int) -> HttpResponse:
    """The post-match progress partial; it polls itself every second until processed or failed."""
    match = match_or_404(pk)
    return render(request, "matches/_postgame.html", postgame_context(request, match))


@login_required
@require_POST
def match_submit(request: HttpRequest, pk: int) -> HttpResponse:
    match = participant_match_or_403(request, pk)
    attempt(
        request,
        lambda: report_submit(match=match, by=signed_in(request.user)),
        _("Result submitted: the opposing coach or the commissioner now confirms it."),
    )
    return redirect(match)


@login_required
@require_http_methods(["GET", "POST"])
def match_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """GET shows the submitted result; POST confirms it and starts the post-match sequence."""
    match = match_or_404(pk)
    if not is_participant(request.user, match) or (
        match.status == S.SUBMITTED and not can_confirm(request.user, match)
    ):
        raise PermissionDenied(_("The result must be confirmed by the opposing coach or the commissioner."))
    if match.status != S.SUBMITTED or (request.method == "GET" and closed_by_playoffs(match)):
        return redirect(match)
    if request.method == "POST":
        if attempt(request, lambda: report_confirm(match=match, by=signed_in(request.user))):
            match.refresh_from_db(fields=["status"])
            messages.success(
                request,
                _("Result confirmed and processed.")
                if match.status == S.PROCESSED
                else _("Result confirmed: the post-match sequence is running."),
            )
        return redirect(match)
    return render(
        request,
        "matches/confirm.html",
        {"match": match, "prematch": prematch_facts(match), "result": result_facts(match)},
    )


@login_required
@require_POST
def match_retry(request: HttpRequest, pk: int) -> HttpResponse:
    match = participant_match_or_403(request, pk)
    if match.status != S.FAILED:
        return redirect(match)
    attempt(
        request,
        lambda: postgame_retry(match=match, by=signed_in(request.user)),
        _("The post-match sequence runs again."),
    )
    return redirect(match)
