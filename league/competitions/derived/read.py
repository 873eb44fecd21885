"""The pages' reads of the derived tables (league.competitions.derived.models): a lookup when the
tables are up to date, the computation the pages ran before (the same functions) otherwise: a
league not built yet, a change whose build has not run, a write none of the receivers heard.

Up to date means, for a season's table, kept for the version its page computes anyway
(league.competitions.standings.cache.season_version); for the statistics, no change of the league
waiting for its build and the league's processed matches as the last build saw them (two queries).
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Max, Q

from league.competitions.derived.build import stats_fingerprint
from league.competitions.derived.models import LeagueRecord, PlayerTotal, SeasonDerived, StandingRow
from league.competitions.derived.standing_rows import computed_table
from league.competitions.seasons.models import Season
from league.competitions.stats import selectors as stats
from league.core.models import League
from league.rules.standings import LotsRequest, Standings, StandingsRow
from matches.models import Match
from teams.models import Player

FIGURES = ("matches", *stats.STATS)


def kept_table(season: Season, version: str | None) -> Standings | None:
    """The season's table as kept for `version` (two queries), None when it is not. Its ledger is
    not kept: the pages that read a table through here show its rows only."""
    if version is None:
        return None
    kept = SeasonDerived.objects.filter(season=season, version=version).first()
    if kept is None:
        return None
    rows = tuple(
        StandingsRow(
            team=r.team_id,
            position=r.position,
            tied=r.tied,
            above_next_on=r.above_next_on,
            played=r.played,
            won=r.won,
            drawn=r.drawn,
            lost=r.lost,
            conceded=r.conceded,
            byes=r.byes,
            td_for=r.td_for,
            td_against=r.td_against,
            cas_for=r.cas_for,
            cas_against=r.cas_against,
            points=r.points,
            points_without_bonus=r.points_without_bonus,
            form=tuple(r.form),
            team_value=r.team_value,
        )
        for r in StandingRow.objects.filter(season=season).order_by("ordinal")
    )
    lots = tuple(
        LotsRequest(key=key, teams=tuple(teams), sides=sides, tie_breaker=tie_breaker)
        for key, tie_breaker, teams, sides in kept.lots_needed
    )
    return Standings(rows=rows, ledger=(), lots_needed=lots)


def table(season: Season, version: str | None) -> Standings:
    """The season's table: kept, or computed by the engine."""
    return kept_table(season, version) or computed_table(season, version)


def stats_ready(league: League) -> bool:
    """Whether the league's derived statistics are up to date (two queries)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT (SELECT fingerprint FROM league_leaguederived WHERE league_id = %s),"
            " (SELECT COUNT(*) FROM league_deriveddirty WHERE league_id = %s)",
            [league.pk, league.pk],
        )
        fingerprint, waiting = cursor.fetchone()
    return bool(fingerprint) and not waiting and fingerprint == stats_fingerprint(league.pk)


def kept_totals(league: League, season: Season | None) -> list[dict[str, Any]]:
    """player_totals' rows, from the kept totals (one query)."""
    kept = PlayerTotal.objects.filter(league=league, season=season).select_related("player__team")
    return [{**stats._player_row(t.player), **{f: getattr(t, f) for f in FIGURES}} for t in kept]


def leaders(league: League, season: Season | None = None) -> list[dict[str, Any]]:
    """stats.leaders, read from the kept totals when they are up to date."""
    if not stats_ready(league):
        return stats.leaders(league, season)
    rows = [row for row in kept_totals(league, season) if any(row[stat] for stat in stats.STATS)]
    return stats.default_order(rows, "spp")


def _rows(kept: Any) -> list[dict[str, Any]]:
    return [
        {**stats._player_row(t.player), **{f: getattr(t, f) for f in FIGURES}}
        for t in kept.select_related("player__team")
    ]


def leaders_head(
    league: League, season: Season | None, limit: int
) -> tuple[list[dict[str, Any]], int, list[dict[str, Any]]] | None:
    """The leaders page in its usual order without every player: its first `limit` rows (those
    level with or above the limit-th SPP, ordered), how many rows the whole table has, and each
    figure's leading rows (every row at its best value: the cards above the table pick from them).
    Five queries besides the check, whatever the number of players; None when not up to date."""
    if not stats_ready(league):
        return None
    any_figure = Q()
    for stat in stats.STATS:
        any_figure |= Q(**{f"{stat}__gt": 0})
    kept = PlayerTotal.objects.filter(any_figure, league=league, season=season)
    count = kept.count()
    cut = list(kept.order_by("-spp").values_list("spp", flat=True)[limit - 1 : limit])
    head = stats.default_order(_rows(kept.filter(spp__gte=cut[0]) if cut else kept), "spp")[:limit]
    best = kept.aggregate(**{stat: Max(stat) for stat in stats.STATS})
    at_best = Q(pk__in=[])
    for stat, value in best.items():
        if value:
            at_best |= Q(**{stat: value})
    return head, count, _rows(kept.filter(at_best))


def hall_of_fame(league: League, limit: int = stats.HALL_OF_FAME) -> list[dict[str, Any]]:
    """stats.hall_of_fame, read from the kept all-time totals: the rows level with or above the
    limit-th SPP only (two queries), whatever the number of players."""
    if not stats_ready(league):
        return stats.hall_of_fame(league, limit)
    kept = PlayerTotal.objects.filter(league=league, season=None, spp__gt=0)
    cut = list(kept.order_by("-spp").values_list("spp", flat=True)[limit - 1 : limit])
    if cut:
        kept = kept.filter(spp__gte=cut[0])
    return stats.default_order(_rows(kept), "spp")[:limit]


def records(league: League) -> list[dict[str, Any]]:
    """stats.records, from the kept holders when they are up to date (four queries)."""
    if not stats_ready(league):
        return stats.records(league)
    found = []
    for r in LeagueRecord.objects.filter(league=league).order_by("pk"):
        where = {"match_id": r.match_id} if r.scope == stats.RECORD_MATCH else {"match__season_id": r.season_id}
        found.append({"player_id": r.player_id, **where, "value": r.value, "stat": r.stat, "scope": r.scope})
    return stats.record_rows(found)


# The home's leaders, and the match statuses whose lines it counts besides the processed ones.
HOME_LEADERS = ("touchdowns", "casualties", "spp")
UNPROCESSED = (Match.Status.CONFIRMED, Match.Status.PROCESSING, Match.Status.FAILED)


def season_leaders(season: Season, limit: int) -> dict[str, list[Player]] | None:
    """league.pages.selectors.computed_season_leaders from the kept season totals: the players
    with a `total`, by total, name and id. None when they are not up to date, or when a result of
    the season waits for its sequence (the home counts its lines as soon as it is confirmed)."""
    if not stats_ready(season.league) or Match.objects.filter(season=season, status__in=UNPROCESSED).exists():
        return None
    found: dict[str, list[Player]] = {}
    for stat in HOME_LEADERS:
        kept = (
            PlayerTotal.objects.filter(league_id=season.league_id, season=season, **{f"{stat}__gt": 0})
            .select_related("player__team")
            .order_by(f"-{stat}", "player__name", "player_id")[:limit]
        )
        found[stat] = []
        for total in kept:
            player = total.player
            player.total = getattr(total, stat)  # type: ignore[attr-defined]  # as the computed rows' annotation
            found[stat].append(player)
    return found
