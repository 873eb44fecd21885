"""Inputs and outputs of the post-match sequence (postmatch.py), all immutable and Django-free.

Players are named by opaque refs the caller chooses ("p12"); refs are unique within a match.
Dice and decisions are keyed by the same natural keys as the inputs the engine asks for
(InputRequest.key), so the web layer can store them as (key, values) rows and replay a match.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..catalogue.team_building import Violation
from .finance import Side

if TYPE_CHECKING:
    from ..ruleset import Ruleset

SIDES: tuple[Side, Side] = ("home", "away")


def _empty() -> Mapping:  # type: ignore[type-arg]
    return MappingProxyType({})


def _freeze(obj: object, *names: str) -> None:
    # Frozen records may be given plain dicts; keep read-only copies so nobody edits them later.
    for name in names:
        value = getattr(obj, name)
        if not isinstance(value, MappingProxyType):
            object.__setattr__(obj, name, MappingProxyType(dict(value)))


@dataclass(frozen=True, slots=True)
class CasualtyReport:
    """One casualty a player suffered, with every die the coaches rolled for it (spec §4.4)."""

    rolls: tuple[tuple[int, int], ...] = ()  # (D6, D8) per casualty roll; two with Decay; none for a BH
    # without a D68 roll (Stunty injury 9, a Blood Lust bite).
    apothecary_reroll: tuple[int, int] | None = None  # the apothecary's (D6, D8); None: no apothecary
    apothecary_roll_index: int = 0  # which roll the apothecary re-rolled (Decay: coach's choice, A32)
    apothecary_kept_reroll: bool = True  # the coach keeps either result (p.17 L2161-2172)
    # The re-roll was an apothecary's treatment after the match (Parameters.apothecary_after_match).
    apothecary_after_match: bool = False
    regeneration: int | None = None  # Regeneration D6, if the player has the skill
    regeneration_reroll: int | None = None  # Igor's re-roll of a failed Regeneration
    final: tuple[str, ...] = ()  # casualty keys the coach recorded; checked against the dice
    override: str = ""  # a card or commissioner ruling: `final` then replaces what the dice say


@dataclass(frozen=True, slots=True)
class PlayerReport:
    ref: str
    position_key: str  # a position of the team; a star's key for a star player
    spp_before: int = 0
    improvement_rolls_taken: int = 0  # improvement rolls made in earlier matches
    skills: tuple[str, ...] = ()  # skills gained so far (not the position's starting skills)
    improvements: tuple[str, ...] = ()  # value_modifiers keys of improvements taken (player value)
    stat_improvements: Mapping[str, int] = field(default_factory=_empty)  # stat -> +1 taken
    stat_injuries: Mapping[str, int] = field(default_factory=_empty)  # stat -> -1 suffered
    is_journeyman: bool = False
    is_star_or_mercenary: bool = False  # induced for this match, not on the roster
    eligible_for_mvp: bool = True  # could play this match (spec A7); False e.g. after an Assassin card
    miss_next_game_before: bool = False  # an MNG mark from an earlier match: he missed this one
    completions: int = 0
    touchdowns: int = 0
    interceptions: int = 0
    casualties: int = 0  # casualties inflicted by blocking or being blocked: only those earn SPP
    casualties_suffered: tuple[CasualtyReport, ...] = ()
    # Counts of the ruleset's other SPP actions (spp_actions.csv beyond the four above and the MVP,
    # e.g. a chest opened underground), by action key.
    actions: Mapping[str, int] = field(default_factory=_empty)
    # The team list his position belongs to when it is not his team's (an alliance team's second or
    # third roster, catalogue/alliances.py); "" for the team's own.
    roster_key: str = ""

    def __post_init__(self) -> None:
        _freeze(self, "stat_improvements", "stat_injuries", "actions")

    def list_key(self, team_key: str) -> str:
        """The team-list key of his position: his roster's, else his team's."""
        return self.roster_key or team_key

    @property
    def on_roster(self) -> bool:
        return not self.is_star_or_mercenary


@dataclass(frozen=True, slots=True)
class SideReport:
    team_key: str
    roster_tv: int  # pre-match roster TV (no petty cash)
    fan_factor: int
    treasury_before: int  # treasury before the match, petty cash still in it
    fame: int
    score: int
    players: tuple[PlayerReport, ...]  # the whole roster, journeymen, and the induced players who played
    petty_cash: int = 0  # moved from the treasury before the match
    inducements_cost: int = 0  # gold spent on inducements (inducement money first, then petty cash)
    # Treasury gold the inducements took directly, where the ruleset has no petty cash (PBBL P35/L78:
    # it adds to the inducement gold): part of the side's inducement budget.
    inducement_treasury: int = 0
    conceded: bool = False
    # Conceded at a kick-off with too few players (spec §8, A3). Read on the conceding side only: a
    # caller may set it on both sides, as it describes the match's one concession.
    concession_justified: bool = False
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    # Casualty re-rolls the side's apothecaries allow in this match (apothecary_uses_allowed: its own
    # plus induced ones); None when the caller does not know, and then the uses are not checked.
    apothecaries_fielded: int | None = None
    winnings_bonus: int = 0  # e.g. Blood Bowl holder; added after the playoff doubling (A11)
    trophy_rerolls: int = 0  # re-rolls of the trophies held: counted in the new team value (A10)
    trophy_fan_factor: int = 0  # fan factor points of the trophies held (PBBL Spike!): TV only
    # This match is the final of a trophy that gives every MVP-eligible roster player of both
    # finalists an extra MVP award (LRB6 Blood Bowl, p.33 L4266-4274, A11).
    finalists_extra_mvp: bool = False
    bank_before: int = 0  # gold in the team's bank before the match (rulesets with a bank group)
    allies: tuple[str, ...] = ()  # an alliance team's second and third rosters (its re-rolls' price)


@dataclass(frozen=True, slots=True)
class CardPlay:
    """A special play card a side played in the match (one it bought for it), with the refs of the
    players it touched; what it leaves after the match is the card's data (Card.lasting)."""

    side: Side
    card: str  # the card's key in the ruleset's cards.csv
    players: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchReport:
    home: SideReport
    away: SideReport
    gate: int = 0  # recorded only: winnings do not depend on it
    playoff: bool = False  # semi-final or final: winnings multiplier and final inducement rule
    # A play-off match level after overtime is decided by a shoot-out: its winner is the match's
    # winner for every step (winnings bonus, winner's re-roll, fan factor), the score stays level.
    shootout_winner: Side | None = None
    # What the pre-match steps hand on, by step name (a table roll's result key: {"weather":
    # "nice"}; a step of a ruleset's own, its value): a post-match step reads what it needs here.
    prematch: Mapping[str, str | int | bool] = field(default_factory=_empty)
    cards_played: tuple[CardPlay, ...] = ()  # in the order played

    def __post_init__(self) -> None:
        _freeze(self, "prematch")

    def side(self, side: Side) -> SideReport:
        return self.home if side == "home" else self.away


