"""Tables derived from a league's results, kept at write time so that a page reads them in a lookup
(docs/decisions/seasons.md, "Derived tables kept at write time").

They hold nothing the results do not say: league.competitions.derived.build computes them from the
same functions the pages used to run on every read (the engine's season table, the statistics'
grouped queries), for the seasons and players a change touched, once per committed change.
A page uses them only when they are up to date (league.competitions.derived.read); otherwise it
computes as before.
"""

from __future__ import annotations

from django.db import models


class DerivedDirty(models.Model):
    """A change not yet brought into the derived tables: written in the writer's transaction (so it
    commits or rolls back with the change), taken by the build that runs once it commits."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="+")
    season = models.ForeignKey("league.Season", on_delete=models.CASCADE, null=True, related_name="+")
    match_id = models.IntegerField(null=True)  # no key: the row outlives nothing it names
    home_id = models.IntegerField(null=True)
    away_id = models.IntegerField(null=True)
    # False: the match was run again with what its season's table reads of it unchanged (its status,
    # place in play order, score and casualties per side): the table needs its teams' value and its
    # version brought up to date, not ranking again (league.competitions.derived.standing_rows.refresh_season).
    results = models.BooleanField(default=True)

    class Meta:
        indexes = [models.Index(fields=["league"], name="derived_dirty_league")]


class LeagueDerived(models.Model):
    """A league's derived statistics are built; `fingerprint` says of which processed matches
    (league.competitions.derived.build.stats_fingerprint). Its row is locked by a build."""

    league = models.OneToOneField("league.League", on_delete=models.CASCADE, primary_key=True, related_name="+")
    fingerprint = models.CharField(max_length=40, blank=True)


class SeasonDerived(models.Model):
    """A season's table is built, for the `version` of what it is made of
    (league.competitions.standings.cache.season_version), with the lots it waits for."""

    season = models.OneToOneField("league.Season", on_delete=models.CASCADE, primary_key=True, related_name="+")
    version = models.CharField(max_length=40)
    lots_needed = models.JSONField(default=list)  # [[key, tie_breaker, [team...], sides]]


class StandingRow(models.Model):
    """One row of a season's regular-season table, as the standings engine ranked it."""

    season = models.ForeignKey("league.Season", on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey("teams.Team", on_delete=models.CASCADE, related_name="+")
    ordinal = models.PositiveIntegerField()  # the engine's order of rows
    position = models.PositiveIntegerField()
    tied = models.BooleanField()
    above_next_on = models.CharField(max_length=40, null=True)
    played = models.IntegerField()
    won = models.IntegerField()
    drawn = models.IntegerField()
    lost = models.IntegerField()
    conceded = models.IntegerField()
    byes = models.IntegerField()
    td_for = models.IntegerField()
    td_against = models.IntegerField()
    cas_for = models.IntegerField()
    cas_against = models.IntegerField()
    points = models.IntegerField()
    points_without_bonus = models.IntegerField()
    form = models.CharField(max_length=10)  # "WDL…", most recent last
    team_value = models.IntegerField(null=True)

    class Meta:
        indexes = [models.Index(fields=["season", "ordinal"], name="derived_standing_order")]


class PlayerTotal(models.Model):
    """A player's figures in the league's processed matches: of one season, or all time (season
    null), as league.competitions.stats.selectors.player_totals sums them."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="+")
    season = models.ForeignKey("league.Season", on_delete=models.CASCADE, null=True, related_name="+")
    player = models.ForeignKey("teams.Player", on_delete=models.CASCADE, related_name="+")
    matches = models.IntegerField(default=0)
    touchdowns = models.IntegerField(default=0)
    casualties = models.IntegerField(default=0)
    completions = models.IntegerField(default=0)
    interceptions = models.IntegerField(default=0)
    mvps = models.IntegerField(default=0)
    spp = models.IntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["league", "season"], name="derived_total_scope"),
            models.Index(fields=["league", "season", "spp"], name="derived_total_spp"),
            models.Index(fields=["player"], name="derived_total_player"),
        ]


class LeagueRecord(models.Model):
    """A holder of one of the league's records (the most of a figure in one match or one season),
    as league.competitions.stats.selectors.records finds them (RECORD_TIES holders at most)."""

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="+")
    stat = models.CharField(max_length=20)
    scope = models.CharField(max_length=10)
    value = models.IntegerField()
    player = models.ForeignKey("teams.Player", on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, null=True, related_name="+")
    season = models.ForeignKey("league.Season", on_delete=models.CASCADE, null=True, related_name="+")

    class Meta:
        indexes = [models.Index(fields=["league", "stat", "scope"], name="derived_record_key")]
