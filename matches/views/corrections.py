"""Correcting or voiding a processed match (matches.services.corrections), the commissioner's pages:
the result sheet prefilled from the stored inputs with every post-match die, the void apart; the
preview of what the replay would move, its confirmation or discard; the restore of what an applied
correction replaced (a new draft, previewed like any other)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.permissions import is_commissioner, signed_in
from matches.forms.correction import RestoreForm, VoidForm
from matches.models import Match, MatchCorrection
from matches.selectors.card_plays import player_labels
from matches.selectors.corrections import correction_or_404, moved_dice_labels, stored_inputs
from matches.services import MatchError
from matches.services.common import match_ruleset
from matches.services.correction_brackets import seeding_changes
from matches.services.corrections import (
    CORRECTABLE,
    check_confirmer,
    correction_confirm,
    correction_discard,
    correction_draft,
    correction_preview,
    may_propose,
    restore_draft,
)
from matches.services.scoring import score_help
from matches.views.common import match_or_404
from matches.views.correction_sheet import correction_form, correction_initial
from matches.views.correction_words import correction_card_words, failure_words, moved_words

C = MatchCorrection


def _corrector_or_403(request: HttpRequest, match: Match) -> None:
    """The commissioner; or a coach of the match where the league lets both coaches correct together."""
    if not may_propose(signed_in(request.user), match):
        raise PermissionDenied(_("Only the commissioner can correct or void a processed match."))


def _may_confirm(request: HttpRequest, correction: MatchCorrection) -> bool:
    try:
        check_confirmer(signed_in(request.user), correction)
    except PermissionDenied:
        return False
    return True


def _source(request: HttpRequest, match: Match) -> tuple[dict[str, Any], str]:
    """What the sheet starts from: the match's stored inputs, or an edit drafted earlier (?from=<id>:
    "Edit it again" after its preview), with the reason the commissioner gave it."""
    earlier = request.GET.get("from", "")
    if earlier.isdigit():
        draft = correction_or_404(int(earlier))
        if draft.match_id == match.pk and draft.kind == C.Kind.EDIT:
            inputs: dict[str, Any] = draft.inputs
            return inputs, draft.reason
    return stored_inputs(match), ""


def _drafted(form: forms.Form, make: Callable[[], MatchCorrection]) -> MatchCorrection | None:
    """The draft, or None with the service's reasons on the form (nothing was created)."""
    try:
        return make()
    except MatchError as refusal:
        for message in refusal.messages:
            form.add_error(None, message)
        return None


@login_required
@require_http_methods(["GET", "POST"])
def match_correct(request: HttpRequest, pk: int) -> HttpResponse:
    """The correction sheet and the void form; either one, posted, drafts a correction and shows its preview."""
    match = match_or_404(pk)
    _corrector_or_403(request, match)
    if match.status not in CORRECTABLE:
        messages.info(request, _("Only a processed match can be corrected."))
        return redirect(match)
    by = signed_in(request.user)
    action = request.POST.get("action") if request.method == "POST" else None
    inputs, reason = _source(request, match)
    ruleset = match_ruleset(match)
    form = correction_form(
        match,
        inputs,
        request.POST if action == "edit" else None,
        initial=None if action == "edit" else correction_initial(inputs, reason),
    )
    void_form = VoidForm(request.POST if action == "void" else None, prefix="void")
    draft = None
    if action == "edit" and form.is_valid():
        reason, new = form.cleaned_data["reason"], form.to_inputs()
        draft = _drafted(form, lambda: correction_draft(match=match, by=by, reason=reason, inputs=new))
    elif action == "void" and match.status != Match.Status.VOID and void_form.is_valid():
        reason = void_form.cleaned_data["reason"]
        draft = _drafted(void_form, lambda: correction_draft(match=match, by=by, reason=reason, void=True))
    if draft is not None:
        return redirect("matches:correction", draft.pk)
    context = {
        "match": match,
        "form": form,
        "void_form": void_form,
        "sides": form.sides(),
        "mvp_chosen": form.mvp_chosen,
        "bank": form.bank,
        "card_gold": form.card_gold,
        "card_rows": form.card_rows,
        "score_help": score_help(ruleset),
        "generic_dice": True,
    }
    return render(request, "matches/correct.html", context)