@dataclass(frozen=True, slots=True)
class MatchDice:
    """Die values keyed by InputRequest.key, e.g. {"winnings:home": (4,), "ff:away": (2, 5)}."""

    rolls: Mapping[str, tuple[int, ...]] = field(default_factory=_empty)

    def __post_init__(self) -> None:
        # Stored dice often come back from JSON as lists: keep tuples so that equal dice compare equal.
        rolls = {
            key: tuple(values) if isinstance(values, list | tuple) else values for key, values in self.rolls.items()
        }
        object.__setattr__(self, "rolls", MappingProxyType(rolls))

    def merged(self, more: Mapping[str, tuple[int, ...]]) -> MatchDice:
        return MatchDice({**self.rolls, **more})


@dataclass(frozen=True, slots=True)
class Decisions:
    """Coach decisions keyed by InputRequest.key: an MVP pick (player ref), whether the winner re-rolls
    its winnings die (bool), an improvement choice (skill key or ma/st/ag/av)."""

    choices: Mapping[str, str | bool | int] = field(default_factory=_empty)

    def __post_init__(self) -> None:
        _freeze(self, "choices")

    def merged(self, more: Mapping[str, str | bool | int]) -> Decisions:
        return Decisions({**self.choices, **more})


_LABELS = {
    "mvp_draw": "MVP draw die",
    "mvp_pick": "MVP pick",
    "winnings": "winnings die",
    "winnings_reroll_decision": "winnings re-roll decision",
    "winnings_reroll": "winnings re-roll die",
    "fan_factor": "fan factor dice",
    "departure": "concession departure die",
    "improvement": "improvement dice",
    "improvement_choice": "improvement choice",
    "bank_transfer": "bank transfer",
    "expenses_from_bank": "spiralling expenses paid from the bank",
    "card_gold": "gold a special play card gave",
    "table_roll": "roll on a ruleset's table",
    "table_roll_avoid": "roll to avoid a ruleset's table",
    "healing_pick": "healing spell",
}


