"""A league's state as plain values keyed by names, never ids, so that two leagues built the same
way compare field by field: each team (treasury, bank, ledger balance, fan factor, re-rolls, team
value) and each of its players (number, status, SPP, marks, niggling injuries, journeyman, lasting
injuries, advancements and the improvement rolls behind them), the season's table, the records,
trophies, statistics and ratings, and the results in play order.

A player is named by his name; a journeyman (he has none) by "journeyman #<number>", his shirt
number (one who died or retired also by his rank among those of that number). A journeyman released
(fired) leaves no trace on the roster, only in the statistics: a replay parks the ones it took back
that way."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict
from typing import Any

from django.db.models import Sum

from league.competitions.seasons.models import Season
from league.competitions.standings.derived import derived_state
from league.competitions.standings.table import season_table
from league.competitions.stats.selectors import STATS, player_totals
from league.ratings.selectors import coach_table, team_table
from matches.models import Match
from teams.models import ImprovementRoll, Player, TreasuryEntry
from teams.states import team_states

PLAYED = (Match.Status.PROCESSED,)


def player_key(name: str, number: int) -> str:
    return name or f"journeyman #{number}"


def player_keys(league) -> dict[int, str]:
    """Each player of the league by "<team>: <name>", a journeyman by his shirt number: a replay
    hires him again in the number the same history entered right gives a new one, the lowest free
    (docs/decisions/matches.md, "Journeymen a replay hires again")."""
    rows = Player.objects.filter(team__league=league).values_list("pk", "team__name", "name", "number")
    return {pk: f"{team}: {player_key(name, number)}" for pk, team, name, number in rows}


def _gone_journeymen(league) -> dict[int, str]:
    """The journeymen off the roster (dead, retired, released) by "journeyman #<number> (<status>
    <n>)": a number is worn again by the next one; the n-th of that number and status in the order
    they joined (the play order of the matches that added them, the same in both leagues)."""
    rows = (
        Player.objects.filter(team__league=league, name="")
        .exclude(status=Player.Status.ACTIVE)
        .order_by("team_id", "number", "status", "joined_after__sequence", "pk")
        .values_list("pk", "team_id", "number", "status")
    )
    found, ranks = {}, Counter[tuple[int, int, str]]()
    for pk, team_id, number, status in rows:
        ranks[team_id, number, status] += 1
        found[pk] = f"{player_key('', number)} ({status} {ranks[team_id, number, status]})"
    return found


def _rolls(league) -> dict[int, list[tuple[Any, ...]]]:
    found: dict[int, list[tuple[Any, ...]]] = {}
    rows = ImprovementRoll.objects.filter(player__team__league=league).order_by("player_id", "index")
    for pk, index, d6a, d6b, choice, skill in rows.values_list("player_id", "index", "d6a", "d6b", "choice", "skill"):
        found.setdefault(pk, []).append((index, d6a, d6b, choice, skill))
    return found


def teams_state(league) -> dict[str, Any]:
    ids = list(league.teams.values_list("pk", flat=True))
    rolls = _rolls(league)
    ledger = dict(
        TreasuryEntry.objects.filter(team_id__in=ids, account=TreasuryEntry.TREASURY)
        .values("team_id")
        .annotate(total=Sum("amount"))
        .values_list("team_id", "total")
    )
    keys, gone = player_keys(league), _gone_journeymen(league)
    found: dict[str, Any] = {}
    for team_id, state in team_states(ids).items():
        players = {}
        for pk, p in state["players"].items():
            if p["journeyman"] and p["status"] == Player.Status.FIRED:
                continue
            players[gone.get(pk) or keys[pk].split(": ", 1)[1]] = {
                **{k: v for k, v in p.items() if k != "name"},
                "rolls": rolls.get(pk, []),
            }
        found[state["name"]] = {
            **{k: v for k, v in state.items() if k not in ("players", "name")},
            "ledger": ledger.get(team_id) or 0,
            "players": players,
        }
    return found


def _named_stats(league) -> dict[str, Any]:
    """Each player's totals by key; the journeymen released with the same number ("journeyman #2":
    one hired after each of several matches) share theirs as a sorted list."""
    keys = player_keys(league)
    found: dict[str, list[dict[str, Any]]] = {}
    for row in player_totals(league):
        found.setdefault(keys[row["player"]], []).append({k: row[k] for k in ("matches", *STATS)})
    return {
        key: rows[0] if len(rows) == 1 else sorted(rows, key=lambda r: sorted(r.items())) for key, rows in found.items()
    }


def results(league) -> list[tuple[Any, ...]]:
    """The results that count, in play order: day, teams, score."""
    return list(
        Match.objects.filter(league=league, status__in=PLAYED)
        .order_by("sequence", "pk")
        .values_list("played_on", "home__name", "away__name", "home_score", "away_score")
    )


def standings(league) -> dict[str, Any]:
    """Each season's table, every figure of each row, by team name."""
    names = dict(league.teams.values_list("pk", "name"))
    return {
        season.name: {
            names[int(row.team)]: {k: v for k, v in asdict(row).items() if k != "team"}
            for row in season_table(season).rows
        }
        for season in Season.objects.filter(league=league).order_by("number")
    }


def league_state(league) -> dict[str, Any]:
    derived = derived_state(league.pk)
    return {
        "results": results(league),
        "teams": teams_state(league),
        "standings": standings(league),
        "trophies": derived["trophies"],
        "records": derived["records"],
        "statistics": _named_stats(league),
        "team ratings": [(r.name, r.rating, r.games, r.position) for r in team_table(league)],
        "coach ratings": [(r.name, r.rating, r.games, r.position) for r in coach_table(league)],
    }


def differences(history: Any, right: Any, path: str = "") -> list[str]:
    """Each field where `history` differs from `right`, as "path: history … / right …"."""
    if isinstance(history, dict) and isinstance(right, dict):
        found = []
        for key in sorted(set(history) | set(right), key=str):
            where = f"{path}/{key}" if path else str(key)
            if key not in right:
                found.append(f"{where}: only in the history: {history[key]!r}")
            elif key not in history:
                found.append(f"{where}: only in the history entered right: {right[key]!r}")
            else:
                found += differences(history[key], right[key], where)
        return found
    if history != right:
        return [f"{path}: history {history!r} / entered right {right!r}"]
    return []


def ledger_problems(league) -> list[str]:
    """Each team whose treasury is not the sum of its ledger."""
    return [
        f"{name}: treasury {team['treasury']} but its ledger sums to {team['ledger']}"
        for name, team in teams_state(league).items()
        if team["treasury"] != team["ledger"]
    ]