def _confirmed(request: HttpRequest, correction: MatchCorrection) -> None:
    """The flash message after a confirmation: applied at once where tasks run in-process."""
    correction.refresh_from_db()
    if correction.status == C.Status.APPLIED:
        messages.success(
            request,
            _("The match is now void: its effects were reversed and the matches after it replayed.")
            if correction.kind == C.Kind.VOID
            else _("Correction applied: the match and the matches after it were replayed."),
        )
    elif correction.status == C.Status.FAILED:
        messages.error(
            request, _("The correction could not be applied: %(reason)s") % {"reason": failure_words(correction)}
        )
    else:
        messages.success(request, _("Correction confirmed: it is being applied; the match page shows it once done."))


def _act(request: HttpRequest, correction: MatchCorrection) -> HttpResponse | RestoreForm:
    """A button of the correction's page: confirm, discard, or restore what it replaced (a restore
    refused: its form, shown again with the reasons)."""
    by = signed_in(request.user)
    action = request.POST.get("action")
    if action == "confirm":
        try:
            correction_confirm(
                correction=correction,
                by=by,
                acknowledged=request.POST.get("acknowledged") == "on",
                redraw=request.POST.get("redraw_bracket") == "on",
            )
        except PermissionDenied as refusal:
            messages.error(request, str(refusal))
            return redirect("matches:correction", correction.pk)
        except MatchError as refusal:
            for message in refusal.messages:
                messages.error(request, message)
            return redirect("matches:correction", correction.pk)
        _confirmed(request, correction)
        return redirect(correction.match)
    if action == "discard":
        if correction.status == C.Status.DRAFT and (
            correction.created_by_id == by.pk or _may_confirm(request, correction)
        ):
            correction_discard(correction=correction, by=by)
            messages.success(request, _("Correction discarded: nothing changed."))
        return redirect(correction.match)
    if action == "restore":
        form = RestoreForm(request.POST, prefix="restore")
        if form.is_valid():
            reason = form.cleaned_data["reason"]
            draft = _drafted(form, lambda: restore_draft(correction=correction, by=by, reason=reason))
            if draft is not None:
                return redirect("matches:correction", draft.pk)
        return form
    return redirect("matches:correction", correction.pk)


@login_required
@require_http_methods(["GET", "POST"])
def correction_page(request: HttpRequest, cid: int) -> HttpResponse:
    """A correction: the preview of a draft (computed once, by its replay rolled back), what an
    applied one moved, why a failed one failed; its buttons."""
    correction = correction_or_404(cid)
    match = correction.match
    _corrector_or_403(request, match)
    restore_form = RestoreForm(prefix="restore") if correction.status == C.Status.APPLIED else None
    if request.method == "POST":
        answer = _act(request, correction)
        if not isinstance(answer, RestoreForm):
            return answer
        restore_form = answer
    if correction.status == C.Status.DRAFT and correction.preview is None:
        correction_preview(correction)
    shown = correction.moved if correction.status == C.Status.APPLIED else correction.preview
    ruleset = match_ruleset(match)
    cards = correction_card_words(ruleset, correction, player_labels(match))
    words = moved_words(ruleset, shown, cards, moved_dice_labels(shown))
    context = {
        "correction": correction,
        "match": match,
        "words": words,
        "failure": failure_words(correction) if correction.status == C.Status.FAILED else "",
        "can_confirm": correction.status == C.Status.DRAFT
        and words is not None
        and not words["refused"]
        and _may_confirm(request, correction),
        # A coach's proposal waits for the other coach (League.coaches_correct).
        "awaiting_other_coach": correction.status == C.Status.DRAFT and not _may_confirm(request, correction),
        "brackets_played": (correction.preview or {}).get("brackets_played", []),
        # The brackets the corrected table would seed otherwise, drawn and new seeds side by side.
        "bracket_changes": seeding_changes(shown),
        "bracket_redrawn": (shown or {}).get("bracket_redrawn") or [],
        "may_redraw": is_commissioner(signed_in(request.user), match.league),  # a coach never redraws
        "restore_form": restore_form,
        "coaches": (match.home.coach_id, match.away.coach_id),
    }
    return render(request, "matches/correction.html", context)
