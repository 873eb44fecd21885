"""What a post-match plan hands out: its Effects, in order, and the PostMatchPlan holding them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

from ..catalogue.value import TeamFacts
from .finance import Side
from .improvements import ImprovementOptions


def _freeze(obj: object, *names: str) -> None:
    for name in names:  # read-only copies of the mappings a caller gave, as in records.py
        value = getattr(obj, name)
        if not isinstance(value, MappingProxyType):
            object.__setattr__(obj, name, MappingProxyType(dict(value)))


@dataclass(frozen=True, slots=True)
class Effect:
    """One change the caller applies, in plan order. `key` is unique within the match.

    Kinds by step: mvp / mvp_wasted (a star or mercenary drawn) / mvp_none; spp; improvement
    (pending until chosen); dead, niggling_injury, stat_injury, injury_ignored, miss_next_game,
    departure / departure_avoided (remove_dead); winnings, winnings_transfer; petty_cash_return;
    spiralling_expenses (account "bank" for the part a bank pays); fan_factor; bank_transfer;
    purchases_open (marker); miss_next_game_cleared;
    journeyman_hire_or_release, journeymen_needed; team_value. Each kind is declared in
    league/rules/postmatch/kinds/ (its data, ledger kind and reversal); a kind's own data beyond
    these fields goes in `payload`, whose entries the kind declares.
    """

    step: str
    key: str
    side: Side
    kind: str
    player_ref: str | None = None
    amount: int = 0  # gold into (+) or out of (-) the treasury
    treasury: int | None = None  # running treasury after this effect (money effects only)
    spp: int = 0  # SPP earned
    count: int | None = None  # events counted, or journeymen needed
    total: int | None = None  # resulting figure: SPP, FF, SE owed, hire price, players available, TV
    delta: int = 0  # fan factor change
    dice: tuple[int, ...] = ()
    casualty: str | None = None
    stat: str | None = None
    skill: str | None = None
    value_key: str | None = None  # value_modifiers key of a chosen improvement
    options: ImprovementOptions | None = None
    pending: bool = False  # an improvement whose choice is not known yet (or a TV that depends on one)
    reason: str | None = None
    facts: TeamFacts | None = None  # kind team_value: the facts the TV was computed from
    # The account `amount` moves: "treasury", or "bank" (spiralling expenses the bank pays). A
    # bank_transfer moves `amount` out of the treasury (negative: out of the bank) into the bank.
    account: str = "treasury"
    bank: int | None = None  # running bank balance after this effect (bank effects only)
    payload: Mapping[str, Payload] = field(default_factory=dict)  # the kind's own entries (kinds/)
    undoes: str | None = None  # a reversal: the key of the effect it undoes (kinds.reversal)

    def __post_init__(self) -> None:
        _freeze(self, "payload")


Payload = int | str | bool | None
# Every effect's fields but the kind's own payload: what Run.emit accepts by name.
EFFECT_FIELDS = frozenset(f.name for f in fields(Effect)) - {"payload"}


@dataclass(frozen=True, slots=True)
class PostMatchPlan:
    steps: tuple[str, ...]
    effects: tuple[Effect, ...]
    outcomes: Mapping[Side, str]  # win / draw / loss
    treasury: Mapping[Side, int]  # after the last money effect

    def __post_init__(self) -> None:
        _freeze(self, "outcomes", "treasury")

    def by_step(self, step: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.step == step)

    def effect(self, key: str) -> Effect:
        for effect in self.effects:
            if effect.key == key:
                return effect
        raise KeyError(f"no effect {key!r} in this plan")

    @property
    def pending(self) -> tuple[str, ...]:
        return tuple(e.key for e in self.effects if e.pending and e.kind == "improvement")
