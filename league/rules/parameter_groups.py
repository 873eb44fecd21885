"""The optional parameter groups: numbers a ruleset has only where it has the mechanism
(`[parameters.<key>]` of its ruleset.toml; ruleset.group(BankParameters) is None elsewhere)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

_GP = {"gp": True}


def _choices(*values: str) -> dict[str, tuple[str, ...]]:
    return {"choices": values}


def map_problem(name: str, value: object, meta: Mapping[str, Any], granularity: int | None) -> str | None:
    """Why `value` is not a map of keys to whole numbers within the field's limits (a "range", else
    positive or not negative, a multiple of the granularity for gold), or None."""
    if not isinstance(value, Mapping) or not all(type(k) is str and type(v) is int for k, v in value.items()):
        return f"parameter {name!r} must map keys to whole numbers, got {value!r}"
    low, high = meta.get("range", (1 if meta.get("positive") else 0, None))
    for key, number in value.items():
        gp_off = meta.get("gp") and granularity and number % granularity
        if number < low or (high is not None and number > high) or gp_off:
            return f"parameter {name!r}: {key!r} = {number} is not allowed"
    return None


@dataclass(frozen=True, slots=True)
class BankParameters:
    """An optional group: a bank beside the treasury (PBBL P31-32/L70-72, P38/L84 step 5). Gold
    moves in or out only in its own post-match step, never counts in team value and never buys
    players, staff, re-rolls or inducements; it may pay spiralling expenses."""

    KEY: ClassVar[str] = "bank"
    max_balance: int = field(metadata=_GP)
    pays_spiralling_expenses: bool
    # Who pays spiralling expenses when the coach has not split them himself (A2).
    expenses_default: str = field(metadata=_choices("treasury_first", "bank_first"))


@dataclass(frozen=True, slots=True)
class RookieParameters:
    """An optional group: free rookies (a house rule). While a team has fewer than `fill_to`
    players able to play it may hire free rookies of its most numerous position, every
    characteristic halved rounding up, never using a team re-roll, worth 0 in team value; the
    pre-match step "rookies" tops the roster up with them."""

    KEY: ClassVar[str] = "rookies"
    fill_to: int = field(metadata={"positive": True})


@dataclass(frozen=True, slots=True)
class ChampionParameters:
    """An optional group: star players ("champions") hired as permanent roster members, one of each
    per team, at the star's price, never MVP and earning no SPP (league/rules/catalogue/champions.py).
    Where a ruleset declares it, the star-player inducement is not offered."""

    KEY: ClassVar[str] = "champions"
    # True: one copy of each champion in the whole league, not only per team.
    unique_in_league: bool
    # The league's own list, where its ruleset makes these league settings (classic 3rd edition,
    # whose list is cut off): the champions it does not offer, and star key -> its price where the
    # league's differs from the star's (an empty map: the stars' prices).
    withdrawn: tuple[str, ...] = field(default=(), metadata={"keys": "champions"})
    prices: dict[str, int] = field(default_factory=dict, metadata={**_GP, "keys": "champions", "positive": True})


@dataclass(frozen=True, slots=True)
class AllyParameters:
    """An optional group: allies, players of another race a team hires after its first matches
    (seed 002 H:L17-27, spec §2.1, H6). Which races and positions, and how many of each, is the
    league's ally table (the commissioner's); these are the rule's numbers."""

    KEY: ClassVar[str] = "allies"
    # The team's match from which it may hire: 2 = once it has played (processed) one match.
    from_match: int = field(metadata={"positive": True})
    # Each hire costs this much Fan Factor, or `gold_at_floor` gold when that would take the Fan
    # Factor below `fan_factor_floor` (FF never falls below it through this rule, H6, H7).
    fan_factor_cost: int
    fan_factor_floor: int
    gold_at_floor: int = field(metadata=_GP)
    # Most allies on the pitch at once (the roster may hold any number): checked on the per-kick-off
    # rolls of a match record taking allies, whose players_max the loader keeps equal to it.
    max_on_pitch: int = field(metadata={"positive": True})


@dataclass(frozen=True, slots=True)
class AllianceParameters:
    """An optional group: alliance teams built from three pairwise allied rosters (the ruleset's
    alliances.csv), e.g. Dungeon Bowl's schools. `enabled` is the league's switch; the caps are the
    players each roster may give (first, second, third) and `reroll_cost` the list price of every
    team re-roll of such a team (doubled after creation like any re-roll)."""

    KEY: ClassVar[str] = "alliances"
    enabled: bool
    first_roster_max: int = field(metadata={"positive": True})
    second_roster_max: int
    third_roster_max: int
    reroll_cost: int = field(metadata={**_GP, "positive": True})


@dataclass(frozen=True, slots=True)
class SecretWeaponParameters:
    """An optional group: secret weapons sent off on a penalty roll (3rd edition, seed 004 L303-315):
    after each drive he played, 2D6 at least his weapon's penalty number sends the player off. His
    weapon is the first skill of `weapons` he has (the last one, Secret Weapon itself, names the
    others); `penalty_numbers` holds each weapon's number where the league entered it (a setting)."""

    KEY: ClassVar[str] = "secret_weapons"
    weapons: tuple[str, ...] = field(metadata={"keys": "skills"})
    penalty_numbers: dict[str, int] = field(default_factory=dict, metadata={"keys": "weapons", "range": (2, 12)})