# Key prefixes of the inputs as the steps build them ("improvement:p12:1", "mvp:home:1", ...), and
# what the dice and the decision under such a key ask for.
INPUT_PREFIXES = {
    "mvp": ("mvp_draw", "mvp_pick"),
    "improvement": ("improvement", "improvement_choice"),
    "leave": ("departure", "departure"),
    "winnings": ("winnings", "winnings"),
    "winnings_reroll": ("winnings_reroll", "winnings_reroll_decision"),
    "ff": ("fan_factor", "fan_factor"),
    "bank": ("bank_transfer", "bank_transfer"),
    "se_bank": ("expenses_from_bank", "expenses_from_bank"),
    "card_gold": ("card_gold", "card_gold"),
    "healing": ("healing_pick", "healing_pick"),
}
# Faces of the dice of each kind of key; None: one face per MVP candidate; other kinds take D6.
DIE_FACES = {"mvp": None, "improvement": 6, "leave": 6, "winnings": 6, "winnings_reroll": 6, "ff": 6}


def die_faces(key: str, ruleset: Ruleset | None = None) -> int | None:
    """The faces of the dice a stored key names (None when the match decides, e.g. an MVP draw);
    with the ruleset, a table roll's own dice (its key's prefix is the roll's)."""
    prefix = key.split(":", 1)[0]
    roll = ruleset.table_rolls.get(prefix) if ruleset is not None else None
    if roll is not None:
        return (roll.avoid_dice or roll.dice)[1] if key.endswith(":avoid") else roll.dice[1]
    return DIE_FACES.get(prefix, 6)


@dataclass(frozen=True, slots=True)
class InputRequest:
    key: str
    kind: str  # "dice" or "decision"
    what: str  # one of _LABELS' keys
    side: Side
    player_ref: str | None = None
    count: int = 0  # dice to roll
    sides: int = 0  # faces of each die (an MVP draw uses one die with as many faces as candidates)
    required: bool = True  # False: an improvement choice, which may stay pending
    options: tuple[str, ...] = ()  # MVP candidates, or the skills/stats an improvement roll allows

    def describe(self) -> str:
        """English text for logs and errors, e.g. "winnings die for home"."""
        return f"{_LABELS.get(self.what, self.what)} for {self.player_ref or self.side} ({self.key})"


# English wording of each InputProblem code; the web layer words them (matches/services/wording.py).
_PROBLEMS = {
    "die_count": "{count} D{sides} expected, got {got}",
    "die_value": "{value} is not a possible D{sides} result (1-{sides})",
    "decision_type": "a {expected} is expected, got {got}",
    "not_mvp_candidate": "{pick} is not an MVP candidate of {side}",
    "chosen_while_pending": "chosen while an earlier roll of {player} is still pending",
    "improvement_not_allowed": "{detail}",
    "unused_die": "die not used by this match",
    "unused_decision": "decision not used by this match",
    "bank_not_allowed": "{detail}",
    "card_gold_not_allowed": "{detail}",
    "healing_not_allowed": "{choice} is no casualty of {side} the healing spell may cancel",
}


@dataclass(frozen=True, slots=True)
class InputProblem:
    """Why a given die or decision cannot be used: a code of _PROBLEMS, the input's key and the
    figures the wording needs (values as given, already repr()-ed where they are the user's)."""

    key: str
    code: str
    params: tuple[tuple[str, object], ...] = ()

    def param(self, name: str) -> object:
        return dict(self.params).get(name)

    def __str__(self) -> str:
        return f"{self.key}: " + _PROBLEMS[self.code].format(**dict(self.params))


def problem(key: str, code: str, **params: object) -> InputProblem:
    return InputProblem(key, code, tuple(params.items()))


class PostMatchInputError(ValueError):
    """The dice, decisions or report given to plan_post_match cannot produce a plan."""


class MissingInput(PostMatchInputError):
    def __init__(self, missing: tuple[InputRequest, ...]) -> None:
        self.missing = missing
        super().__init__("missing post-match input: " + "; ".join(r.describe() for r in missing))


class InvalidInput(PostMatchInputError):
    def __init__(self, problems: tuple[InputProblem, ...]) -> None:
        self.problems = problems
        super().__init__("invalid post-match input: " + "; ".join(map(str, problems)))


class InvalidReport(PostMatchInputError):
    def __init__(self, violations: tuple[Violation, ...]) -> None:
        self.violations = violations
        super().__init__("invalid match report: " + "; ".join(f"{v.code} {dict(v.params)}" for v in violations))
