"""Public league pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language

from league.models import League
from league.rules import load_ruleset
from league.selectors import league_list, league_ruleset
from teams.selectors import team_list_for_league


def home(request: HttpRequest) -> HttpResponse:
    lang = get_language() or "en"
    leagues = list(league_list())
    for league in leagues:
        league.ruleset_name = load_ruleset(league.ruleset).name(lang)
    return render(request, "league/home.html", {"leagues": leagues})


def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League.objects.select_related("commissioner"), slug=slug)
    ruleset = league_ruleset(league)
    lang = get_language() or "en"
    teams = [
        {"team": team, "race_name": ruleset.team(team.race).name(lang)}
        for team in team_list_for_league(league.pk)
    ]
    return render(
        request,
        "league/detail.html",
        {"league": league, "teams": teams, "ruleset_name": ruleset.name(lang)},
    )
