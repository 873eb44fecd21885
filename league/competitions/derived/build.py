"""The derived tables brought up to date after a committed change (league.competitions.derived.receivers
marks what changed; this builds it), once per change and league, in a transaction of its own that
holds the league's LeagueDerived row: two builds of one league never interleave.

What is built, from the same functions the pages ran on every read (the oracles the tests compare with):
- the table of every season a change touched (the standings engine, league.competitions.standings.table);
- the totals (per season and all time) of every player of the teams a changed match opposed,
  each summed again from his match records: a replay or a void that takes figures away is as right
  as a new result that adds some;
- the records: a new figure above or level with a record joins its holders; a record one of whose
  holders was touched (a replayed or voided match, a player whose totals moved) is found again.
A league never built (its first change since the tables exist) is built whole.

A build changes no page: every page reads these tables through league.competitions.derived.read,
which computes what they would hold whenever they are not up to date for what the page reads (a
season's version, the league's fingerprint and its waiting marks), and the tests hold the two equal.
A page rendered between the change and its build is then the page rendered after it, and the
change's own commit already made the pages it changes stale: the build's writes bump no page
version (league/infra/page_versions.py), so a result renders its league's pages once, not twice.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, Q, Sum

from league.competitions.derived.models import (
    DerivedDirty,
    LeagueDerived,
    LeagueRecord,
    PlayerTotal,
)
from league.competitions.derived.standing_rows import build_season, refresh_season
from league.competitions.seasons.models import Season
from league.competitions.stats.selectors import (
    EFFECT_STATS,
    LINE_STATS,
    PLAYED_LINE,
    RECORD_MATCH,
    RECORD_SEASON,
    RECORD_TIES,
    SPP,
    STATS,
    record_holders,
)
from league.core.models import League
from league.infra.bulk import insert_rows, update_rows
from league.infra.page_versions import unseen_writes
from matches.models import Match, MatchEffect, MatchPlayer
from teams.models import Player

# What the statistics are made of, besides what a build was told of: the league's processed matches
# (a replay stamps processed_at again). A write that reached none of the receivers (a bulk import)
# changes it, and the pages compute as before until the next build.
FINGERPRINT_SQL = """
SELECT COUNT(*), MAX(processed_at), SUM(id), MAX(sequence)
  FROM matches_match WHERE league_id = %s AND status = 'processed'
"""


def stats_fingerprint(league_id: int) -> str:
    with connection.cursor() as cursor:
        cursor.execute(FINGERPRINT_SQL, [league_id])
        facts = list(cursor.fetchone())
    return hashlib.sha256(json.dumps(facts, default=str).encode()).hexdigest()[:40]


def build(league_id: int) -> None:
    """Bring the league's derived tables up to date with every change marked for it."""
    league = League.objects.filter(pk=league_id).first()
    if league is None:  # deleted since it was marked (with its marks)
        return
    with transaction.atomic(), unseen_writes():
        header = LeagueDerived.objects.select_for_update().filter(league_id=league_id).first()
        if header is None:  # its first build (one statement more, once per league)
            LeagueDerived.objects.get_or_create(league_id=league_id)
            header = LeagueDerived.objects.select_for_update().get(league_id=league_id)
        dirty = list(DerivedDirty.objects.filter(league_id=league_id))
        if not header.fingerprint:
            build_all(league)
        elif not dirty:  # another build took them: nothing to vouch for
            return
        else:
            seasons = {d.season_id for d in dirty if d.season_id is not None and d.results}
            same = {d.season_id for d in dirty if d.season_id is not None and not d.results} - seasons
            matches = {d.match_id for d in dirty if d.match_id is not None}
            teams = {t for d in dirty for t in (d.home_id, d.away_id) if t is not None}
            for season in Season.objects.filter(pk__in=seasons | same).select_related("league"):
                if season.pk in seasons or not refresh_season(season):
                    build_season(season)
            if matches or teams:
                players = _players(league, teams, matches)
                write_totals(league, players)
                update_records(league, players, matches)
            if drifted(league, [d.pk for d in dirty]):  # a write no receiver heard (a bulk import): built whole again
                build_all(league)
        DerivedDirty.objects.filter(pk__in=[d.pk for d in dirty]).delete()
        header.fingerprint = stats_fingerprint(league_id)
        header.save(update_fields=["fingerprint"])