@dataclass(frozen=True, slots=True)
class CardParameters:
    """An optional group: how the commissioner sells the ruleset's special play cards (its decks.csv),
    one of the rulebook's four ways (LRB6 p.34, PBBL P43): "inducements" (cards join the pre-match
    inducement list, at most `max_draws` per coach), "none", "replace" (cards are the only
    inducements, at most `max_draws`), or "budget" (each coach gets `budget` gold per match for
    cards only, neither carried over nor transferable, between the rulebook's `budget_min` and
    `budget_max`). `merged_decks`: the decks marked mergeable are shuffled into one deck. `price`:
    the gold of one draw from any deck, where the league sets one price for all (seed 002 H:L78,
    H10: 50,000); 0 keeps each deck's own price (decks.csv). `gold_in_winnings`: the gold a card
    gives during the match is entered on the result sheet and paid with the winnings (H:L101)."""

    KEY: ClassVar[str] = "cards"
    mode: str = field(metadata=_choices("inducements", "none", "replace", "budget"))
    max_draws: int  # per coach and match where cards are inducements; 0: no limit (PBBL gives none)
    budget: int = field(metadata={**_GP, "between": ("budget_min", "budget_max")})
    budget_min: int = field(metadata=_GP)
    budget_max: int = field(metadata=_GP)
    merged_decks: bool
    # A Magic Sponge card's player back from Dead and Injured is healed: his injury is erased (PBBL
    # A15's recommendation); False: he only plays on, and the injury stays.
    sponge_erases_injury: bool
    price: int = field(default=0, metadata=_GP)
    gold_in_winnings: bool = False

    def problem(self) -> str | None:
        """Why the numbers do not hold together, or None."""
        if not self.budget_min <= self.budget <= self.budget_max:
            return f"budget {self.budget} is not between {self.budget_min} and {self.budget_max}"
        return None


def group_problem(group: object) -> str | None:
    """Why a group's parameters do not hold together (its own `problem()`, where it has one), or None."""
    check = getattr(group, "problem", None)
    return check() if callable(check) else None


@dataclass(frozen=True, slots=True)
class RaiseDeadParameters:
    """An optional group: a player raised from an opponent killed in the match (the Necromancer's
    Raise the Dead). The victim is an opposing roster player dead at the end of the match (after any
    apothecary and Regeneration), with ST at most `victim_max_st` and none of `victim_without`. Up to
    `per_match` times a match, a team of one of `teams` may add a free player of `position` after it
    while it has fewer players than the roster maximum; he counts at his position's cost in team value
    (league/rules/catalogue/raised.py)."""

    KEY: ClassVar[str] = "raise_dead"
    name_en: str
    name_fr: str
    teams: tuple[str, ...] = field(metadata={"keys": "teams"})
    position: str  # a position key of each of `teams` (checked by the loader)
    victim_max_st: int = field(metadata={"positive": True})
    victim_without: tuple[str, ...] = field(metadata={"keys": "skills"})
    per_match: int  # players a team may raise this way from one match (0: every victim may be)


@dataclass(frozen=True, slots=True)
class RotParameters(RaiseDeadParameters):
    """The same mechanism for a skill's victims (Nurgle's Rot: the opponent killed by a Block, a Blitz
    or a Foul of a player with the skill joins as a new Rotter), a group of its own so that a ruleset
    may have both."""

    KEY: ClassVar[str] = "nurgles_rot"


# The optional groups that raise players from the dead, in the order the match page offers them.
RAISING_GROUPS: tuple[type[RaiseDeadParameters], ...] = (RaiseDeadParameters, RotParameters)


# The optional parameter groups the engine knows, by key ([parameters.<key>] in ruleset.toml). A
# ruleset without the table has no such group: ruleset.group(BankParameters) is None.
GROUPS: Mapping[str, type] = {
    BankParameters.KEY: BankParameters,
    RookieParameters.KEY: RookieParameters,
    ChampionParameters.KEY: ChampionParameters,
    AllyParameters.KEY: AllyParameters,
    AllianceParameters.KEY: AllianceParameters,
    SecretWeaponParameters.KEY: SecretWeaponParameters,
    CardParameters.KEY: CardParameters,
    RaiseDeadParameters.KEY: RaiseDeadParameters,
    RotParameters.KEY: RotParameters,
}


def group_keys_problem(groups: Mapping[str, object], catalogues: Mapping[str, Collection[str]]) -> str | None:
    """Why a group's list or map of keys names one its catalogue lacks (metadata "keys": a catalogue
    the Ruleset knows, or another field of the same group, e.g. a weapon of `weapons`), or None."""
    for key, group in groups.items():
        for spec in fields(group):  # type: ignore[arg-type]
            catalogue = spec.metadata.get("keys")
            if catalogue is None:
                continue
            known = getattr(group, catalogue) if hasattr(group, catalogue) else catalogues.get(catalogue)
            if known is None:
                continue
            unknown = [k for k in getattr(group, spec.name) if k not in known]
            if unknown:
                return f"parameter '{key}.{spec.name}' names unknown {catalogue}: {', '.join(unknown)}"
    return None
