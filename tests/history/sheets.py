"""Drawing a result sheet and the dice entered at the table, for the players a match lists.

Touchdowns go mostly to a team's first few players, so that SPP pile up and players cross levels
(an improvement roll, a coach's choice); a casualty's D6 of 6 kills (LRB6's casualty table, 4 a
serious injury that misses the next game, 5 a niggling or lasting injury)."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict
from datetime import date
from typing import Any

from hypothesis import strategies as st

from matches.models import MatchPlayer
from matches.services import CasualtyLine, PlayerLine, ReportInput
from matches.services.dice import DieRow

SIDES = ("home", "away")
COUNTS = ("completions", "touchdowns", "interceptions", "casualties")


def _pick(data: st.DataObject, rows: list[MatchPlayer], label: str) -> MatchPlayer:
    # Four in five picks among the first four players listed: they cross levels within a few matches.
    few = rows[:4]
    if few and data.draw(st.integers(0, 4), label=f"{label} spread") < 4:
        return data.draw(st.sampled_from(few), label=label)
    return data.draw(st.sampled_from(rows), label=label)


def draw_sheet(data: st.DataObject, rows: dict[str, list[MatchPlayer]], played_on: date | None) -> ReportInput:
    """A result for the players `rows` lists (by side): a score, each touchdown credited to a
    player, a few casualties caused, completions and interceptions, and up to two players hurt."""
    score = {side: data.draw(st.integers(0, 3), label=f"{side} score") if rows[side] else 0 for side in SIDES}
    everyone = rows["home"] + rows["away"]
    victims = data.draw(
        st.lists(st.sampled_from(everyone), max_size=2, unique_by=lambda r: r.player_id) if everyone else st.just([]),
        label="hurt",
    )
    counts: dict[int, Counter[str]] = {}
    for side in SIDES:
        if not rows[side]:
            continue
        for _n in range(score[side]):
            counts.setdefault(_pick(data, rows[side], f"{side} scorer").player_id, Counter())["touchdowns"] += 1
        # A casualty caused by a block is one the other side suffered (the sheet refuses more).
        suffered = sum(1 for row in victims if row.side != side)
        for what, most in (("casualties", suffered), ("completions", 2), ("interceptions", 1)):
            for _n in range(data.draw(st.integers(0, most), label=f"{side} {what}")):
                counts.setdefault(_pick(data, rows[side], f"{side} {what}").player_id, Counter())[what] += 1
    casualties = tuple(
        CasualtyLine(
            row.player_id,
            d6=data.draw(st.integers(1, 6), label="casualty d6"),
            d8=data.draw(st.integers(1, 8), label="casualty d8"),
        )
        for row in victims
    )
    return ReportInput(
        home_score=score["home"],
        away_score=score["away"],
        gate=20,
        lines=tuple(PlayerLine(pk, **{k: c[k] for k in COUNTS}) for pk, c in sorted(counts.items())),
        casualties=casualties,
        played_on=played_on,
    )


def draw_entered_dice(data: st.DataObject, needed: list[DieRow]) -> dict[str, list[int]]:
    """Some of the dice the match needs, rolled at the table and entered on the dice page; the
    server rolls the others when the sequence runs."""
    entered: dict[str, list[int]] = {}
    for row in needed:
        if data.draw(st.booleans(), label=f"enter {row.key}"):
            entered[row.key] = [data.draw(st.integers(1, row.sides), label=row.key) for _n in range(row.count)]
    return entered


def corrected_inputs(stored: dict[str, Any], sheet: ReportInput) -> dict[str, Any]:
    """A correction's inputs: the stored ones (day played, dice, decisions) with a new sheet."""
    return {
        **stored,
        "result": {**stored["result"], "home_score": sheet.home_score, "away_score": sheet.away_score},
        "lines": [asdict(line) for line in sheet.lines],
        "casualties": [asdict(c) for c in sheet.casualties],
    }


def describe(sheet: ReportInput, names: dict[int, str]) -> str:
    """The sheet in a line of the failing history's log: score, lines and casualties by player."""
    lines = ", ".join(
        f"{names[line.player_id]} " + "/".join(f"{k[:3]}{getattr(line, k)}" for k in COUNTS if getattr(line, k))
        for line in sheet.lines
    )
    hurt = ", ".join(f"{names[c.victim_id]} {c.d6}{c.d8}" for c in sheet.casualties)
    return f"{sheet.home_score}-{sheet.away_score} [{lines}] hurt [{hurt}]"