def drifted(league: League, taken: list[int]) -> bool:
    """Whether the kept all-time totals, summed over the league, differ from its match records
    (three aggregates, no grouping): what the marks cannot tell, the sums do. A match marked since
    this build read its marks (`taken`: their ids) is not counted: a sequence committed meanwhile
    on the other worker is the next build's, not a write no receiver heard (it made every other
    batch a whole rebuild while sequences ran)."""
    figures = ("matches", *STATS)
    kept = PlayerTotal.objects.filter(league=league, season=None).aggregate(**{f: Sum(f) for f in figures})
    later = DerivedDirty.objects.filter(league=league, match_id__isnull=False).exclude(pk__in=taken)
    known = {"match__league": league, "match__status": Match.Status.PROCESSED, "player__team__league": league}
    lines = (
        MatchPlayer.objects.filter(**known)
        .exclude(match_id__in=later.values("match_id"))
        .aggregate(matches=Count("pk", filter=PLAYED_LINE), **{stat: Sum(stat) for stat in LINE_STATS})
    )
    effects = (
        MatchEffect.objects.filter(**known, kind__in=("spp", "mvp"))
        .exclude(match_id__in=later.values("match_id"))
        .aggregate(mvps=Count("pk", filter=Q(kind="mvp")), spp=Sum(SPP))
    )
    found = {**lines, **effects}
    return any((kept[f] or 0) != (found[f] or 0) for f in figures)


def build_all(league: League) -> None:
    for season in Season.objects.filter(league=league).select_related("league"):
        build_season(season)
    PlayerTotal.objects.filter(league=league).delete()
    write_totals(league, None)
    LeagueRecord.objects.filter(league=league).delete()
    found = [
        h for stat in STATS for scope in (RECORD_MATCH, RECORD_SEASON) for h in record_holders(league, stat, scope)
    ]
    _write_records(league, found)


# --- players' totals ---


def _players(league: League, teams: set[int], matches: set[int]) -> set[int]:
    """The players whose totals a change may move: every player of the teams it touched, and
    anyone with a line or an effect in its matches; the league's players only (what totals()
    keeps), in one read."""
    touched = (
        Q(team_id__in=teams)
        | Q(pk__in=MatchPlayer.objects.filter(match_id__in=matches).values("player_id"))
        | Q(pk__in=MatchEffect.objects.filter(match_id__in=matches, player__isnull=False).values("player_id"))
    )
    return set(Player.objects.filter(touched, team__league=league).order_by().values_list("pk", flat=True))


