"""Recount what OBBLM caches, from the decoded match lines, and list where the dump disagrees.

OBBLM's derived columns are filled by stored procedures and can be stale (spec §5.2 and addendum),
so we trust only the match lines: SPP = Σ lines × the ruleset's SPP weights + imported totals +
extra_spp (§1.4); injuries = the casualties' effects; games played skip `mg` lines and the imported
totals (§5.3). Value and TV are left to the loader (our own value function, §1.5).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from league.rules.ruleset import Ruleset

from ..snapshot import LeagueSnapshot, PlayerLine, Source
from .decode import gettext_noop

STAT_EFFECTS = ("ma", "st", "ag", "av")
# Our casualty effect → OBBLM's status meaning (players.status is the latest injury code, §1.4).
STATUS_OF_EFFECT = {"none": "none", "miss_next_game": "mng", "niggling": "ni", "dead": "dead"}

D_SPP = gettext_noop("SPP recounted from the played matches' lines")
D_INJ = gettext_noop("injuries recounted from the match lines and imported totals")
D_STATUS = gettext_noop("status recounted from the player's last match line")
D_FF = gettext_noop("fan factor recounted: bought plus the matches' changes")
D_RECORD = gettext_noop("record recounted from the played matches")


@dataclass
class PlayerCount:
    spp: int = 0  # everything: match lines, imported totals, extra_spp
    match_spp: int = 0  # the played matches' lines only: what OBBLM's mv_players.spp holds
    games: int = 0
    injuries: Counter[str] = field(default_factory=Counter)  # ni, ma, st, ag, av, dead
    status: str = "none"  # the meaning of the last match's injury (OBBLM's players.status)


@dataclass
class TeamRecord:
    played: int = 0
    won: int = 0
    draw: int = 0
    lost: int = 0
    gf: int = 0  # touchdowns for
    ga: int = 0
    cas: int = 0  # casualties inflicted (Σ the players' lines)


@dataclass(frozen=True)
class Difference:
    source: Source
    column: str
    cached: object
    computed: object
    reason: str


def line_spp(line: PlayerLine, weights: dict[str, int]) -> int:
    return (
        line.completions * weights.get("completion", 0)
        + line.casualties * weights.get("casualty", 0)
        + line.interceptions * weights.get("interception", 0)
        + line.touchdowns * weights.get("touchdown", 0)
        + line.mvp * weights.get("mvp", 0)
        + line.misc_spp
    )


def _effects(line: PlayerLine, rs: Ruleset) -> list[str]:
    by_key = {c.key: c.effect for c in rs.casualty_table.values()}
    return [by_key.get(key, "none") for key in [line.injury, *line.injuries_more] if key]


def _count(count: PlayerCount, line: PlayerLine, rs: Ruleset) -> None:
    count.spp += line_spp(line, dict(rs.spp_awards))
    for effect in _effects(line, rs):
        if effect in ("niggling", "dead", *STAT_EFFECTS):
            count.injuries["ni" if effect == "niggling" else effect] += 1


def players(snapshot: LeagueSnapshot, rs: Ruleset) -> dict[Source, PlayerCount]:
    counts = {p.source: PlayerCount(spp=p.extra_spp) for p in snapshot.players}
    for tot in snapshot.imported_totals:
        if tot.player in counts:
            _count(counts[tot.player], tot.line, rs)
    for match in sorted(snapshot.matches, key=lambda m: (m.played or datetime.min, m.source.id)):
        for line in match.lines:
            count = counts.get(line.player)
            if count is None:
                continue
            _count(count, line, rs)
            count.match_spp += line_spp(line, dict(rs.spp_awards))
            count.games += 0 if line.missed_game else 1
            effects = _effects(line, rs)
            count.status = STATUS_OF_EFFECT.get(effects[0], effects[0]) if effects else "none"
    return counts


def team_records(snapshot: LeagueSnapshot) -> dict[tuple[Source, Source], TeamRecord]:
    """W/D/L, TDs and casualties per (team, tour), from the played matches only."""
    records: dict[tuple[Source, Source], TeamRecord] = {}
    for m in snapshot.matches:
        if m.played is None:
            continue
        for team, gf, ga in ((m.home, m.home_score, m.away_score), (m.away, m.away_score, m.home_score)):
            rec = records.setdefault((team, m.tour), TeamRecord())
            rec.played += 1
            rec.gf += gf
            rec.ga += ga
            rec.won += gf > ga
            rec.draw += gf == ga
            rec.lost += gf < ga
            rec.cas += sum(line.casualties for line in m.lines if line.team == team)
    return records


def team_totals(snapshot: LeagueSnapshot) -> dict[Source, TeamRecord]:
    totals: dict[Source, TeamRecord] = {}
    for (team, _tour), rec in team_records(snapshot).items():
        tot = totals.setdefault(team, TeamRecord())
        for key in ("played", "won", "draw", "lost", "gf", "ga", "cas"):
            setattr(tot, key, getattr(tot, key) + getattr(rec, key))
    return totals


def diff(snapshot: LeagueSnapshot, rs: Ruleset) -> list[Difference]:
    """Every cached column of the dump that disagrees with the recount, with the reason."""
    found: list[Difference] = []
    counts = players(snapshot, rs)
    for p in snapshot.players:
        count = counts[p.source]
        if "spp" in p.cached and int(str(p.cached["spp"])) != count.match_spp:
            found.append(Difference(p.source, "spp", p.cached["spp"], count.match_spp, D_SPP))
        for inj in ("ni", *STAT_EFFECTS):
            column = f"inj_{inj}"
            if column in p.cached and int(str(p.cached[column])) != count.injuries[inj]:
                found.append(Difference(p.source, column, p.cached[column], count.injuries[inj], D_INJ))
        if "status" in p.cached and _status_differs(str(p.cached["status"]), count):
            found.append(Difference(p.source, "status", p.cached["status"], count.status, D_STATUS))
    ff_changes: Counter[Source] = Counter()
    for m in snapshot.matches:
        ff_changes[m.home] += m.home_ff_change
        ff_changes[m.away] += m.away_ff_change
    totals = team_totals(snapshot)
    for t in snapshot.teams:
        ff = t.fan_factor_bought + ff_changes[t.source]
        if "ff" in t.cached and int(str(t.cached["ff"])) != ff:
            found.append(Difference(t.source, "ff", t.cached["ff"], ff, D_FF))
        rec = totals.get(t.source, TeamRecord())
        for key in ("won", "lost", "draw", "gf", "ga"):
            if key in t.cached and int(str(t.cached[key])) != getattr(rec, key):
                found.append(Difference(t.source, key, t.cached[key], getattr(rec, key), D_RECORD))
    return found


def _status_differs(cached: str, count: PlayerCount) -> bool:
    # A dead player stays dead whatever came after; a stat loss or niggle also sets status MNG-like
    # codes in OBBLM (the code of the injury itself), so compare "dead" and "fit" only by meaning.
    if count.injuries["dead"]:
        return cached != "dead"
    fit_cached = cached == "none"
    return fit_cached != (count.status == "none")
