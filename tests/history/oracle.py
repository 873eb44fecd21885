"""The oracle: the history's final matches entered right, in play order, into a fresh league of
teams built the same way, then both leagues compared field by field (tests/history/state.py).

Each match the history ends with as processed (a void one is not played) is entered with the
inputs it ends with, after every edit, void and restore: its day played, result, lines,
casualties, every post-match die (entered at the table or rolled by the server, all entered here)
and every decision (the coaches' improvement choices too). Players are matched by team and name
(a journeyman by his number), never by id. The server rolls nothing here: a die the entered history
needs and the history did not keep fails the oracle."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from datetime import date
from typing import Any

from matches.models import Match
from matches.services import report_save
from matches.services.corrections import inputs_of, report_of
from teams.models import Player
from tests.history.league import League, NoServerDice, prepared, server_dice, submit_and_confirm
from tests.history.state import player_keys

# What the oracle checked in this process (`make soak` prints it): histories and their operations.
TALLY: Counter[str] = Counter()
REF = re.compile(r"\bp(\d+)\b")


def final_matches(built: League) -> list[Match]:
    """The history's processed matches in play order."""
    return list(
        Match.objects.filter(league=built.league, status=Match.Status.PROCESSED)
        .select_related("home", "away")
        .order_by("sequence", "pk")
    )


def _ids(league) -> dict[str, int]:
    """The oracle's players now by key (tests.history.state.player_keys), fired journeymen left out.
    An active journeyman is also found by his number: the history names one it released since by
    it ("journeyman #11"), who is still on the roster when the match that names him is entered."""
    journeymen = dict(Player.objects.filter(team__league=league, journeyman=True).values_list("pk", "status"))
    found = {key: pk for pk, key in player_keys(league).items() if journeymen.get(pk) != Player.Status.FIRED}
    for pk, team, number in Player.objects.filter(
        pk__in=list(journeymen), name="", status=Player.Status.ACTIVE
    ).values_list("pk", "team__name", "number"):
        found.setdefault(f"{team}: journeyman #{number}", pk)
    return found


class Untranslatable(AssertionError):
    """A history's input names a player the history entered right does not have at that point."""


def translated(inputs: dict[str, Any], keys: dict[int, str], ids: dict[str, int]):
    """The history's inputs with its player ids made the oracle's ones; lines with nothing on them
    are left out (the pre-match lists the roster; an empty line says nothing)."""

    def pid(history_id: int) -> int:
        key = keys[history_id]
        if key not in ids:
            raise Untranslatable(f"{key} is not on the roster when this match is entered right")
        return ids[key]

    def ref(text: str) -> str:
        return REF.sub(lambda m: f"p{pid(int(m.group(1)))}", text)

    lines = [
        {**line, "player_id": pid(line["player_id"])}
        for line in inputs["lines"]
        if any(line[k] for k in ("completions", "touchdowns", "interceptions", "casualties")) or line["actions"]
    ]
    return {
        **inputs,
        "lines": lines,
        "casualties": [{**c, "victim_id": pid(c["victim_id"])} for c in inputs["casualties"]],
        "dice": {ref(k): v for k, v in inputs["dice"].items()},
        "decisions": {ref(k): ref(v) if isinstance(v, str) else v for k, v in inputs["decisions"].items()},
    }


def enter_right(history: League, right: League, by, capture, monkeypatch) -> list[str]:
    """Enter the history's final matches into `right`, in play order; returns what refused."""
    keys = player_keys(history.league)
    with server_dice(monkeypatch, NoServerDice):
        for match in final_matches(history):
            inputs = translated(inputs_of(match), keys, _ids(right.league))
            entered = prepared(right, match.home.name, match.away.name, by)
            # Every die and decision, as if entered at the table and on the sheet.
            report = replace(report_of(inputs), dice=inputs["dice"], decisions=inputs["decisions"])
            saved = Match.objects.select_related("home__coach", "away__coach", "league").get(pk=entered.pk)
            report_save(match=saved, report=report, by=saved.home.coach)
            done = submit_and_confirm(saved, capture)
            if done.status != Match.Status.PROCESSED:
                day: date | None = match.played_on
                return [f"{day} {match.home.name} v {match.away.name}: {done.status} {done.failure_reason}"]
    return []