def totals(
    league: League, players: Iterable[int] | None, *, of_league: bool = False
) -> dict[tuple[int, int | None], dict[str, int]]:
    """(player, season) -> figures, with (player, None) the player's all-time figures, summed as
    league.competitions.stats.selectors.player_totals sums them; two grouped queries (and the
    league's players, unless `of_league` says `players` are all of it: _players)."""
    lines = MatchPlayer.objects.filter(match__league=league, match__status=Match.Status.PROCESSED)
    effects = MatchEffect.objects.filter(
        match__league=league, match__status=Match.Status.PROCESSED, kind__in=("spp", "mvp"), player__isnull=False
    )
    known = Player.objects.filter(team__league=league)
    if players is not None:
        ids = list(players)
        lines, effects, known = (
            lines.filter(player_id__in=ids),
            effects.filter(player_id__in=ids),
            known.filter(pk__in=ids),
        )
    found: dict[tuple[int, int | None], dict[str, int]] = defaultdict(lambda: dict.fromkeys(("matches", *STATS), 0))
    # Plain rows for the type checker: the annotations' names are built, not literals.
    per_line: Any = (
        lines.values("player_id", "match__season_id")
        .annotate(played=Count("pk", filter=PLAYED_LINE), **{stat: Sum(stat) for stat in LINE_STATS})
        .order_by()
    )
    for row in per_line:
        figures = {"matches": row["played"], **{stat: row[stat] or 0 for stat in LINE_STATS}}
        _add(found, row["player_id"], row["match__season_id"], figures)
    per_effect: Any = (
        effects.values("player_id", "match__season_id")
        .annotate(mvps=Count("pk", filter=Q(kind="mvp")), spp=Sum(SPP))
        .order_by()
    )
    for row in per_effect:
        _add(found, row["player_id"], row["match__season_id"], {"mvps": row["mvps"] or 0, "spp": row["spp"] or 0})
    inside = set(ids) if of_league and players is not None else set(known.values_list("pk", flat=True))
    return {key: figures for key, figures in found.items() if key[0] in inside}


def _add(
    found: dict[tuple[int, int | None], dict[str, int]], player: int, season: int | None, figures: dict[str, int]
) -> None:
    scopes = (None,) if season is None else (season, None)
    for scope in scopes:
        kept = found[(player, scope)]
        for key, value in figures.items():
            kept[key] += value


def write_totals(league: League, players: set[int] | None) -> dict[tuple[int, int | None], dict[str, int]]:
    """The players' kept totals made equal to their sums, writing only the rows that differ: a
    replay over fifty matches moves a few players' figures, not the thousand rows it sums again."""
    found = totals(league, players, of_league=players is not None)  # (_players: the league's only)
    if players is None:  # the whole league, its rows deleted first (build_all)
        # Plain multi-row INSERTs (league.infra.bulk): bulk_create's model instances cost more
        # Python than the rest of the build.
        rows = [_total_row(league.pk, key, figures) for key, figures in found.items()]
        for start in range(0, len(rows), TOTALS_CHUNK):
            insert_rows(PlayerTotal, rows[start : start + TOTALS_CHUNK])
        return found
    stored = PlayerTotal.objects.filter(league=league, player_id__in=list(players))
    kept = {
        (player, season): (pk, dict(zip(FIGURES, values, strict=True)))
        for pk, player, season, *values in stored.values_list("pk", "player_id", "season_id", *FIGURES)
    }
    changed: dict[int, dict[str, int]] = {}
    new = []
    for key, figures in found.items():
        old = kept.pop(key, None)
        if old is None:
            new.append(_total_row(league.pk, key, figures))
        elif old[1] != figures:
            changed[old[0]] = figures
    if kept:
        PlayerTotal.objects.filter(pk__in=[pk for pk, _figures in kept.values()]).delete()
    pks = sorted(changed)
    for start in range(0, len(pks), UPDATE_CHUNK):  # a CASE per figure: few rows per statement
        update_rows(PlayerTotal, sets={pk: changed[pk] for pk in pks[start : start + UPDATE_CHUNK]})
    for start in range(0, len(new), TOTALS_CHUNK):
        insert_rows(PlayerTotal, new[start : start + TOTALS_CHUNK])
    return found


FIGURES = ("matches", *STATS)
# Rows per INSERT of the totals (10 columns each: well within SQLite's and PostgreSQL's parameters),
# and per UPDATE (each row's figures in 7 CASEs: 50 rows, 750 parameters).
TOTALS_CHUNK = 500
UPDATE_CHUNK = 50


def _total_row(league_id: int, key: tuple[int, int | None], figures: dict[str, int]) -> dict[str, Any]:
    return {"league_id": league_id, "player_id": key[0], "season_id": key[1], **{f: figures[f] for f in FIGURES}}


# --- records ---


