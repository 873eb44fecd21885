"""What a replay moved: the teams and players it changed before and after, compared field by field
(matches.selectors.history), and what the competitions derive from the results (standings, play-off
seeding, trophies: matches.hooks.derived_state). Kept as plain values on a correction: its preview,
then what it moved once applied.

Only the teams the replay changes are read (a league may have hundreds): the replay names them,
under their lock and before it changes them (watch_teams), each time it starts again with more.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from league.core.models import AuditEntry
from matches.hooks import derived_state
from matches.models import DiceRoll, Match
from matches.services.numbers import number_moves
from teams.models import Player
from teams.states import team_states


class Moved:
    def __init__(self, match: Match):
        self.league_id = match.league_id
        self.before: dict[int, dict[str, Any]] = {}
        self.derived_before = derived_state(match.league_id)
        self.last_audit = AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        self.last_die = DiceRoll.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        self._result: dict[str, Any] | None = None

    def watch(self, team_ids: Iterable[int]) -> None:
        new = set(team_ids) - set(self.before)
        if new:
            self.before.update(team_states(new))

    def close(self) -> None:
        after = team_states(self.before)
        self._result = {
            "teams": diff_states(self.before, after),
            "numbers": number_moves(self.before, after),  # players given back: their shirt numbers
            "derived": diff_derived(self.derived_before, derived_state(self.league_id)),
            "set_aside": self._set_aside(),
            "rolled": self._rolled(),
            "dice": self._dice(),
            "held": self._held(),
        }

    def result(self) -> dict[str, Any]:
        assert self._result is not None, "read once the replay has run"
        return self._result

    def _set_aside(self) -> list[dict[str, Any]]:
        """The dice and decisions the replay set aside (a step that no longer happens)."""
        entries = AuditEntry.objects.filter(pk__gt=self.last_audit, action="matches.postgame.inputs_set_aside")
        found = []
        for e in entries.order_by("pk"):
            match = e.data.get("match")
            found += [{"match": match, "key": k, "values": v, "kind": "die"} for k, v in e.data.get("dice", {}).items()]
            found += [
                {"match": match, "key": k, "values": v, "kind": "decision"}
                for k, v in e.data.get("decisions", {}).items()
            ]
        return _named(found)

    def _held(self) -> list[dict[str, Any]]:
        """The matches the replay held for the commissioner (matches.services.held), each with its
        teams and its lines: the player, why (dead, gone, misses) and since which match. Held again
        in the same replay, the last hold says."""
        found: dict[int, list[dict[str, Any]]] = {}
        entries = AuditEntry.objects.filter(pk__gt=self.last_audit, action="matches.postgame.held")
        for e in entries.order_by("pk"):
            found[e.data["match"]] = list(e.data.get("lines") or [])
        if not found:
            return []
        teams = {
            pk: (home, away)
            for pk, home, away in Match.objects.filter(pk__in=found).values_list("pk", "home__name", "away__name")
        }
        names = dict(
            Player.objects.filter(pk__in={line["player"] for lines in found.values() for line in lines}).values_list(
                "pk", "name"
            )
        )
        return [
            {
                "match": pk,
                "home": teams[pk][0],
                "away": teams[pk][1],
                "lines": [{**line, "name": names.get(line["player"], "")} for line in lines],
            }
            for pk, lines in found.items()
        ]

    def _rolled(self) -> list[dict[str, Any]]:
        """The dice the server rolled for steps that now happen and had none."""
        rows = DiceRoll.objects.filter(pk__gt=self.last_die, source=DiceRoll.Source.SERVER).order_by("pk")
        return _named([{"match": r.match_id, "key": r.purpose, "values": r.values} for r in rows])

    def _dice(self) -> list[dict[str, Any]]:
        """Step by step, what the replay did with each die whose need changed: the stored values it
        kept (in play order), set aside, and the ones the server rolled (a partly kept die, or a
        die rolled whole for a step that now happens or whose stored die no longer fit)."""
        found: dict[tuple[Any, str], dict[str, Any]] = {}

        def item(match: Any, key: str) -> dict[str, Any]:
            return found.setdefault((match, key), {"match": match, "key": key, "kept": [], "aside": [], "rolled": []})

        entries = AuditEntry.objects.filter(pk__gt=self.last_audit, action__in=DICE_ACTIONS)
        for e in entries.order_by("pk"):
            match = e.data.get("match")
            for part, name in (("dice", "aside"), ("kept", "kept"), ("rolled", "rolled"), ("asked", "asked")):
                for key, values in (e.data.get(part) or {}).items():  # asked: {count, sides, team}
                    item(match, key)[name] = values if part == "asked" else list(values)
        rows = DiceRoll.objects.filter(pk__gt=self.last_die, source=DiceRoll.Source.SERVER).order_by("pk")
        for row in rows:
            item(row.match_id, row.purpose)["rolled"] = list(row.values)
        return _named(list(found.values()))


# What a replay did with dice: set aside, kept, rolled by the server, or asked of a coach
# (postgame._set_aside, matches.services.dice_wait).
DICE_ACTIONS = ("matches.postgame.inputs_set_aside", "matches.postgame.dice_asked")
PLAYER_IN_KEY = re.compile(r"(?:^|:)p(\d+)(?::|$)")


def _named(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each input with the player its key names ("#3 Grim"), read in one query."""
    ids = {int(m.group(1)) for item in items if (m := PLAYER_IN_KEY.search(item["key"]))}
    names = {
        pk: f"#{number} {name}".strip()
        for pk, number, name in Player.objects.filter(pk__in=ids).values_list("pk", "number", "name")
    }
    for item in items:
        m = PLAYER_IN_KEY.search(item["key"])
        item["player"] = names.get(int(m.group(1))) if m else None
    return items


