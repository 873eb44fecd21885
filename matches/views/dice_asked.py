"""The dice page of a match held for dice a replay asked of its coaches (matches.services.dice_wait):
each coach enters the ones asked of his team; the commissioner may let the server roll them."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from league.core.permissions import is_commissioner, signed_in
from matches.forms.dice import DiceForm
from matches.models import Match
from matches.selectors.dice_asked import asked_rows, match_dice_asked
from matches.services.common import match_ruleset
from matches.services.dice_asked import asked_of, dice_asked_enter, dice_asked_server
from matches.views.common import attempt
from matches.views.outcome import step_label


def dice_asked_page(request: HttpRequest, match: Match) -> HttpResponse:
    """GET: the dice asked of the user's team, with the kept values they follow; POST: enter them
    (only the coach of that team: another user gets 403), or "server" (the commissioner only)."""
    commissioner = is_commissioner(request.user, match.league)
    mine = asked_of(match, request.user)
    rows = asked_rows(match, mine)
    form = DiceForm(request.POST or None, rows=rows)
    if request.method == "POST":
        if request.POST.get("action") == "server":
            if not commissioner:
                raise PermissionDenied(_("Only a commissioner of the league may do this."))
            if attempt(
                request,
                lambda: dice_asked_server(match=match, by=signed_in(request.user)),
                _("The server rolled them."),
            ):
                return redirect(match.get_absolute_url())
        elif not rows:
            raise PermissionDenied(_("Only the coach of the team these dice are asked of may enter them."))
        elif form.is_valid():
            done: list[bool] = []

            def save() -> None:
                done.append(dice_asked_enter(match=match, dice=form.to_dice(), by=signed_in(request.user)))

            if attempt(request, save, _("Dice saved.")):
                if done and done[0]:
                    messages.info(request, _("Nothing more is asked: the match runs again with your dice."))
                return redirect(match.get_absolute_url())
    ruleset = match_ruleset(match)
    kept = {item["row"].key: item["kept"] for item in match_dice_asked(match)}
    context: dict[str, Any] = {
        "match": match,
        "form": form,
        "groups": [
            {
                "step": row.step,
                "title": step_label(ruleset, row.step),
                "row": row,
                "fields": fields,
                "kept": kept.get(row.key),
            }
            for row, fields in form.row_fields()
        ],
        "others": [item for item in match_dice_asked(match) if item["row"].key not in {r.key for r in rows}],
        "commissioner": commissioner,
    }
    return render(request, "matches/dice_asked.html", context)
