"""The post-match dice rolled at the table: MVP draw, improvement rolls, departures, and any die the
result sheet left to the server. Open while the result is a draft or awaits confirmation."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from league.core.permissions import signed_in
from league.rules import Ruleset
from matches.forms.dice import DiceForm
from matches.models import Match
from matches.services import DiceSheet, DieRow, MatchError, dice_sheet, report_dice_enter, requested_dice
from matches.services.common import match_ruleset
from matches.services.dice import OPEN
from matches.views.common import attempt, participant_match_or_403
from matches.views.dice_asked import dice_asked_page
from matches.views.outcome import step_label


def _groups(form: DiceForm, ruleset: Ruleset) -> list[dict[str, Any]]:
    """Rows under the heading of their post-match step, in the sequence's order."""
    groups: list[dict[str, Any]] = []
    for row, fields in form.row_fields():
        if not groups or groups[-1]["step"] != row.step:
            groups.append({"step": row.step, "title": step_label(ruleset, row.step), "rows": []})
        groups[-1]["rows"].append({"row": row, "fields": fields})
    return groups


def _closed_message(match: Match) -> str:
    if match.status in (Match.Status.SCHEDULED, Match.Status.PREMATCH_DONE):
        return _("Save the result first: which dice are needed depends on it.")
    return _("The result has been confirmed: its dice can no longer be changed.")


@login_required
@require_http_methods(["GET", "POST"])
def match_dice(request: HttpRequest, pk: int) -> HttpResponse:
    match = participant_match_or_403(request, pk)
    if match.status == Match.Status.HELD and match.dice_asked.exists():  # asked of the coaches (services.dice_wait)
        return dice_asked_page(request, match)
    context: dict[str, Any] = {"match": match, "open": match.status in OPEN}
    if not context["open"]:
        context["closed"] = _closed_message(match)
        return render(request, "matches/dice.html", context)
    sheet = DiceSheet([], [])
    try:
        sheet = dice_sheet(match)
    except MatchError as refusal:
        context["problems"] = refusal.messages
    rows = sheet.rows
    form = DiceForm(request.POST or None, rows=rows)
    if request.method == "POST" and (rows or sheet.unused) and form.is_valid():
        dropped: list[DieRow] = []

        def save() -> None:
            dropped.extend(report_dice_enter(match=match, dice=form.to_dice(), by=signed_in(request.user)))

        if attempt(request, save, _("Dice saved.")):
            for row in dropped:
                messages.info(request, _("%(die)s is no longer needed: it was removed.") % {"die": row.label})
            shown = {row.key for row in rows}
            new = [row for row in requested_dice(match) if row.key not in shown]
            if new:
                messages.info(
                    request,
                    ngettext(
                        "One more roll is needed now: see below.",
                        "%(count)s more rolls are needed now: see below.",
                        len(new),
                    )
                    % {"count": len(new)},
                )
            return redirect(reverse("matches:dice", args=[match.pk]))
    context.update(
        {
            "form": form,
            "groups": _groups(form, match_ruleset(match)),
            "unused": sheet.unused,
            "leave_max": match_ruleset(match).params.concession_leave_on_d6_max,
        }
    )
    return render(request, "matches/dice.html", context)
