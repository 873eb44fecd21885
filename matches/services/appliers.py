"""What each kind of post-match effect does in the database and how it reads: the application
registry, keyed like the rules engine's kinds (league/rules/postmatch/kinds/).

Each kind registers, in its module of matches/effects/ (imported by MatchesConfig.ready()), an
EffectApp: how it applies (it only gathers into a Writes what its effect changes: player fields,
new rows, ledger entries, the teams' kept figures followed in memory; apply.py then writes
everything gathered in a fixed number of statements), how it is described in the reader's
language, and how its reversal (kinds.reversal: an effect keyed "<key>:undo") is gathered. Adding a
kind is its engine module, its module here and their registration. An effect kind without an
application stops the sequence with an error naming it: a kind silently skipped could drop gold or
a dead player.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from league.rules import HolderBenefits, Ruleset
from league.rules.postmatch import Effect
from league.rules.postmatch.kinds import KINDS
from matches.models import Match, MatchEffect
from matches.services.snapshot import ref_player_id
from teams.models import ImprovementRoll, Team, TreasuryEntry
from teams.services.ledger import check_ledger_entry


@dataclass
class SequenceContext:
    """What the effects need: the match, its ruleset, its two teams read under lock (by side) and
    the coaches' stored decisions (a journeyman's hire). `generation`: the match's replay count,
    which scopes its ledger keys (ledger_prefix)."""

    match: Match
    ruleset: Ruleset
    teams: dict[str, Team]
    choices: Mapping[str, Any]
    generation: int = 0


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


@dataclass(frozen=True)
class Reading:
    """What a description may read besides its stored effect: the match's ruleset, its improvement
    rolls by (player, index) and all its effects (a bank's share of the spiralling expenses)."""

    ruleset: Ruleset
    rolls: Mapping[tuple[int, int], ImprovementRoll]
    effects: Sequence[MatchEffect] = ()


Applier = Callable[[SequenceContext, Writes, Effect], None]
Describer = Callable[[Reading, MatchEffect], str]
# What the coach still has to choose about a stored effect (an improvement roll), shown with it.
Pending = Callable[[Reading, MatchEffect], ImprovementRoll | None]


@dataclass(frozen=True)
class EffectApp:
    """A kind in the database: `undo` gathers its reversal (None: not reversible here yet)."""

    apply: Applier
    describe: Describer
    undo: Applier | None = None
    pending: Pending | None = None


EFFECT_APPS: dict[str, EffectApp] = {}


class UnknownEffectKind(LookupError):
    """The rules engine emitted an effect kind nobody applies (a kind added without its application)."""


class NotReversible(LookupError):
    """A reversal of a kind whose application declares no undo."""


def register(*kinds: str, app: EffectApp) -> EffectApp:
    """Register `app` as the application of these effect kinds."""
    for kind in kinds:
        if kind in EFFECT_APPS and EFFECT_APPS[kind] != app:
            raise ValueError(f"effect kind {kind!r} has two applications")
        EFFECT_APPS[kind] = app
    return app


def app_for(kind: str) -> EffectApp:
    try:
        return EFFECT_APPS[kind]
    except KeyError:
        raise UnknownEffectKind(
            f"no application for the post-match effect kind {kind!r}: register one in matches/effects/"
        ) from None


def missing_apps() -> list[str]:
    """The engine's declared kinds without an application here (MatchesConfig.ready() refuses them)."""
    return sorted(set(KINDS) - set(EFFECT_APPS))


class _Appliers(Mapping[str, Applier]):
    """The appliers by kind, read from the registry."""

    def __getitem__(self, kind: str) -> Applier:
        return EFFECT_APPS[kind].apply

    def __iter__(self) -> Iterator[str]:
        return iter(EFFECT_APPS)

    def __len__(self) -> int:
        return len(EFFECT_APPS)


APPLIERS: Mapping[str, Applier] = _Appliers()


def applier_for(kind: str) -> Applier:
    return app_for(kind).apply


def gather(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """Gather what `effect` changes; a reversal (effect.undoes) through its kind's undo."""
    app = app_for(effect.kind)
    if effect.undoes is None:
        app.apply(ctx, w, effect)
    elif app.undo is None:
        raise NotReversible(f"the post-match effect kind {effect.kind!r} cannot be undone yet")
    else:
        app.undo(ctx, w, effect)


def apply_nothing(ctx: SequenceContext, w: Writes, effect: Effect) -> None:
    """Recorded (as a MatchEffect) and shown, but nothing to change: an MVP lost to a star, none
    possible, a player who stays, the coach's purchases (his own, through the team pages)."""


def player_id(effect: Effect) -> int | None:
    return ref_player_id(effect.player_ref) if effect.player_ref else None


def ledger_prefix(match_id: int, generation: int) -> str:
    """The ledger keys of a run of a match's sequence: "match:<id>" for its first run, "match:<id>@<n>"
    for the n-th replay, so that a replay's entries never collide with the ones it reversed."""
    return f"match:{match_id}@{generation}" if generation else f"match:{match_id}"


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
    the kept treasury followed in memory (written once, by apply.write_teams); a bank entry moves
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
            key=f"{ledger_prefix(ctx.match.pk, ctx.generation)}:{key}",
            memo=memo,
            match_id=ctx.match.pk,
            created_by_id=None,
        )
    )
    if account == TreasuryEntry.TREASURY:
        team.treasury += amount
        w.teams_changed.add(side)
