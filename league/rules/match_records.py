"""Match-sheet records a ruleset declares in data (`[match_records.<key>]` in ruleset.toml): what
happened in a match that the post-match sequence does not read, kept with the match, shown on its
page, entered on the result sheet and in a JSON report, carried by corrections.

A record is kept per match or per team (`per`), and each of its entries is one of (`kind`):

- "roll": a die roll (`dice`: "D6", "2D6", "D16"...), read on the record's table when it has one
  (`table`: a CSV of roll_from, roll_to, <key>_key, name_en, name_fr covering every total once);
  with `player = true` the roll is a player's (a secret weapon's penalty roll, an ally's animosity),
  and with `penalty = true` it is read against the player's secret weapon's penalty number
  (league/rules/secret_weapons.py: sent off or not, where the league entered the number);
- "player": a player of the team (lost in the warp, a wandering monster's victim);
- "count": how many times (one number per team or per match);
- "note": a line of text.

A player's record may also declare (spec §2.1, H6: "before every kick-off, a D6 for each ally on
the pitch", "at most 5 allies on the pitch"):

- `grouped_by = "kickoff"`: each entry names the kick-off it was made before ("kickoff": 1, 2...);
- `players_from = "allies"`: its players are the team's allies (hired from an allied race: a
  position key "<race>:<position>", league/rules/catalogue/allies.py), not any player;
- `players_max`: at most this many different players per team in one group (one kick-off), or in
  the match when the record is not grouped.

Entries are plain values: {"side": "home", "player": 12, "dice": [3, 5], "count": 2, "note": "..."}
(side only for a per-team record; player, dice, count or note as the kind says; "kickoff" where
the record is grouped). Nothing here changes a team or a player: records only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .types import TableEntry

KINDS = ("roll", "player", "count", "note")
PER = ("match", "team")
DICE = re.compile(r"^([1-9]?)D([1-9][0-9]?)$")
NOTE_MAX = 200
ENTRIES_MAX = 50
GROUPED_BY = ("kickoff",)  # what a record's entries may be grouped by (the entry's field of that name)
GROUP_MAX = 99  # the highest kick-off number an entry may name
PLAYERS_FROM = ("team", "allies")  # whose players a player's record names


@dataclass(frozen=True, slots=True)
class MatchRecord:
    key: str
    name_en: str
    name_fr: str
    per: str  # "match" or "team"
    kind: str  # "roll", "player", "count" or "note"
    dice: str = ""  # a roll's dice, "2D6"
    player: bool = False  # a roll made for a player of the team
    table: tuple[TableEntry, ...] = ()
    when_en: str = ""  # when it is recorded, for the sheet
    when_fr: str = ""
    penalty: bool = False  # read against the player's secret weapon's penalty number (secret_weapons)
    grouped_by: str = ""  # "kickoff": each entry names its kick-off; "" for none
    players_from: str = "team"  # "allies": only the team's allies
    players_max: int = 0  # most different players per team and group (0: no limit)

    def name(self, lang: str) -> str:
        return self.name_fr if lang.startswith("fr") else self.name_en

    def when(self, lang: str) -> str:
        return self.when_fr if lang.startswith("fr") and self.when_fr else self.when_en

    @property
    def dice_count_and_faces(self) -> tuple[int, int]:
        found = DICE.match(self.dice)
        if not found:
            return (0, 0)
        return (int(found.group(1) or 1), int(found.group(2)))

    def outcome(self, dice: Sequence[int]) -> TableEntry | None:
        """The table's row for this roll (None without a table)."""
        total = sum(dice)
        return next((row for row in self.table if row.roll_from <= total <= row.roll_to), None)


def dice_spec(text: object) -> tuple[int, int] | None:
    """(count, faces) of "2D6", "D16"; None when it is not one."""
    found = DICE.match(text) if isinstance(text, str) else None
    return (int(found.group(1) or 1), int(found.group(2))) if found else None


def entry_problems(
    record: MatchRecord,
    entry: Mapping[str, object],
    players: Mapping[str, set[int]],
    allies: Mapping[str, set[int]] | None = None,
) -> list[str]:
    """Why one entry does not fit its record (English codes for logs; the sites word them):
    `players` are the ids of each side's players in the match, `allies` those of them hired as
    allies (needed for a record whose players are allies)."""
    found: list[str] = []
    allowed = {"side", "note"} if record.per == "team" else {"note"}
    if record.grouped_by:
        allowed.add(record.grouped_by)
        group = entry.get(record.grouped_by)
        if not isinstance(group, int) or isinstance(group, bool) or not 1 <= group <= GROUP_MAX:
            found.append(record.grouped_by)
    if record.kind == "roll":
        allowed |= {"dice", "player"} if record.player else {"dice"}
    elif record.kind == "player":
        allowed.add("player")
    elif record.kind == "count":
        allowed.add("count")
    unknown = sorted(set(entry) - allowed)
    if unknown:
        found.append(f"unknown field {unknown[0]!r}")
    side = entry.get("side")
    if record.per == "team" and side not in ("home", "away"):
        found.append("side")
    note = entry.get("note", "")
    if not isinstance(note, str) or len(note) > NOTE_MAX or (record.kind == "note" and not note.strip()):
        found.append("note")
    if record.kind == "roll":
        count, faces = record.dice_count_and_faces
        dice = entry.get("dice")
        if (
            not isinstance(dice, list)
            or len(dice) != count
            or not all(type(d) is int and 1 <= d <= faces for d in dice)
        ):
            found.append("dice")
    if record.kind == "player" or (record.kind == "roll" and record.player):
        player = entry.get("player")
        if type(player) is not int or player not in players.get(str(side), set()):
            found.append("player")
        elif record.players_from == "allies" and player not in (allies or {}).get(str(side), set()):
            found.append("ally")
    if record.kind == "count" and (type(entry.get("count")) is not int or not 0 <= int(entry["count"]) <= 99):  # type: ignore[call-overload]
        found.append("count")
    return found


def crowded_groups(record: MatchRecord, entries: Iterable[Mapping[str, object]]) -> list[tuple[str, int, int]]:
    """(side, group, players) for each team and group whose entries name more different players
    than the record's `players_max` (group 0: the whole match, for a record not grouped)."""
    if not record.players_max:
        return []
    seen: dict[tuple[str, int], set[object]] = {}
    for entry in entries:
        group = entry.get(record.grouped_by, 0) if record.grouped_by else 0
        if "player" in entry and type(group) is int:
            seen.setdefault((str(entry.get("side", "")), group), set()).add(entry["player"])
    return [(side, group, len(ids)) for (side, group), ids in sorted(seen.items()) if len(ids) > record.players_max]
