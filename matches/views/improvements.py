"""Improvement rolls: the team's manager picks what the roll allows."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.permissions import can_manage_team, signed_in
from league.core.selectors import league_ruleset
from matches.effects.words import choice_label
from matches.forms import ImprovementForm, category_label
from matches.selectors import improvement_roll_or_404
from matches.views.common import attempt, lang
from teams.services import improvement_choose, roll_choices


@login_required
@require_http_methods(["GET", "POST"])
def improvement_roll(request: HttpRequest, roll_id: int) -> HttpResponse:
    roll = improvement_roll_or_404(roll_id)
    team = roll.player.team
    if not can_manage_team(request.user, team):
        raise PermissionDenied(_("You may not change this team."))
    if not roll.pending:
        messages.info(request, _("This improvement roll has already been used."))
        return redirect(team)
    ruleset = league_ruleset(team.league)
    double = set(roll.options.get("double_categories", []))
    groups = []
    for letter, keys in roll_choices(roll).items():
        if letter == "stats" or not keys:
            continue
        label = category_label(ruleset, letter, lang())
        if letter in double:
            label = _("%(category)s (double)") % {"category": label}
        groups.append((label, [(k, ruleset.skills[k].name(lang())) for k in keys]))
    stats = roll_choices(roll).get("stats", ())
    if stats:
        groups.append((_("Characteristics"), [(s, choice_label(ruleset, f"{s}_increase")) for s in stats]))
    form = ImprovementForm(request.POST or None, groups=groups)
    if request.method == "POST" and form.is_valid():
        choice = form.cleaned_data["choice"]
        if attempt(
            request,
            lambda: improvement_choose(roll=roll, choice=choice, by=signed_in(request.user)),
            _("%(player)s takes %(choice)s.")
            % {"player": roll.player.display_name, "choice": choice_label(ruleset, choice)},
        ):
            return redirect(team)
    position = ruleset.team(team.race).position(roll.player.position).name(lang())
    return render(
        request,
        "matches/improvement.html",
        {
            "roll": roll,
            "team": team,
            "form": form,
            "groups": groups,
            "position": position,
            "total": roll.d6a + roll.d6b,
            "is_double": roll.d6a == roll.d6b,
        },
    )
