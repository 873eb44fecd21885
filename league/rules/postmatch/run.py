"""Working state of one walk through the post-match steps (internal to postmatch.py).

The walk is a fold over the ruleset's step list: each step reads the state the earlier steps left
(SPP, treasury, fan factor, who left or was cleared) and appends its effects. The state is mutable
on purpose, as an accumulator private to one call; everything handed out is frozen.
"""

from __future__ import annotations

from ..dice import check_die
from ..errors import DiceError
from ..ruleset import Ruleset
from .casualties import PlayerInjuries, player_injuries
from .effects import EFFECT_FIELDS, Effect
from .finance import Side, concession_penalised
from .kinds import kind_of
from .records import SIDES, Decisions, InputProblem, InputRequest, MatchDice, MatchReport, PlayerReport, problem
from .scoring import winning_side


class Run:
    __slots__ = (
        "ruleset",
        "report",
        "dice",
        "decisions",
        "requests",
        "problems",
        "used_dice",
        "used_choices",
        "effects",
        "step",
        "conceder",
        "penalised",
        "outcomes",
        "treasury",
        "fan_factor",
        "bank",
        "spp",
        "injuries",
        "suffered",
        "departed",
        "cleared",
        "chosen_values",
        "pending_sides",
        "players",
        "side_of",
    )

    def __init__(
        self,
        ruleset: Ruleset,
        report: MatchReport,
        dice: MatchDice,
        decisions: Decisions,
        injuries: dict[str, PlayerInjuries] | None = None,
    ) -> None:
        self.ruleset, self.report, self.dice, self.decisions = ruleset, report, dice, decisions
        self.requests: list[InputRequest] = []
        self.problems: list[InputProblem] = []
        self.used_dice: set[str] = set()
        self.used_choices: set[str] = set()
        self.effects: list[Effect] = []
        self.step = ""
        home, away = report.home, report.away
        self.conceder: Side | None = "home" if home.conceded else "away" if away.conceded else None
        justified = report.side(self.conceder).concession_justified if self.conceder else False
        self.penalised = concession_penalised(ruleset, conceded=self.conceder is not None, justified=justified)
        winner = winning_side(home.score, away.score, self.conceder, report.shootout_winner)
        self.outcomes: dict[Side, str] = {
            side: "draw" if winner is None else "win" if side == winner else "loss" for side in SIDES
        }
        self.treasury = {side: report.side(side).treasury_before - report.side(side).petty_cash for side in SIDES}
        self.fan_factor = {side: report.side(side).fan_factor for side in SIDES}
        self.bank = {side: report.side(side).bank_before for side in SIDES}
        self.players: dict[str, PlayerReport] = {}
        self.side_of: dict[str, Side] = {}
        # What the casualties did depends on the report alone: computed once per report and shared
        # by the walks of one planning (read-only, like the report).
        self.injuries: dict[str, PlayerInjuries] = {} if injuries is None else injuries
        for side in SIDES:
            team_key = report.side(side).team_key
            for player in report.side(side).players:
                self.players[player.ref], self.side_of[player.ref] = player, side
                if player.on_roster and injuries is None:
                    self.injuries[player.ref] = player_injuries(ruleset, team_key, player)
        # The casualties as suffered, shared with the other walks: a step that changes what a player
        # keeps of them (the healing spell) replaces `injuries` by a copy of its own.
        self.suffered = self.injuries
        self.spp = {ref: player.spp_before for ref, player in self.players.items()}
        self.departed: set[str] = set()
        self.cleared = False  # whether the earlier MNG marks were erased by a step already walked
        self.chosen_values: dict[str, list[str]] = {}
        self.pending_sides: set[Side] = set()

    def roster(self, side: Side) -> tuple[PlayerReport, ...]:
        return tuple(p for p in self.report.side(side).players if p.on_roster)

    def dead(self, ref: str) -> bool:
        return ref in self.injuries and self.injuries[ref].dead

    def stays(self, player: PlayerReport) -> bool:
        """Still on the roster after this match (not dead, not gone after a concession)."""
        return player.on_roster and not self.dead(player.ref) and player.ref not in self.departed

    def available(self, player: PlayerReport) -> bool:
        """Can play the next match: stays, no MNG from this match, an earlier MNG already cleared."""
        return (
            self.stays(player)
            and not self.injuries[player.ref].misses_next_game
            and (self.cleared or not player.miss_next_game_before)
        )

    def die(self, request: InputRequest) -> tuple[int, ...] | None:
        """The stored dice for `request`, or None after noting it as missing or wrong."""
        values = self.dice.rolls.get(request.key)
        if values is None:
            self.requests.append(request)
            return None
        self.used_dice.add(request.key)
        if not isinstance(values, tuple) or len(values) != request.count:
            self.problems.append(
                problem(request.key, "die_count", count=request.count, sides=request.sides, got=repr(values))
            )
            return None
        for value in values:
            try:
                check_die(value, request.sides)
            except DiceError:
                self.problems.append(problem(request.key, "die_value", value=repr(value), sides=request.sides))
                return None
        return values

    def choice(self, request: InputRequest, kind: type) -> str | bool | int | None:
        """The stored decision for `request` (of type `kind`), or None after noting it."""
        value = self.decisions.choices.get(request.key)
        if value is None:
            self.requests.append(request)
            return None
        self.used_choices.add(request.key)
        if type(value) is not kind:
            self.problems.append(problem(request.key, "decision_type", expected=kind.__name__, got=repr(value)))
            return None
        return value

    def emit(self, side: Side, kind: str, key: str, **values: object) -> None:
        """An effect of a declared kind (kinds/): values that are no Effect field go to its payload,
        and must be entries its kind declares."""
        own = {name: value for name, value in values.items() if name not in EFFECT_FIELDS}
        undeclared = sorted(set(own) - set(kind_of(kind).fields))
        if undeclared:
            raise TypeError(f"effect kind {kind!r} declares no {', '.join(undeclared)}")
        common = {name: value for name, value in values.items() if name in EFFECT_FIELDS}
        self.effects.append(Effect(step=self.step, key=key, side=side, kind=kind, payload=own, **common))  # type: ignore[arg-type]

    def unused_inputs(self) -> list[InputProblem]:
        """Given dice or decisions no step asked for: refused, so a stored match never hides a die."""
        extra = [problem(key, "unused_die") for key in sorted(set(self.dice.rolls) - self.used_dice)]
        extra += [problem(key, "unused_decision") for key in sorted(set(self.decisions.choices) - self.used_choices)]
        return extra
