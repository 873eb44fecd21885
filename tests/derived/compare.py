"""The derived tables (league.competitions.derived) against the from-scratch computation the pages
ran before: the engine's season table, the statistics' grouped queries. What differs, worded."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from league.competitions.derived import read as derived
from league.competitions.seasons.models import Season
from league.competitions.standings.cache import season_version
from league.competitions.standings.table import season_settings, season_table, versioned_settings
from league.competitions.stats import selectors as stats
from league.competitions.stats.views import _tops
from league.pages.selectors import LEADERS, computed_season_leaders


def _rows(table: Any) -> list[Any]:
    # A row's team value is the team's value when the table was computed (no page shows it; a
    # purchase changes it without changing the table): not compared.
    return [replace(row, team_value=None) for row in table.rows]


def _by_player(rows: list[dict[str, Any]]) -> list[tuple]:
    return sorted(tuple(sorted((k, str(v)) for k, v in row.items())) for row in rows)


def differences(league: Any) -> list[str]:
    found: list[str] = []
    for season in Season.objects.filter(league=league).select_related("league").order_by("number"):
        version = season_version(season, versioned_settings(season, season_settings(season)))
        kept = derived.kept_table(season, version)
        if kept is None:
            found.append(f"season {season.number}: no table kept for its version")
            continue
        fresh = season_table(season)
        if _rows(kept) != _rows(fresh):
            found.append(f"season {season.number}: kept rows {_rows(kept)} != computed {_rows(fresh)}")
        if kept.lots_needed != fresh.lots_needed:
            found.append(f"season {season.number}: lots {kept.lots_needed} != {fresh.lots_needed}")
    if not derived.stats_ready(league):
        return [*found, "the statistics are not built for the league's processed matches"]
    for season in [None, *Season.objects.filter(league=league).select_related("league")]:
        scope = season.number if season else "all time"
        if _by_player(derived.kept_totals(league, season)) != _by_player(stats.player_totals(league, season)):
            found.append(f"totals ({scope}) differ")
        # Computed once per scope: the leaders' head below compares against the same list.
        computed = stats.leaders(league, season)
        kept_leaders = derived.leaders(league, season)
        if kept_leaders != computed:
            found.append(f"leaders ({scope}): {kept_leaders} != {computed}")
        found += _leaders_head(league, season, computed)
        if season is not None:
            found += _home_leaders(season)
    if derived.hall_of_fame(league) != stats.hall_of_fame(league):
        found.append(f"hall of fame: {derived.hall_of_fame(league)} != {stats.hall_of_fame(league)}")
    kept_records, fresh_records = _by_player(derived.records(league)), _by_player(stats.records(league))
    if kept_records != fresh_records:
        found.append(f"records: {kept_records} != {fresh_records}")
    return found


def _home_leaders(season: Season) -> list[str]:
    kept = derived.season_leaders(season, LEADERS)
    if kept is None:
        return [f"season {season.number}: the home's leaders not read from the kept totals"]
    fresh = computed_season_leaders(season, LEADERS)
    listed = {stat: [(p.pk, p.total) for p in players] for stat, players in kept.items()}
    computed = {stat: [(p.pk, p.total) for p in players] for stat, players in fresh.items()}
    return [] if listed == computed else [f"season {season.number}: home leaders {listed} != {computed}"]


def _leaders_head(league: Any, season: Season | None, computed: list[Any]) -> list[str]:
    """The leaders page's first rows, count and cards, at a limit small enough to cut the table;
    `computed` is the from-scratch leaders list of the same scope."""
    scope = season.number if season else "all time"
    problems = []
    for limit in (1, 3):
        head = derived.leaders_head(league, season, limit)
        if head is None:
            return [f"leaders head ({scope}): not read from the kept totals"]
        rows, count, leading = head
        if rows != computed[:limit] or count != len(computed):
            problems.append(f"leaders head ({scope}, {limit}): {rows}, {count} != {computed[:limit]}, {len(computed)}")
        if _tops(leading) != _tops(computed):
            problems.append(f"leaders cards ({scope}): {_tops(leading)} != {_tops(computed)}")
    return problems
