"""Free rookies and the college of magic, where the team's ruleset has them.

A rookie is hired from a confirmation page (what he is, his halved profile, the form for his
name and number) and posted there; the college of magic is edited on a page of its own.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.core.permissions import signed_in
from league.rules.catalogue.team_building import rookie_profile, rookie_rules, rookie_source
from teams import services
from teams.hire_forms import AssistantTitlesForm, CollegeForm, RookieHireForm
from teams.selectors import team_ruleset
from teams.views.common import lang, managed_team_or_403, saved_on_form


@login_required
@require_http_methods(["GET", "POST"])
def rookie_hire(request: HttpRequest, pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    ruleset = team_ruleset(team)
    if rookie_rules(ruleset) is None:
        raise Http404("This ruleset has no rookies")
    form = RookieHireForm(request.POST if request.method == "POST" else None)
    if (
        request.method == "POST"
        and form.is_valid()
        and saved_on_form(
            request,
            form,
            lambda: services.rookie_hire(
                team=team,
                name=form.cleaned_data["name"],
                number=form.cleaned_data["number"],
                by=signed_in(request.user),
            ),
            lambda player: (
                _("Free rookie hired: #%(number)s %(name)s.") % {"number": player.number, "name": player.display_name}
            ),
        )
    ):
        return redirect(team)
    position = rookie_source(ruleset, team.race)
    profile = rookie_profile(position)
    return render(
        request,
        "teams/confirm.html",
        {
            "team": team,
            "title": _("Hire a free rookie"),
            "question": _("Hire a free rookie %(position)s (MA %(ma)s, ST %(st)s, AG %(ag)s, AV %(av)s)?")
            % {
                "position": position.name(lang()),
                "ma": profile.ma,
                "st": profile.st,
                "ag": profile.ag,
                "av": profile.av,
            },
            "detail": _(
                "A rookie costs nothing and counts 0 in the team value; every characteristic is halved, rounding "
                "up, and no team re-roll may ever be used for his actions. He may be released for free at any time."
            ),
            "button": _("Hire the rookie"),
            "form": form,
            "danger": False,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def team_college(request: HttpRequest, pk: int) -> HttpResponse:
    team = managed_team_or_403(request, pk)
    if not team_ruleset(team).params.team_college:
        raise Http404("This ruleset has no college of magic")
    form = CollegeForm(request.POST if request.method == "POST" else None, initial={"college": team.college})
    if (
        request.method == "POST"
        and form.is_valid()
        and saved_on_form(
            request,
            form,
            lambda: services.team_set_college(
                team=team, college=form.cleaned_data["college"], by=signed_in(request.user)
            ),
            lambda _saved: _("College of magic saved."),
        )
    ):
        return redirect(team)
    return render(
        request,
        "teams/confirm.html",
        {
            "team": team,
            "title": _("College of magic"),
            "question": _("The college of magic that sponsors %(team)s") % {"team": team.name},
            "button": _("Save"),
            "form": form,
            "danger": False,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def team_assistant_titles(request: HttpRequest, pk: int) -> HttpResponse:
    """The assistant coaches' titles, each different, where the ruleset gives them one."""
    team = managed_team_or_403(request, pk)
    if not team_ruleset(team).params.assistant_coach_titles:
        raise Http404("This ruleset gives assistant coaches no titles")
    initial = {"titles": "\n".join(team.assistant_titles)}
    form = AssistantTitlesForm(request.POST if request.method == "POST" else None, initial=initial)
    if (
        request.method == "POST"
        and form.is_valid()
        and saved_on_form(
            request,
            form,
            lambda: services.team_set_assistant_titles(
                team=team, titles=form.cleaned_data["titles"].splitlines(), by=signed_in(request.user)
            ),
            lambda _saved: _("Assistant coaches' titles saved."),
        )
    ):
        return redirect(team)
    return render(
        request,
        "teams/confirm.html",
        {
            "team": team,
            "title": _("Assistant coaches' titles"),
            "question": _("The titles of the %(count)s assistant coaches of %(team)s")
            % {"count": team.assistant_coaches, "team": team.name},
            "button": _("Save"),
            "form": form,
            "danger": False,
        },
    )
