"""What each kind of post-match effect changes: one applier per effect kind, found by its kind.

An applier registers itself with @applies("winnings", "winnings_transfer") and only gathers into a
Writes what its effect changes (player fields, new rows, ledger entries, the teams' kept figures
followed in memory); apply.py then writes everything gathered in a fixed number of statements. A
new post-match step of the rules engine therefore needs its applier here, in one place (and its
label and wording in matches/views/outcome.py). An effect kind without an applier stops the
sequence with an error naming it: a kind silently skipped could drop gold or a dead player.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_noop

from league.rules import HolderBenefits, Ruleset
from league.rules.postmatch import Effect
from matches.models import Match
from matches.services.snapshot import ref_player_id
from teams.models import Player, Team, TreasuryEntry
from teams.services.ledger import check_ledger_entry


@dataclass
class SequenceContext:
    """What the effects need: the match, its ruleset, its two teams read under lock (by side) and
    the coaches' stored decisions (a journeyman's hire)."""

    match: Match
    ruleset: Ruleset
    teams: dict[str, Team]
    choices: Mapping[str, Any]


@dataclass
class Writes:
    """Everything the effects change, gathered in plan order and written by apply.py."""

    spp: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    niggling: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    sets: dict[int, dict[str, Any]] = field(default_factory=dict)
    injuries: list[dict[str, Any]] = field(default_factory=list)
    rolls: list[Effect] = field(default_factory=list)
    ledger: list[dict[str, Any]] = field(default_factory=list)
    journeymen_for: set[str] = field(default_factory=set)  # sides to fill up with journeymen
    value_for: set[str] = field(default_factory=set)  # sides whose team value is recomputed
    # Held trophies' re-rolls and fan factor per side, as the engine counted them (snapshot).
    trophies: dict[str, HolderBenefits] = field(default_factory=dict)
    teams_changed: set[str] = field(default_factory=set)


Applier = Callable[[SequenceContext, Writes, Effect], None]
APPLIERS: dict[str, Applier] = {}


class UnknownEffectKind(LookupError):
    """The rules engine emitted an effect kind nobody applies (a step added without its applier)."""


def applies(*kinds: str) -> Callable[[Applier], Applier]:
    """Register the decorated function as the applier of these effect kinds."""

    def register(function: Applier) -> Applier:
        for kind in kinds:
            if kind in APPLIERS and APPLIERS[kind] is not function:
                raise ValueError(f"effect kind {kind!r} has two appliers")
            APPLIERS[kind] = function
        return function

    return register


def applier_for(kind: str) -> Applier:
    try:
        return APPLIERS[kind]
    except KeyError:
        raise UnknownEffectKind(
            f"no applier for the post-match effect kind {kind!r}: register one in matches/services/appliers.py"
        ) from None


def gather(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    applier_for(effect.kind)(ctx, w, effect)


def _player_id(effect: Effect) -> int | None:
    return ref_player_id(effect.player_ref) if effect.player_ref else None


def post(
    ctx: SequenceContext,
    w: Writes,
    side: str,
    kind: str,
    amount: int,
    key: str,
    memo: str,
    account: str = TreasuryEntry.TREASURY,
) -> None:
    """A ledger entry keyed "match:<id>:<key>" (unique per team: a second run writes nothing), and
    the kept treasury followed in memory (written once, by apply._write_teams); a bank entry moves
    no kept figure (its balance is the sum of its entries). The kind and the account must be the
    ruleset's: a match is refused, rather than a ledger the team's pages could not name."""
    check_ledger_entry(ctx.ruleset, kind, account)
    team = ctx.teams[side]
    w.ledger.append(
        dict(
            team_id=team.pk,
            kind=kind,
            account=account,
            amount=amount,
            key=f"match:{ctx.match.pk}:{key}",
            memo=memo,
            match_id=ctx.match.pk,
            created_by_id=None,
        )
    )
    if account == TreasuryEntry.TREASURY:
        team.treasury += amount
        w.teams_changed.add(side)


# --- Players ---


@applies("mvp", "spp")
def apply_spp(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    player_id = _player_id(effect)
    if effect.spp and player_id:
        w.spp[player_id] += effect.spp


@applies("mvp_wasted", "mvp_none", "departure_avoided", "purchases_open")
def apply_nothing(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """Recorded (as a MatchEffect) and shown, but nothing to change: an MVP lost to a star, none
    possible, a player who stays, the coach's purchases (his own, through the team pages)."""


