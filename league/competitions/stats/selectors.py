"""The league's statistics: leaders per season and all time, records, the hall of
fame and the cemetery, each in a fixed number of queries whatever the number of matches.

Every figure is summed from the stored match records of processed matches, never from a kept
total (Player.spp): the report lines (MatchPlayer: completions, touchdowns, interceptions,
casualties caused by blocks) and the post-match sequence's effects (MatchEffect "spp" and "mvp",
their data.spp; "dead"). A match edited later is replayed, its rows rewritten, and these figures
follow. Rows are plain dicts, so that they can be cached (league.competitions.stats.cache) and sorted.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, F, IntegerField, Q, Sum
from django.db.models.functions import Cast
from django.utils.translation import get_language

from league.competitions.seasons.models import Season
from league.core.models import League
from league.rules import collation_key
from matches.models import Match, MatchCasualty, MatchEffect, MatchPlayer
from teams.models import Player

PROCESSED = Match.Status.PROCESSED
# The figures of a player, in the order of the tables' columns.
LINE_STATS = ("touchdowns", "casualties", "completions", "interceptions")
EFFECT_STATS = ("mvps", "spp")
STATS = (*LINE_STATS, *EFFECT_STATS)
SPP = Cast(F("data__spp"), IntegerField())
# A line of a player who missed the game (MatchPlayer.eligible false: a mark from an earlier match)
# is no match played, unless the sheet credits him with something (the table's word stands).
PLAYED_LINE = (
    Q(eligible=True) | Q(touchdowns__gt=0) | Q(casualties__gt=0) | Q(completions__gt=0) | Q(interceptions__gt=0)
)


def _lines(league: League, season: Season | None = None) -> Any:
    lines = MatchPlayer.objects.filter(match__league=league, match__status=PROCESSED)
    return lines.filter(match__season=season) if season is not None else lines


def _effects(league: League, season: Season | None = None) -> Any:
    effects = MatchEffect.objects.filter(
        match__league=league, match__status=PROCESSED, kind__in=("spp", "mvp"), player__isnull=False
    )
    return effects.filter(match__season=season) if season is not None else effects


def _player_row(player: Player) -> dict[str, Any]:
    return {
        "player": player.pk,
        "name": player.display_name,
        "number": player.number,
        "team": player.team_id,
        "team_name": player.team.name,
        "status": player.status,
        "status_label": str(player.get_status_display()),
    }


def _empty() -> dict[str, int]:
    return {"matches": 0, **{stat: 0 for stat in STATS}}


def player_totals(league: League, season: Season | None = None, players: Any = None) -> list[dict[str, Any]]:
    """Every player with a line in the league's processed matches (of `season`, or all time; among
    `players`, a queryset, when given), with his matches played and his figures; three queries
    (lines, effects, players)."""
    lines = _lines(league, season)
    effects = _effects(league, season)
    if players is not None:
        lines, effects = lines.filter(player__in=players), effects.filter(player__in=players)
    totals: dict[int, dict[str, int]] = {}
    for row in (
        lines.values("player_id")
        .annotate(played=Count("pk", filter=PLAYED_LINE), **{stat: Sum(stat) for stat in LINE_STATS})
        .order_by()
    ):
        figures = totals.setdefault(row["player_id"], _empty())
        figures["matches"] = row["played"]
        figures.update({stat: row[stat] or 0 for stat in LINE_STATS})
    for row in effects.values("player_id").annotate(mvps=Count("pk", filter=Q(kind="mvp")), spp=Sum(SPP)).order_by():
        figures = totals.setdefault(row["player_id"], _empty())
        figures.update(mvps=row["mvps"] or 0, spp=row["spp"] or 0)
    # The league's players in one query (in_bulk would split a long list of ids on SQLite).
    known = Player.objects.filter(team__league=league)
    if players is not None:
        known = known.filter(pk__in=players)
    found = {p.pk: p for p in known.select_related("team")}
    return [{**_player_row(found[pk]), **figures} for pk, figures in totals.items() if pk in found]


def default_order(rows: list[dict[str, Any]], column: str) -> list[dict[str, Any]]:
    """Highest first on `column`; ties by SPP (higher first), then fewer matches (the same figure
    reached sooner), then the player's name in the reader's alphabetical order, then his id."""
    return sorted(
        rows,
        key=lambda r: (-r[column], -r["spp"], r["matches"], collation_key(r["name"]), r["player"]),
    )


def leaders(league: League, season: Season | None = None) -> list[dict[str, Any]]:
    """The leaders' table: every player with at least one figure above zero, by SPP."""
    rows = [row for row in player_totals(league, season) if any(row[stat] for stat in STATS)]
    return default_order(rows, "spp")


HALL_OF_FAME = 25


def hall_of_fame(league: League, limit: int = HALL_OF_FAME) -> list[dict[str, Any]]:
    """The top `limit` players by SPP earned in the league's processed matches, all time, with
    their team and status (active, dead, retired, fired)."""
    return [row for row in leaders(league) if row["spp"] > 0][:limit]


# --- records ---

RECORD_MATCH, RECORD_SEASON = "match", "season"


