"""Managing a team from its page: players, re-rolls, staff, retirement and ledger corrections.

Every view hands the change to a teams.services function, which checks permission and rules,
locks the team and writes the ledger and audit log. Irreversible actions (firing, releasing
staff, retiring, reversing a ledger entry) show a confirmation page on GET and act on POST.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.humanize.templatetags.humanize import intcomma
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.core.permissions import is_commissioner, signed_in
from league.rules import reroll_purchase_price
from teams import services
from teams.errors import TeamRuleError
from teams.forms import PlayerHireForm, PlayerRenameForm, ReverseEntryForm, split_position
from teams.models import Team, staff_label
from teams.selectors import ledger_kind_name, player_or_404, roster_rows, team_ruleset, treasury_entry_or_404
from teams.views.common import attempt, hired, keep_input, managed_team_or_403, team_or_404
from teams.views.detail import hire_input_key, hire_positions


def _confirm(
    request: HttpRequest,
    team: Team,
    *,
    title: str,
    question: str,
    detail: str = "",
    button: str,
    form: Any = None,
    danger: bool = True,
) -> HttpResponse:
    return render(
        request,
        "teams/confirm.html",
        {
            "team": team,
            "title": title,
            "question": question,
            "detail": detail,
            "button": button,
            "form": form,
            "danger": danger,
        },
    )


def _staff_kind(kind: str) -> str:
    if kind not in services.STAFF:
        raise Http404("Unknown staff")
    return kind


def _staff_label(kind: str) -> str:
    return str(staff_label(kind))


@login_required
@require_POST
def player_hire(request: HttpRequest, pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    ruleset = team_ruleset(team)
    form = PlayerHireForm(request.POST, positions=hire_positions(ruleset, team, roster_rows(team, ruleset)))
    if form.is_valid():
        cd = form.cleaned_data
        position, roster = split_position(cd["position"])
        if hired(
            request,
            lambda: services.player_hire(
                team=team,
                position=position,
                roster=roster,
                name=cd["name"],
                number=cd["number"],
                by=signed_in(request.user),
            ),
        ):
            return redirect(team)
    else:
        messages.error(request, _("The player was not hired: see the form below."))
    # Refused: back to the team page (a reload does not post again), which shows the messages and
    # the form as typed, with its errors.
    keep_input(request, hire_input_key(team), request.POST, form.fields)
    return redirect(team)


@login_required
@require_http_methods(["GET", "POST"])
def player_fire(request: HttpRequest, pk: int, player_pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    player = player_or_404(team, player_pk)
    if request.method == "POST":
        attempt(
            request,
            lambda: services.player_fire(player=player, by=signed_in(request.user)),
            _("#%(number)s %(name)s has left the team.") % {"number": player.number, "name": player.display_name},
        )
        return redirect(team)
    return _confirm(
        request,
        team,
        title=_("Fire a player"),
        question=_("Fire #%(number)s %(name)s? No refund.") % {"number": player.number, "name": player.display_name},
        detail=_("The player leaves the roster and the team value; the gold paid for him is not returned."),
        button=_("Fire"),
    )


@login_required
@require_http_methods(["GET", "POST"])
def player_rename(request: HttpRequest, pk: int, player_pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    player = player_or_404(team, player_pk, active=True)
    posted = request.method == "POST"
    form = PlayerRenameForm(request.POST if posted else None, initial={"name": player.name, "number": player.number})
    if not player.name:  # a journeyman never named: leaving the name empty keeps "Journeyman 8"
        form.fields["name"].required = False
        form.fields["name"].widget.attrs["placeholder"] = player.display_name
    if posted:
        if form.is_valid():
            try:
                services.player_rename(
                    player=player,
                    name=form.cleaned_data["name"],
                    number=form.cleaned_data["number"],
                    by=signed_in(request.user),
                )
            except TeamRuleError as refusal:
                for message in refusal.messages:
                    form.add_error(None, message)
            else:
                messages.success(
                    request,
                    _("Player saved as #%(number)s %(name)s.") % {"number": player.number, "name": player.display_name},
                )
                return redirect(team)
    return render(request, "teams/player_rename.html", {"team": team, "player": player, "form": form})


@login_required
@require_POST
def team_buy_reroll(request: HttpRequest, pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    price = reroll_purchase_price(team_ruleset(team), team.race, at_creation=False, allies=team.allies)
    attempt(
        request,
        lambda: services.team_buy_reroll(team=team, by=signed_in(request.user)),
        _("Team re-roll bought for %(price)s gp.") % {"price": intcomma(price)},
    )
    return redirect(team)


@login_required
@require_POST
def staff_hire(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    kind = _staff_kind(kind)
    team = managed_team_or_403(request, pk)
    attempt(
        request,
        lambda: services.staff_hire(team=team, kind=kind, by=signed_in(request.user)),
        _("Hired: %(staff)s.") % {"staff": _staff_label(kind)},
    )
    return redirect(team)


@login_required
@require_http_methods(["GET", "POST"])
def staff_fire(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    kind = _staff_kind(kind)
    team = managed_team_or_403(request, pk)
    if request.method == "POST":
        attempt(
            request,
            lambda: services.staff_fire(team=team, kind=kind, by=signed_in(request.user)),
            _("Released: %(staff)s.") % {"staff": _staff_label(kind)},
        )
        return redirect(team)
    return _confirm(
        request,
        team,
        title=_("Release staff"),
        question=_("Release one of the team's %(staff)s? No refund.") % {"staff": _staff_label(kind)},
        button=_("Release"),
    )


@login_required
@require_http_methods(["GET", "POST"])
def team_retire(request: HttpRequest, pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    if request.method == "POST":
        attempt(
            request,
            lambda: services.team_retire(team=team, by=signed_in(request.user)),
            _("%(team)s is retired.") % {"team": team.name},
        )
        return redirect(team)
    return _confirm(
        request,
        team,
        title=_("Retire the team"),
        question=_("Retire %(team)s for good?") % {"team": team.name},
        detail=_("A retired team keeps its history but can no longer be changed or play."),
        button=_("Retire the team"),
    )


@login_required
@require_http_methods(["GET", "POST"])
def treasury_reverse(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    team = team_or_404(pk)
    if not is_commissioner(request.user, team.league):
        raise PermissionDenied(_("Only a commissioner of the league may correct the treasury."))
    entry = treasury_entry_or_404(team, entry_pk)
    # Not `request.POST or None`: an empty POST (no reason given) must still count as submitted.
    form = ReverseEntryForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        attempt(
            request,
            lambda: services.treasury_reverse(entry=entry, by=signed_in(request.user), memo=form.cleaned_data["memo"]),
            _("Entry reversed: %(amount)s gp.") % {"amount": intcomma(-entry.amount)},
        )
        return redirect(team)
    return _confirm(
        request,
        team,
        title=_("Reverse a ledger entry"),
        question=_("Reverse “%(entry)s” (%(amount)s gp)?")
        % {"entry": entry.memo or ledger_kind_name(team_ruleset(team), entry.kind), "amount": intcomma(entry.amount)},
        detail=_("A correcting entry of the opposite amount is added; the original stays in the ledger."),
        button=_("Reverse the entry"),
        form=form,
    )
