"""A league's whole state, field by field, keyed by names (never by ids), so that a history can be
compared with itself before a correction and its inverse, or with the same history entered right in
another league: every team's figures and ledger balance, every player's number, status, SPP, marks,
injuries and advancements, the standings and what the competitions derive (records, trophies,
seeding), the statistics and the ratings.

Shared by the exact-inverse tests (tests/matches/test_exact_inverses.py) and the randomised history
oracle: `history_state(league)` then `differences(a, b)` names every field that differs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db.models import Sum

from league.competitions.stats.selectors import player_totals
from league.core.models import League
from league.ratings.selectors import coach_table, team_table
from matches.hooks import derived_state
from teams.models import Advancement, Injury, Player, Team, TreasuryEntry

TEAM_FIELDS = ("treasury", "fan_factor", "team_value", "rerolls", "assistant_coaches", "cheerleaders", "apothecary")
PLAYER_FIELDS = ("number", "status", "spp", "miss_next_game", "niggling_injuries", "journeyman", "position")


def player_key(name: str, number: int, journeyman: bool) -> str:
    """A player by name; a journeyman never named by his number (his generated name follows it)."""
    return name or (f"journeyman {number}" if journeyman else f"#{number}")


def _ledger(team_ids: list[int], account: str) -> dict[int, int]:
    rows = (
        TreasuryEntry.objects.filter(team_id__in=team_ids, account=account)
        .values("team_id")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    return {row["team_id"]: row["total"] or 0 for row in rows}


def teams_state(league: League) -> dict[str, Any]:
    """Each team by name: its kept figures, its ledger's balances, its players (a journeyman released
    leaves no trace: a replay parks the ones it takes back)."""
    teams = list(Team.objects.filter(league=league).values("pk", "name", *TEAM_FIELDS))
    ids = [t["pk"] for t in teams]
    treasury, bank = _ledger(ids, TreasuryEntry.TREASURY), _ledger(ids, TreasuryEntry.BANK)
    found: dict[str, Any] = {}
    by_id: dict[int, dict[str, Any]] = {}
    for t in teams:
        state = {f: t[f] for f in TEAM_FIELDS}
        state.update(ledger=treasury.get(t["pk"], 0), bank=bank.get(t["pk"], 0), players={})
        found[t["name"]] = by_id[t["pk"]] = state
    players: dict[int, dict[str, Any]] = {}
    rows = Player.objects.filter(team_id__in=ids).values("pk", "team_id", "name", *PLAYER_FIELDS)
    for p in rows:
        if p["journeyman"] and p["status"] == Player.Status.FIRED:
            continue
        state = {f: p[f] for f in PLAYER_FIELDS} | {"advancements": [], "injuries": []}
        by_id[p["team_id"]]["players"][player_key(p["name"], p["number"], p["journeyman"])] = state
        players[p["pk"]] = state
    for pk, kind, skill in Advancement.objects.filter(player_id__in=list(players)).values_list(
        "player_id", "kind", "skill"
    ):
        players[pk]["advancements"].append(f"{kind}:{skill}")
    for pk, casualty, stat, applied in Injury.objects.filter(player_id__in=list(players)).values_list(
        "player_id", "casualty", "stat", "applied"
    ):
        players[pk]["injuries"].append(f"{casualty}:{stat}:{'applied' if applied else 'ignored'}")
    for state in players.values():
        state["advancements"].sort()
        state["injuries"].sort()
    return found


def stats_state(league: League) -> dict[str, Any]:
    """Every player's figures in the league's statistics (matches played, touchdowns, ..., MVPs, SPP),
    by team and displayed name (a journeyman's follows his number)."""
    skip = ("player", "team", "team_name", "name", "status_label")
    found = {
        f"{row['team_name']}/{row['name']}": {k: v for k, v in row.items() if k not in skip}
        for row in player_totals(league)
    }
    return dict(sorted(found.items()))


def ratings_state(league: League) -> dict[str, Any]:
    return {
        "teams": [(r.name, r.rating, r.games, r.position) for r in team_table(league)],
        "coaches": [(r.name, r.rating, r.games, r.position) for r in coach_table(league)],
    }


def derived(league: League) -> dict[str, Any]:
    """Standings, seeding, trophies and records (matches.hooks.derived_state), seasons by name."""
    found = {}
    for name, value in derived_state(league.pk).items():
        kind = name.split(":", 1)[0]
        found[f"{kind}:{value.get('season')}" if isinstance(value, dict) and "season" in value else name] = value
    return found


def history_state(league: League) -> dict[str, Any]:
    """The league's state, field by field (five parts: teams, derived, stats, ratings)."""
    return {
        "teams": teams_state(league),
        "derived": derived(league),
        "stats": stats_state(league),
        "ratings": ratings_state(league),
    }


def _walk(a: Any, b: Any, path: str) -> Iterator[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a:
                yield f"{path}/{key}: missing before, now {b[key]!r}"
            elif key not in b:
                yield f"{path}/{key}: {a[key]!r}, now missing"
            else:
                yield from _walk(a[key], b[key], f"{path}/{key}")
    elif a != b:
        yield f"{path}: {a!r} → {b!r}"


def differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Every field that differs, by its path ("teams/Reavers/players/H3/number: 3 → 13")."""
    return list(_walk(before, after, ""))


def ledgers_balance(league: League) -> list[str]:
    """The teams whose treasury is not the sum of their ledger (empty: every one balances)."""
    return [
        f"{name}: treasury {team['treasury']}, ledger {team['ledger']}"
        for name, team in teams_state(league).items()
        if team["treasury"] != team["ledger"]
    ]
