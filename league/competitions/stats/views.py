"""The league's statistics pages: leaders (a season or all time), records, the
hall of fame and the cemetery; each table sortable (`?sort=`) and exportable (`?format=csv`).

Every page reads the league, its version (league.competitions.stats.cache: one query) and its seasons, then
the cached rows: a fixed number of queries whatever the number of matches."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from league.competitions.derived import read as derived
from league.competitions.seasons.models import Season
from league.competitions.stats import selectors as stats
from league.competitions.stats import tables
from league.competitions.stats.cache import cached, league_version
from league.core.models import League
from league.core.selectors import league_ruleset, league_with_rules_or_404
from league.infra.page_shared import share_among_readers

LEADERS_ROWS = 50  # the page shows the top rows; the CSV file has every player

STAT_LABELS = {
    "touchdowns": gettext_lazy("Touchdowns"),
    "casualties": gettext_lazy("Casualties caused"),
    "completions": gettext_lazy("Completions"),
    "interceptions": gettext_lazy("Interceptions"),
    "mvps": gettext_lazy("MVPs"),
    "spp": gettext_lazy("SPP"),
}
SCOPE_LABELS = {stats.RECORD_MATCH: gettext_lazy("One match"), stats.RECORD_SEASON: gettext_lazy("One season")}


def _league(slug: str) -> tuple[League, str]:
    league = league_with_rules_or_404(slug)
    return league, league_version(league)


def _table_page(
    request: HttpRequest,
    league: League,
    template: str,
    rows: list[dict[str, Any]],
    columns: tuple[tables.Column, ...],
    filename: str,
    limit: int | None = None,
    total: int | None = None,
    **context: Any,
) -> HttpResponse:
    ordered, sorted_on, message = tables.sort_rows(request, rows, columns)
    if tables.wants_csv(request):
        return tables.csv_response(filename, ordered, columns)
    shown = ordered[:limit] if limit else ordered
    return render(
        request,
        template,
        {
            "league": league,
            # Each row's cells in the columns' order: the template shows any table the same way.
            "rows": [{"row": row, "cells": [(c.key, row.get(c.key)) for c in columns]} for row in shown],
            "more": (len(ordered) if total is None else total) - len(shown),
            "headers": tables.headers(request, columns, sorted_on),
            "sort_message": message,
            "csv_link": tables.csv_link(request),
            **context,
        },
    )


def stats_leaders(request: HttpRequest, slug: str) -> HttpResponse:
    league, version = _league(slug)
    seasons = stats.league_seasons(league)
    season: Season | None = None
    asked = request.GET.get("season", "")
    if asked:
        season = next((s for s in seasons if str(s.number) == asked), None)
        if season is None:
            raise Http404(_("This league has no season %(n)s.") % {"n": asked[:20]})
    scope = f"s{season.number}" if season else "all"
    lang = get_language()
    full = f"leaders:{scope}:{lang}"

    def all_rows() -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = cached(full, version, lambda: derived.leaders(league, season))
        return rows

    name = f"{league.slug}-leaders-{scope}.csv"
    context: dict[str, Any] = {"seasons": seasons, "season": season, "tab": "leaders"}
    if tables.wants_csv(request) or request.GET.get("sort"):
        return _table_page(
            request,
            league,
            "league/stats_leaders.html",
            all_rows(),
            tables.LEADERS,
            name,
            LEADERS_ROWS,
            tops=cached(f"{full}:tops", version, lambda: _tops(all_rows())),
            **context,
        )

    # The page in its usual order: its shown rows and tops cached apart, so that a reader does not
    # load every player of the league (2,300 on the bench's league) to see fifty.
    def head_of() -> dict[str, Any]:
        # From the kept totals when they are up to date: the first rows, not every player.
        kept = derived.leaders_head(league, season, LEADERS_ROWS)
        if kept is None:
            return _head(all_rows())
        rows, count, leading = kept
        return {"rows": rows, "count": count, "tops": _tops(leading)}

    head = cached(f"{full}:head", version, head_of)
    share_among_readers(request)  # nothing in it is the reader's own
    return _table_page(
        request,
        league,
        "league/stats_leaders.html",
        head["rows"],
        tables.LEADERS,
        name,
        total=head["count"],
        tops=head["tops"],
        fragment=f"{version}:{scope}",
        **context,
    )


def _tops(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each figure's leader (the first of the default order on it), for the cards above the table."""
    tops = []
    for key, label in STAT_LABELS.items():
        best = stats.default_order(rows, key)[:1]
        row = best[0] if best and best[0][key] else None
        tops.append({"key": key, "label": str(label), "row": row, "value": row[key] if row else 0})
    return tops


def _head(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"rows": rows[:LEADERS_ROWS], "count": len(rows), "tops": _tops(rows)}


def stats_records(request: HttpRequest, slug: str) -> HttpResponse:
    league, version = _league(slug)
    rows = [
        {**row, "stat_label": str(STAT_LABELS[row["stat"]]), "scope_label": str(SCOPE_LABELS[row["scope"]])}
        for row in cached(f"records:{get_language()}", version, lambda: derived.records(league))
    ]
    return _table_page(
        request, league, "league/stats_records.html", rows, tables.RECORDS, f"{league.slug}-records.csv", tab="records"
    )


def stats_hall_of_fame(request: HttpRequest, slug: str) -> HttpResponse:
    league, version = _league(slug)
    rows = [
        {**row, "status_label": _status(row["status"])}
        for row in cached(f"hall:{get_language()}", version, lambda: derived.hall_of_fame(league))
    ]
    return _table_page(
        request,
        league,
        "league/stats_hall_of_fame.html",
        rows,
        tables.HALL_OF_FAME,
        f"{league.slug}-hall-of-fame.csv",
        tab="hall",
    )


def stats_cemetery(request: HttpRequest, slug: str) -> HttpResponse:
    league, version = _league(slug)
    ruleset = league_ruleset(league)
    rows = cached(f"cemetery:{get_language()}", version, lambda: stats.cemetery(league, ruleset))
    return _table_page(
        request,
        league,
        "league/stats_cemetery.html",
        rows,
        tables.CEMETERY,
        f"{league.slug}-cemetery.csv",
        tab="cemetery",
    )


def _status(status: str) -> str:
    from teams.models import Player

    return str(Player.Status(status).label) if status in Player.Status.values else status
