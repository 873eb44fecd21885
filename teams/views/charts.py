"""A team's charts: its team value, treasury and results over time, drawn on the
server as SVG (teams.charts_svg); three queries whatever the number of matches or ledger entries."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext as _

from league.ratings.elo import points
from league.ratings.models import RatingEntry
from league.ratings.selectors import chart_series, history
from league.rules import load_ruleset
from matches.models import Match
from matches.selectors.common import played_matches
from teams.charts_svg import Point, bar_chart, line_chart, outcome_letter
from teams.models import Team
from teams.selectors import ledger_kind_name, treasury_history
from teams.views.common import team_or_404

# A result counts once confirmed (as in the standings); its TV is the one frozen before kick-off.


def gp(value: int) -> str:
    return number_format(value, force_grouping=True)


def _when(match: Match) -> str:
    return date_format(match.played_on, "SHORT_DATE_FORMAT") if match.played_on else _("undated")


def chart_data(team: Team) -> dict[str, list[Point]]:
    """The points of the three charts: the team value frozen at each played match then today's;
    the treasury's running balance after each ledger entry; each played match's score difference
    with its outcome. Two queries."""
    matches = played_matches(team)
    value, results = [], []
    for match in matches:
        side = match.side_of(team.pk)
        other = "away" if side == "home" else "home"
        opponent = match.team(other).name
        label = _("%(date)s v %(opponent)s") % {"date": _when(match), "opponent": opponent}
        tv = getattr(match, f"{side}_tv")
        if tv is not None:
            value.append(Point(label, tv))
        scored, conceded = getattr(match, f"{side}_score"), getattr(match, f"{other}_score")
        if scored is None or conceded is None:
            continue
        tone = "W" if scored > conceded else "L" if scored < conceded else "D"
        if tone == "D" and match.shootout_winner:  # a level score the shoot-out decided
            tone = "W" if match.shootout_winner == side else "L"
        outcome = outcome_letter(tone)
        score = _("%(match)s: %(scored)s-%(conceded)s (%(outcome)s)") % {
            "match": label,
            "scored": scored,
            "conceded": conceded,
            "outcome": outcome,
        }
        results.append(Point(score, scored - conceded, tone))
    value.append(Point(_("today"), team.team_value))
    balance, treasury = 0, []
    ruleset = load_ruleset(team.league.ruleset)  # the names of its ledger kinds: data, no house rule
    # The treasury only: a bank's entries (rulesets with a bank) are not in its balance.
    for entry in treasury_history(team):
        balance += entry.amount
        when = date_format(entry.created_at, "SHORT_DATE_FORMAT")
        treasury.append(Point(f"{when} {ledger_kind_name(ruleset, entry.kind)}", balance))
    return {"value": value, "treasury": treasury, "results": results}


def team_charts(request: HttpRequest, pk: int) -> HttpResponse:
    team = team_or_404(pk)
    data = chart_data(team)
    charts: list[dict[str, Any]] = []
    value = data["value"]
    charts.append(
        {
            "id": "chart-team-value",
            "heading": _("Team value"),
            "svg": line_chart(
                "chart-team-value",
                _("Team value of %(team)s over time") % {"team": team.name},
                _("%(n)s points, from %(first)s to %(last)s gold pieces; the last one is today's value.")
                % {"n": len(value), "first": gp(value[0].value), "last": gp(value[-1].value)},
                value,
                gp,
            ),
        }
    )
    treasury = data["treasury"]
    if treasury:
        charts.append(
            {
                "id": "chart-treasury",
                "heading": _("Treasury"),
                "svg": line_chart(
                    "chart-treasury",
                    _("Treasury of %(team)s over time") % {"team": team.name},
                    _("The balance after each of the %(n)s ledger entries, from %(first)s to %(last)s gold pieces.")
                    % {"n": len(treasury), "first": gp(treasury[0].value), "last": gp(treasury[-1].value)},
                    treasury,
                    gp,
                ),
            }
        )
    results = data["results"]
    if results:
        tally = {tone: sum(1 for p in results if p.tone == tone) for tone in ("W", "D", "L")}
        charts.append(
            {
                "id": "chart-results",
                "heading": _("Results"),
                "svg": bar_chart(
                    "chart-results",
                    _("Results of %(team)s, match by match") % {"team": team.name},
                    _(
                        "Each bar is a match's score difference: %(w)s won (up), %(d)s drawn (on the line), "
                        "%(l)s lost (down)."
                    )
                    % {"w": tally["W"], "d": tally["D"], "l": tally["L"]},
                    results,
                    lambda v: str(v),
                ),
            }
        )
    charts.append(rating_chart(team))
    return render(request, "teams/charts.html", {"team": team, "charts": charts})


def rating_chart(team: Team) -> dict[str, Any]:
    """The team's ELO rating after each rated match (league.ratings), from the league's start."""
    steps = history(team.league, RatingEntry.Kind.TEAM, team.pk)
    series = [Point(label, value) for label, value in chart_series(team.league, steps)]
    return {
        "id": "chart-rating",
        "heading": _("Rating (ELO)"),
        "svg": line_chart(
            "chart-rating",
            _("ELO rating of %(team)s over time") % {"team": team.name},
            _("The rating after each of its %(n)s rated matches, from %(first)s to %(last)s points.")
            % {"n": len(steps), "first": points(series[0].value), "last": points(series[-1].value)},
            series,
            points,
        ),
    }
