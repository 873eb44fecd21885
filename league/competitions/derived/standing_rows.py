"""A season's table kept at write time (league.competitions.derived.build builds it): ranked by the
standings engine (league.competitions.standings.table), written where it differs from the kept rows,
with the version it is for (league.competitions.standings.cache)."""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

from league.competitions.derived.models import SeasonDerived, StandingRow
from league.competitions.seasons.models import Season, SeasonTeam
from league.competitions.standings.cache import cached, season_version
from league.competitions.standings.table import season_settings, season_table, versioned_settings
from league.infra.bulk import insert_rows, update_rows
from league.rules.standings import Standings


def build_season(season: Season) -> None:
    """The season's table as the engine ranks it now, kept with the version it is for (none kept
    when the table reads what changes without a result: the teams' value, their ratings)."""
    SeasonDerived.objects.filter(season=season).delete()
    settings = season_settings(season)
    version = season_version(season, versioned_settings(season, settings))
    table = None
    if version is not None:
        try:
            table = computed_table(season, version)
        except ValueError:  # a scheme the league broke since: the page says so
            table = None
    if version is None or table is None:
        StandingRow.objects.filter(season=season).delete()
        return
    write_rows(season, table)
    lots = [[r.key, r.tie_breaker, list(r.teams), r.sides] for r in table.lots_needed]
    SeasonDerived.objects.create(season=season, version=version, lots_needed=lots)


ROW_FIELDS = tuple(f.attname for f in StandingRow._meta.concrete_fields if f.attname not in ("id", "season_id"))


def write_rows(season: Season, table: Standings) -> None:
    """The table's rows, written where they differ from the kept ones only: a result moves its two
    teams' rows and those it passes, not the 200 rows of a big season (one read, then at most one
    DELETE, one UPDATE and one INSERT)."""
    kept = {row["team_id"]: row for row in StandingRow.objects.filter(season=season).values("id", *ROW_FIELDS)}
    inserts: list[dict[str, Any]] = []
    sets: dict[int, dict[str, Any]] = {}
    for ordinal, row in enumerate(table.rows):
        fields = asdict(row)
        fields["team_id"] = fields.pop("team")
        fields["form"] = "".join(row.form)
        fields["ordinal"] = ordinal
        old = kept.pop(fields["team_id"], None)
        if old is None:
            inserts.append({"season_id": season.pk, **fields})
            continue
        changed = {name: value for name, value in fields.items() if old[name] != value}
        if changed:
            sets[old["id"]] = changed
    if kept:
        StandingRow.objects.filter(pk__in=[row["id"] for row in kept.values()]).delete()
    update_rows(StandingRow, sets=sets)
    insert_rows(StandingRow, inserts)


def computed_table(season: Season, version: str | None) -> Standings:
    """The season's table as the engine ranks it, without its ledger (no page nor build reads it),
    computed once per version (league.competitions.standings.cache) whoever asks first: the first
    page read after a result (read.table, before the build) or the build itself."""
    return cached("computed", version, lambda: replace(season_table(season), ledger=()))


def refresh_season(season: Season) -> bool:
    """The kept table after matches run again with their results as they were (DerivedDirty.results):
    the same rows, with the teams' value now and the version the season's facts now hash to (a
    replay stamps processed_at again). False when no table is kept for it: then built whole."""
    kept = SeasonDerived.objects.filter(season=season).first()
    version = season_version(season, versioned_settings(season, season_settings(season)))
    if kept is None or version is None:
        return False
    values = dict(
        SeasonTeam.objects.filter(season=season, status=SeasonTeam.Status.APPROVED).values_list(
            "team_id", "team__team_value"
        )
    )
    rows = StandingRow.objects.filter(season=season).values_list("pk", "team_id", "team_value")
    changed = {pk: {"team_value": values.get(team)} for pk, team, value in rows if values.get(team) != value}
    update_rows(StandingRow, sets=changed)
    SeasonDerived.objects.filter(season=season).update(version=version)
    return True
