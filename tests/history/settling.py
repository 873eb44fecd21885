"""What the commissioner and the coaches do after an operation left a match held: the dice a
replay asks of a coach (League.replay_dice_asked) entered on the dice page, or rolled by the server
at the commissioner's word; a player's lines held for the commissioner removed or moved to a
team-mate. A mixin of the history machine (tests/history/test_history_oracle.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from matches.dice_wait_models import DiceAsked
from matches.held_models import HeldLine
from matches.models import Match
from matches.selectors.held import eligible_targets
from matches.services.dice_asked import dice_asked_enter, dice_asked_server
from matches.services.held_settle import resolve_held
from tests.history.league import seeded, server_dice


class Settling:
    built: Any
    capture: Any
    monkeypatch: Any
    rng: Any
    commissioner: Any

    def label(self, match: Match) -> str:
        raise NotImplementedError

    def step(self, text: str) -> None:
        raise NotImplementedError

    def fail(self, message: str) -> None:
        raise NotImplementedError

    def settle_held(self, data: st.DataObject) -> None:
        """Each match held, in play order: the dice a replay asked of the coaches entered by them on
        the dice page (or the commissioner lets the server roll them), each line held for the
        commissioner removed or moved to a team-mate who played: never confirmed as entered, which
        the history entered right could not hold (he was not on its sheet: dead, gone or missing
        the match by then)."""
        assert self.built is not None
        held = Match.objects.filter(league=self.built.league, status=Match.Status.HELD).select_related("home", "away")
        for _n in range(50):
            match = held.order_by("sequence", "pk").first()
            if match is None:
                return
            asked = list(DiceAsked.objects.filter(match=match).order_by("pk"))
            line = HeldLine.objects.filter(match=match, resolution=HeldLine.Resolution.OPEN).select_related("player")
            with self.capture(execute=True), server_dice(self.monkeypatch, seeded(self.rng)):
                if asked:
                    self.answer_dice(data, match, asked)
                elif line.exists():
                    self.resolve_line(data, line.order_by("pk")[0])
                else:
                    self.fail(f"{self.label(match)} is held with nothing to settle")
        self.fail("the held matches never end")

    def answer_dice(self, data: st.DataObject, match: Match, asked: list) -> None:
        if data.draw(st.booleans(), label="server rolls the dice asked"):
            self.step(f"   {self.label(match)} waits for dice {[row.key for row in asked]}: the server rolls them")
            dice_asked_server(match=match, by=self.commissioner)
            return
        for side in ("home", "away"):
            rows = [row for row in asked if row.side == side]
            if rows:
                dice = {
                    row.key: [data.draw(st.integers(1, row.sides), label=row.key) for _n in range(row.count)]
                    for row in rows
                }
                self.step(f"   {self.label(match)} waits for dice: the {side} coach enters {dice}")
                dice_asked_enter(match=match, dice=dice, by=match.team(side).coach)

    def resolve_line(self, data: st.DataObject, line: HeldLine) -> None:
        targets = eligible_targets(line)
        to = data.draw(st.sampled_from(targets), label="moved to") if targets and data.draw(st.booleans()) else None
        self.step(
            f"   held {self.label(line.match)}: {line.player.name or f'journeyman #{line.player.number}'}"
            f" ({line.reason}) -> " + (f"moved to {to.name or f'journeyman #{to.number}'}" if to else "removed")
        )
        choice = HeldLine.Resolution.MOVED if to else HeldLine.Resolution.REMOVED
        resolve_held(line=line, choice=choice, by=self.commissioner, to_id=to.pk if to else None)