@applies("improvement")
def apply_improvement(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    if _player_id(effect):
        w.rolls.append(effect)


# Player fields a kind of effect sets (the last one written wins, as if applied one by one).
PLAYER_SETS: dict[str, dict[str, Any]] = {
    "dead": {"status": Player.Status.DEAD, "miss_next_game": False},
    "miss_next_game": {"miss_next_game": True},
    "miss_next_game_cleared": {"miss_next_game": False},
    "departure": {"status": Player.Status.RETIRED},
}


@applies(*PLAYER_SETS)
def apply_player_fields(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    player_id = _player_id(effect)
    if player_id:
        w.sets.setdefault(player_id, {}).update(PLAYER_SETS[effect.kind])


@applies("niggling_injury", "stat_injury", "injury_ignored")
def apply_injury(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    player_id = _player_id(effect)
    if not player_id:
        return
    w.injuries.append(
        dict(
            player_id=player_id,
            casualty=effect.casualty or "",
            stat=effect.stat or "",
            applied=effect.kind != "injury_ignored",
            match_id=ctx.match.pk,
        )
    )
    if effect.kind == "niggling_injury":
        w.niggling[player_id] += 1


# --- Money ---

# Ledger memos are stored in English and translated when shown; none repeats the entry's kind.
MONEY = {
    "winnings": (TreasuryEntry.Kind.WINNINGS, ""),
    "winnings_transfer": (TreasuryEntry.Kind.WINNINGS, gettext_noop("Winnings of the conceding team")),
    "petty_cash_return": (TreasuryEntry.Kind.PETTY_CASH, gettext_noop("Unspent petty cash")),
    "spiralling_expenses": (TreasuryEntry.Kind.SPIRALLING_EXPENSES, ""),
}


@applies(*MONEY)
def apply_money(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """Gold in or out of the treasury, or of the bank (the part of the spiralling expenses a bank pays)."""
    if effect.amount:
        kind, memo = MONEY[effect.kind]
        post(ctx, w, effect.side, kind, effect.amount, effect.key, memo, account=effect.account)


@applies("bank_transfer")
def apply_bank_transfer(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """Gold between treasury and bank: `amount` moves the treasury (negative: into the bank), the
    bank moves the opposite; two entries of one kind, keyed apart."""
    if effect.amount:
        kind = TreasuryEntry.Kind.BANK_TRANSFER
        post(ctx, w, effect.side, kind, effect.amount, effect.key, "")
        post(ctx, w, effect.side, kind, -effect.amount, f"{effect.key}:bank", "", account=TreasuryEntry.BANK)


# --- Teams ---


@applies("fan_factor")
def apply_fan_factor(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    if effect.delta:
        ctx.teams[effect.side].fan_factor += effect.delta
        w.teams_changed.add(effect.side)


HIRED = {"journeyman": False}
RELEASED = {"status": Player.Status.FIRED}


@applies("journeyman_hire_or_release")
def apply_journeyman(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    player_id = _player_id(effect)
    if not player_id:
        return
    team = ctx.teams[effect.side]
    if ctx.choices.get(effect.key) == "hire" and effect.total is not None and team.treasury >= effect.total:
        # Hired for good at rookie cost: he loses Loner and keeps his SPP (p.29).
        kind = TreasuryEntry.Kind.PLAYER_HIRED
        post(ctx, w, effect.side, kind, -effect.total, effect.key, gettext_noop("Journeyman hired"))
        w.sets.setdefault(player_id, {}).update(HIRED)
    else:
        w.sets.setdefault(player_id, {}).update(RELEASED)


@applies("journeymen_needed")
def apply_journeymen_needed(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    w.journeymen_for.add(effect.side)


@applies("team_value")
def apply_team_value(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    w.value_for.add(effect.side)
    if effect.facts is not None:
        w.trophies[effect.side] = HolderBenefits(
            extra_rerolls=effect.facts.trophy_rerolls, fan_factor_bonus=effect.facts.trophy_fan_factor
        )
