"""The public roster catalogue: every ruleset's team lists, in the reader's language."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import get_language

from league.rules import Ruleset, collation_key, default_ruleset_key, load_ruleset, ruleset_keys


def _ruleset_or_404(key: str | None) -> Ruleset:
    from django.conf import settings

    key = key or settings.DEFAULT_RULESET or default_ruleset_key()
    if key not in ruleset_keys():
        raise Http404("Unknown ruleset")
    return load_ruleset(key)


def _team_choices(ruleset: Ruleset, lang: str) -> list[dict[str, str]]:
    teams = [{"key": t.key, "label": t.name(lang)} for t in ruleset.teams.values()]
    return sorted(teams, key=lambda t: collation_key(t["label"]))


def index(request: HttpRequest) -> HttpResponse:
    lang = get_language() or "en"
    ruleset = _ruleset_or_404(request.GET.get("ruleset"))
    team_key = request.GET.get("team")
    if team_key:
        if team_key not in ruleset.teams:
            raise Http404("Unknown team")
        from django.shortcuts import redirect

        return redirect("catalogue:team", ruleset.key, team_key)
    rulesets = [{"key": k, "label": load_ruleset(k).name(lang)} for k in ruleset_keys()]
    return render(
        request,
        "catalogue/index.html",
        {"ruleset": ruleset, "rulesets": rulesets, "teams": _team_choices(ruleset, lang)},
    )


def team_options(request: HttpRequest) -> HttpResponse:
    """htmx: the team <option>s of the ruleset just chosen."""
    lang = get_language() or "en"
    ruleset = _ruleset_or_404(request.GET.get("ruleset"))
    return render(request, "catalogue/_team_options.html", {"teams": _team_choices(ruleset, lang)})


def team(request: HttpRequest, ruleset_key: str, team_key: str) -> HttpResponse:
    lang = get_language() or "en"
    ruleset = _ruleset_or_404(ruleset_key)
    if team_key not in ruleset.teams:
        raise Http404("Unknown team")
    team_list = ruleset.team(team_key)

    def skill_names(keys: tuple[str, ...]) -> list[str]:
        return [ruleset.skills[k].name(lang) for k in keys]

    positions = [
        {
            "position": pos,
            "name": pos.name(lang),
            "skills": skill_names(pos.skills),
            "normal": ruleset.category_letters(pos.normal_categories, lang),
            "double": ruleset.category_letters(pos.double_categories, lang),
        }
        for pos in team_list.positions
    ]
    stars = [
        {"star": star, "name": star.name(lang), "skills": skill_names(star.skills)}
        for star in ruleset.stars_for_team(team_key, lang)
    ]
    return render(
        request,
        "catalogue/team.html",
        {
            "ruleset": ruleset,
            "ruleset_name": ruleset.name(lang),
            "team": team_list,
            "team_name": team_list.name(lang),
            "positions": positions,
            "stars": stars,
        },
    )


app_name = "catalogue"
urlpatterns = [
    path("", index, name="index"),
    path("teams/", team_options, name="team_options"),
    path("<slug:ruleset_key>/<slug:team_key>/", team, name="team"),
]
