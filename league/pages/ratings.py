"""The league's ratings pages: its coaches' and teams' ELO table, and one coach's history with its
chart (league.ratings; the chart is drawn on the server as SVG, teams.charts_svg)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from league.core.selectors import league_or_404
from league.ratings.elo import points
from league.ratings.models import RatingEntry
from league.ratings.selectors import chart_series, coach_or_404, coach_table, history, start_rating, team_table
from teams.charts_svg import Point, line_chart

Kind = RatingEntry.Kind


def league_ratings(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_or_404(slug)
    context = {
        "league": league,
        "coaches": coach_table(league),
        "teams": team_table(league),
        "start": points(start_rating(league)),
    }
    return render(request, "league/ratings.html", context)


def coach_rating(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    league = league_or_404(slug)
    coach = coach_or_404(league, user_id)
    steps = history(league, Kind.COACH, coach.pk)
    series = [Point(label, value) for label, value in chart_series(league, steps)]
    chart = line_chart(
        "chart-coach-rating",
        _("ELO rating of %(coach)s over time") % {"coach": coach.get_username()},
        _("The rating after each of the coach's %(n)s rated matches, from %(first)s to %(last)s points.")
        % {"n": len(steps), "first": points(series[0].value), "last": points(series[-1].value)},
        series,
        points,
    )
    context = {
        "league": league,
        "coach": coach,
        "rating": points(series[-1].value),
        "steps": list(reversed(steps)),
        "chart": chart,
    }
    return render(request, "league/rating_coach.html", context)