_watching: ContextVar[Moved | None] = ContextVar("history_diff_watching", default=None)


@contextmanager
def moved_by(match: Match) -> Iterator[Moved]:
    """Around a replay (in its transaction): what it moved, read with .result() after the block."""
    moved = Moved(match)
    token = _watching.set(moved)
    try:
        yield moved
    finally:
        _watching.reset(token)
    moved.close()


def watch_teams(team_ids: Iterable[int]) -> None:
    """Called by a replay before it changes these teams: their state before, for the moved_by around it."""
    moved = _watching.get()
    if moved is not None:
        moved.watch(team_ids)


def _changes(before: dict[str, Any], after: dict[str, Any], fields: tuple[str, ...]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for name in fields:
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        if isinstance(old, list) or isinstance(new, list):
            old_list, new_list = list(old or []), list(new or [])
            gained = [x for x in new_list if x not in old_list]
            lost = [x for x in old_list if x not in new_list]
            found.append({"field": name, "gained": gained, "lost": lost})
        else:
            found.append({"field": name, "before": old, "after": new})
    return found


TEAM_CHANGES = ("treasury", "bank", "fan_factor", "rerolls", "team_value")
PLAYER_CHANGES = ("spp", "status", "miss_next_game", "niggling_injuries", "journeyman", "advancements", "injuries")


def diff_states(before: dict[int, dict[str, Any]], after: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    teams = []
    for team_id in sorted(after):
        old, new = before.get(team_id, {"players": {}}), after[team_id]
        players = []
        for pk in sorted(set(old["players"]) | set(new["players"])):
            p_old, p_new = old["players"].get(pk, {}), new["players"].get(pk, {})
            changes = _changes(p_old, p_new, PLAYER_CHANGES)
            if changes:
                who = p_new or p_old
                players.append(
                    {
                        "id": pk,
                        "number": who["number"],
                        "name": who["name"],
                        "changes": changes,
                        # a player the replay hires (a journeyman), or one it takes back whole
                        "joined": not p_old,
                        "left": not p_new,
                        "journeyman": bool(who.get("journeyman")),
                    }
                )
        changes = _changes(old, new, TEAM_CHANGES)
        if changes or players:
            teams.append({"id": team_id, "name": new["name"], "changes": changes, "players": players})
    return teams


def diff_derived(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Each derived item that changed, before and after (the competitions word them)."""
    return {
        name: {"before": before.get(name), "after": value} for name, value in after.items() if before.get(name) != value
    }
