"""The state a team's history leaves, as plain values: what a replay of matches may move, what its preview
shows, and what a corrected history is compared with (field by field) against one entered right.

Keyed by team and player ids; every figure the post-match sequence writes or reads back is there:
treasury, bank, fan factor, re-rolls, team value, and per player SPP, status, marks, niggling
injuries, advancements (skills and characteristics) and lasting injuries.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Sum

from teams.models import Advancement, Injury, Player, Team, TreasuryEntry

TEAM_FIELDS = ("treasury", "fan_factor", "rerolls", "team_value")
PLAYER_FIELDS = ("spp", "status", "miss_next_game", "niggling_injuries", "journeyman")


def team_states(team_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """Each team's state, in five reads whatever the number of teams."""
    ids = sorted(set(team_ids))
    states: dict[int, dict[str, Any]] = {
        t["pk"]: {**{f: t[f] for f in TEAM_FIELDS}, "name": t["name"], "bank": 0, "players": {}}
        for t in Team.objects.filter(pk__in=ids).values("pk", "name", *TEAM_FIELDS)
    }
    for row in (
        TreasuryEntry.objects.filter(team_id__in=ids, account=TreasuryEntry.BANK)
        .values("team_id")
        .annotate(total=Sum("amount"))
        .order_by()
    ):
        states[row["team_id"]]["bank"] = row["total"] or 0
    players: dict[int, dict[str, Any]] = {}
    for p in Player.objects.filter(team_id__in=ids).values("pk", "team_id", "number", "name", *PLAYER_FIELDS):
        state = {
            **{f: p[f] for f in PLAYER_FIELDS},
            "number": p["number"],
            "name": p["name"],
            "advancements": [],
            "injuries": [],
        }
        states[p["team_id"]]["players"][p["pk"]] = state
        players[p["pk"]] = state
    for player_id, kind, skill in Advancement.objects.filter(player__team_id__in=ids).values_list(
        "player_id", "kind", "skill"
    ):
        players[player_id]["advancements"].append(skill or kind)
    for player_id, casualty, stat, applied in Injury.objects.filter(player__team_id__in=ids).values_list(
        "player_id", "casualty", "stat", "applied"
    ):
        players[player_id]["injuries"].append(f"{casualty}:{stat}" if applied else f"{casualty}:{stat}:ignored")
    for state in players.values():
        state["advancements"].sort()
        state["injuries"].sort()
    return states