def record_holders(league: League, stat: str, scope: str) -> list[dict[str, Any]]:
    """The holders of one record, from the match records: player_id, value and match_id (most in
    one match) or match__season_id (most in one season); RECORD_TIES at most. One grouped query."""
    if stat in LINE_STATS:
        lines = _lines(league)
        if scope == RECORD_MATCH:
            grouped = lines.filter(**{f"{stat}__gt": 0}).values("player_id", "match_id").annotate(value=F(stat))
        else:
            grouped = (
                lines.filter(match__season__isnull=False)
                .values("player_id", "match__season_id")
                .annotate(value=Sum(stat))
                .filter(value__gt=0)
            )
        return _top(grouped, stat, scope)
    total = Count("pk", filter=Q(kind="mvp")) if stat == "mvps" else Sum(SPP)
    effects = _effects(league)
    if scope == RECORD_MATCH:
        grouped = effects.values("player_id", "match_id").annotate(value=total).filter(value__gt=0)
    else:
        grouped = (
            effects.filter(match__season__isnull=False)
            .values("player_id", "match__season_id")
            .annotate(value=total)
            .filter(value__gt=0)
        )
    return _top(grouped, stat, scope)


def records(league: League) -> list[dict[str, Any]]:
    """Per figure, the most in one match and the most in one season, with every player who holds
    it (a shared record lists each holder). Twelve grouped queries, each read to its top rows,
    then one for the players and one for the matches and seasons named."""
    found: list[dict[str, Any]] = []
    for stat in STATS:
        for scope in (RECORD_MATCH, RECORD_SEASON):
            found += record_holders(league, stat, scope)
    return record_rows(found)


def record_rows(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records' rows for the page from their holders (record_holders' dicts, or the derived
    table's: league.competitions.derived.read): three queries."""
    players = Player.objects.select_related("team").in_bulk({r["player_id"] for r in found})
    matches = Match.objects.select_related("home", "away", "season").in_bulk(
        {r["match_id"] for r in found if r.get("match_id")}
    )
    seasons = Season.objects.in_bulk({r["match__season_id"] for r in found if r.get("match__season_id")})
    rows = []
    for r in found:
        player = players[r["player_id"]]
        row = {**_player_row(player), "stat": r["stat"], "scope": r["scope"], "value": r["value"]}
        if r["scope"] == RECORD_MATCH:
            match = matches[r["match_id"]]
            row.update(
                match=match.pk,
                where=f"{match.home.name} – {match.away.name}",
                when=match.played_on.isoformat() if match.played_on else "",
            )
        else:
            season = seasons[r["match__season_id"]]
            row.update(match=None, where=season.name, season=season.number, when="")
        rows.append(row)
    order = {stat: n for n, stat in enumerate(STATS)}
    rows.sort(key=lambda r: (order[r["stat"]], r["scope"] != RECORD_MATCH, collation_key(r["name"]), r["player"]))
    return rows


RECORD_TIES = 5  # holders shown at most for one record (a record shared by more says "and others")


def _top(grouped: Any, stat: str, scope: str) -> list[dict[str, Any]]:
    # The match (or season) last: a player holding the record twice is cut at the same holder every time.
    where = "match_id" if scope == RECORD_MATCH else "match__season_id"
    top = list(grouped.order_by("-value", "player_id", where)[:RECORD_TIES])
    best = top[0]["value"] if top else 0
    return [{**r, "stat": stat, "scope": scope} for r in top if r["value"] == best]


# --- the cemetery ---


def cemetery(league: League, ruleset: Any) -> list[dict[str, Any]]:
    """The league's dead players, with their career (matches, SPP, touchdowns, casualties caused,
    from the match records) and their death: the match (the post-match "dead" effect) and the
    casualty roll suffered in it. Six queries whatever the number of dead players or matches."""
    dead = list(
        Player.objects.filter(team__league=league, status=Player.Status.DEAD).select_related("team").order_by("pk")
    )
    if not dead:
        return []
    # The dead as a subquery, not a list of ids: the number of parameters stays the same.
    graves = Player.objects.filter(team__league=league, status=Player.Status.DEAD).values("pk")
    careers = {row["player"]: row for row in player_totals(league, players=graves)}
    deaths = {
        e.player_id: e
        for e in MatchEffect.objects.filter(player__in=graves, kind="dead")
        .select_related("match__home", "match__away")
        .order_by("match__sequence", "pk")
    }
    rolls = {(c.match_id, c.victim_id): c for c in MatchCasualty.objects.filter(victim__in=graves)}
    lang = get_language() or "en"
    names = {c.key: c.name(lang) for c in ruleset.casualty_table.values()}
    by_d68 = {c.d68: c for c in ruleset.casualty_table.values()}
    rows = []
    for player in dead:
        row = {**_player_row(player), **_empty(), **careers.get(player.pk, {})}
        death = deaths.get(player.pk)
        row.update(match=None, where="", when="", how="", d68="", sequence="")
        if death is not None:
            match = death.match
            roll = rolls.get((match.pk, player.pk))
            how = names.get((death.data or {}).get("casualty", ""), "")
            d68: int | str = ""
            if roll is not None:
                d68 = _kept_d68(roll)
                if not how and d68 in by_d68:
                    how = by_d68[d68].name(lang)
            row.update(
                match=match.pk,
                where=f"{match.home.name} – {match.away.name}",
                when=match.played_on.isoformat() if match.played_on else "",
                how=how,
                d68=d68,
                sequence=match.sequence,
            )
        rows.append(row)
    # The latest death first: the cemetery's newest graves at the gate.
    rows.sort(key=lambda r: (r["sequence"] or "", r["player"]), reverse=True)
    return rows


def _kept_d68(roll: MatchCasualty) -> int:
    """The D68 that stood: the apothecary's re-roll when it was kept, else the first roll."""
    if roll.apothecary_used and roll.apothecary_kept_reroll and roll.apothecary_d6 and roll.apothecary_d8:
        return roll.apothecary_d6 * 10 + roll.apothecary_d8
    return roll.d6 * 10 + roll.d8


def league_seasons(league: League) -> list[Season]:
    return list(Season.objects.filter(league=league).order_by("number"))
