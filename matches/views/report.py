"""Result entry at the table: the sheet is saved as a draft, then submitted for confirmation.

A commissioner uses the same page to correct a submitted result: it stays submitted."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.permissions import signed_in
from league.rules import Ruleset
from matches.forms import report_steps
from matches.forms.report import ReportForm
from matches.models import Match, MatchPlayer
from matches.selectors import report as read
from matches.services import may_correct, report_save, report_save_and_submit
from matches.services.common import match_ruleset
from matches.services.report_input import RESULT_FIELDS
from matches.services.scoring import score_help
from matches.views.common import attempt, closed_by_playoffs, participant_match_or_403
from matches.views.induced import temporary_players

CASUALTY_COLUMNS = {
    "d6": "d6",
    "d8": "d8",
    "d6b": "second_d6",
    "d8b": "second_d8",
    "apo_d6": "apothecary_d6",
    "apo_d8": "apothecary_d8",
    "regen": "regeneration_roll",
}


def player_skills(ruleset: Ruleset, match: Match, lines: list[MatchPlayer]) -> dict[int, set[str]]:
    """Each player's skills (position and advancements): Decay and Regeneration show extra dice."""
    gained = read.gained_skills(lines)
    out = {}
    for line in lines:
        team = match.team(line.side)
        try:
            base = set(ruleset.team(line.player.roster or team.race).position(line.player.position).skills)
        except KeyError:
            base = set()
        out[line.player_id] = base | gained.get(line.player_id, set())
    return out


def report_initial(match: Match, lines: list[MatchPlayer]) -> dict[str, Any]:
    """The saved draft, as form values."""
    initial: dict[str, Any] = {
        name: getattr(match, name)
        for name in (
            *RESULT_FIELDS,
            "played_on",
        )
    }
    if initial["played_on"] is None:
        del initial["played_on"]  # the form's own default: today
    for line in lines:
        for key, attr in (
            ("comp", "completions"),
            ("td", "touchdowns"),
            ("int", "interceptions"),
            ("cas", "casualties"),
        ):
            if getattr(line, attr):
                initial[f"p{line.player_id}_{key}"] = getattr(line, attr)
        for action, count in (line.actions or {}).items():  # the ruleset's own SPP actions
            initial[f"p{line.player_id}_x_{action}"] = count
    for cas in read.casualties(match):
        p = f"p{cas.victim_id}"
        initial.update({f"{p}_{key}": getattr(cas, column) for key, column in CASUALTY_COLUMNS.items()})
        initial[f"{p}_apo"], initial[f"{p}_apo_keep"] = cas.apothecary_used, cas.apothecary_kept_reroll
        initial[f"{p}_apo_after"] = cas.apothecary_after_match
    for roll in read.entered_dice(match):
        kind, _sep, side = roll.purpose.partition(":")
        if kind == "winnings":
            initial[f"winnings_{side}"] = roll.values[0]
        elif kind == "winnings_reroll":
            initial[f"reroll_die_{side}"] = roll.values[0]
        elif kind == "ff":
            initial.update({f"ff_{side}_{n}": v for n, v in enumerate(roll.values, start=1)})
    for decision in read.decisions(match):
        parts = decision.key.split(":")
        if parts[0] == "winnings_reroll":
            initial[f"reroll_{parts[1]}"] = "yes" if decision.value is True else ""
        elif parts[0] == "mvp" and len(parts) == 3:
            initial[f"mvp_{parts[1]}_{parts[2]}"] = decision.value
        elif parts[0] in ("bank", "se_bank") and len(parts) == 2:
            initial[f"{parts[0]}_{parts[1]}"] = decision.value
        else:
            report_steps.initial_from(decision.key, decision.value, initial)
    return initial


@login_required
@require_http_methods(["GET", "POST"])
def match_result(request: HttpRequest, pk: int) -> HttpResponse:
    match = participant_match_or_403(request, pk)
    correcting = may_correct(request.user, match)  # a submitted result, by a commissioner
    if match.status not in (Match.Status.PREMATCH_DONE, Match.Status.DRAFT) and not correcting:
        return redirect(match)
    if request.method == "GET" and closed_by_playoffs(match):
        return redirect(match)
    ruleset = match_ruleset(match)
    lines = read.sheet_lines(match)
    submit = request.POST.get("action") == "submit" and not correcting
    form = ReportForm(
        request.POST or None,
        initial=None if request.method == "POST" else report_initial(match, lines),
        match=match,
        ruleset=ruleset,
        lines=lines,
        skills=player_skills(ruleset, match, lines),
        require_mvp=submit or correcting,
    )
    if request.method == "POST" and form.is_valid():
        report = form.to_report()

        def save() -> None:
            if submit:
                report_save_and_submit(match=match, report=report, by=signed_in(request.user))
            else:
                report_save(match=match, report=report, by=signed_in(request.user))

        if correcting:
            done = _("Result corrected: it stays submitted, for the opposing coach or the commissioner to confirm.")
        elif submit:
            done = _("Result submitted: the opposing coach or the commissioner now confirms it.")
        else:
            done = _("Draft saved. Submit the result once both coaches agree on it.")
        if attempt(request, save, done):
            return redirect(match if submit or correcting else reverse("matches:result", args=[match.pk]))
    return render(
        request,
        "matches/report.html",
        {
            "match": match,
            "form": form,
            "sides": form.sides(),
            "mvp_chosen": form.mvp_chosen,
            "bank": form.bank,
            "card_gold": form.card_gold,
            "correcting": correcting,
            "score_help": score_help(ruleset),
            # Journeymen and induced players carry their skills for the match (Loner) on the sheet.
            "temporary": temporary_players(match, ruleset, lines),
            "journeyman_skills": [
                ruleset.skills[key].name(get_language() or "en") for key in ruleset.journeyman_skills
            ],
        },
    )