def _where(holder: dict[str, Any]) -> int:
    return int(holder["match_id"] if holder["scope"] == RECORD_MATCH else holder["match__season_id"])


def update_records(league: League, players: set[int], matches: set[int]) -> None:
    """Every record brought up to date with the changed matches and players (see the module)."""
    stored: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in LeagueRecord.objects.filter(league=league):
        key = "match_id" if r.scope == RECORD_MATCH else "match__season_id"
        holder = {"player_id": r.player_id, key: r.match_id or r.season_id, "value": r.value}
        stored[(r.stat, r.scope)].append({**holder, "stat": r.stat, "scope": r.scope})
    candidates = _candidates(league, players, matches)
    found: list[dict[str, Any]] = []
    for stat in STATS:
        for scope in (RECORD_MATCH, RECORD_SEASON):
            holders = stored[(stat, scope)]
            touched = any(
                (h["match_id"] in matches) if scope == RECORD_MATCH else (h["player_id"] in players) for h in holders
            )
            if touched:  # a figure may have gone down: found again from the match records
                found += record_holders(league, stat, scope)
            else:
                found += _merged(holders + candidates[(stat, scope)])
    LeagueRecord.objects.filter(league=league).delete()
    _write_records(league, found)


def _merged(pool: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The record's holders among the kept ones and the new figures: the best value, the first
    RECORD_TIES by player then match or season (league.competitions.stats.selectors._top's order)."""
    best = max((h["value"] for h in pool), default=0)
    level = {(h["player_id"], _where(h)): h for h in pool if h["value"] == best and best > 0}
    return [level[key] for key in sorted(level)][:RECORD_TIES]


def _candidates(league: League, players: set[int], matches: set[int]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """The changed matches' figures per player (most in one match) and the changed players' season
    totals (most in one season), as record holders would be."""
    found: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    processed = Match.objects.filter(pk__in=matches, league=league, status=Match.Status.PROCESSED)
    lines = MatchPlayer.objects.filter(match__in=processed).values("player_id", "match_id", *LINE_STATS)
    for line in lines:
        for stat in LINE_STATS:
            if line[stat] and line[stat] > 0:
                holder = {"player_id": line["player_id"], "match_id": line["match_id"], "value": line[stat]}
                found[(stat, RECORD_MATCH)].append({**holder, "stat": stat, "scope": RECORD_MATCH})
    effects: Any = (
        MatchEffect.objects.filter(match__in=processed, kind__in=("spp", "mvp"), player__isnull=False)
        .values("player_id", "match_id")
        .annotate(mvps=Count("pk", filter=Q(kind="mvp")), spp=Sum(SPP))
        .order_by()
    )
    for row in effects:
        for stat in EFFECT_STATS:
            if row[stat] and row[stat] > 0:
                holder = {"player_id": row["player_id"], "match_id": row["match_id"], "value": row[stat]}
                found[(stat, RECORD_MATCH)].append({**holder, "stat": stat, "scope": RECORD_MATCH})
    seasons = PlayerTotal.objects.filter(league=league, player_id__in=list(players), season__isnull=False)
    for total in seasons.values("player_id", "season_id", *STATS):
        for stat in STATS:
            if total[stat] > 0:
                holder = {"player_id": total["player_id"], "match__season_id": total["season_id"], "value": total[stat]}
                found[(stat, RECORD_SEASON)].append({**holder, "stat": stat, "scope": RECORD_SEASON})
    return found


def _write_records(league: League, found: list[dict[str, Any]]) -> None:
    LeagueRecord.objects.bulk_create(
        LeagueRecord(
            league=league,
            stat=h["stat"],
            scope=h["scope"],
            value=h["value"],
            player_id=h["player_id"],
            match_id=h.get("match_id") if h["scope"] == RECORD_MATCH else None,
            season_id=h.get("match__season_id") if h["scope"] == RECORD_SEASON else None,
        )
        for h in found
    )
