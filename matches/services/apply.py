"""Applying the effects of a post-match sequence to the database, in one transaction.

The whole plan is written in a fixed number of statements whatever the roster or the number of
effects: one insert of all its MatchEffect rows (first: their unique (match, key) constraint makes
a second application impossible), one UPDATE of every player change (league.bulk.update_rows),
one bulk insert per kind of new row, one read of both rosters (journeymen and team values), one
insert of the ledger entries and one UPDATE of the two teams.

The result is the same as applying the effects one by one in plan order: player fields a later
effect sets override an earlier one's, the treasury is followed in memory under the teams' lock
(a journeyman is hired only if the gold is there at that point of the sequence), and the roster is
read for the journeymen and the new team value only after every player change is written.
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.utils.translation import gettext_noop

from league.bulk import insert_rows, update_rows
from league.rules import HolderBenefits, Ruleset
from league.rules.postmatch import Effect
from matches.models import Match, MatchEffect
from matches.services.prematch import new_journeymen
from matches.services.snapshot import ref_player_id
from teams.models import Advancement, ImprovementRoll, Injury, Player, Team, TreasuryEntry
from teams.selectors import roster_value

MONEY_KINDS = {
    "winnings": TreasuryEntry.Kind.WINNINGS,
    "winnings_transfer": TreasuryEntry.Kind.WINNINGS,
    "petty_cash_return": TreasuryEntry.Kind.PETTY_CASH,
    "spiralling_expenses": TreasuryEntry.Kind.SPIRALLING_EXPENSES,
}
# Ledger memos are stored in English and translated when shown; none repeats the entry's kind.
MONEY_MEMOS = {
    "winnings": "",
    "winnings_transfer": gettext_noop("Winnings of the conceding team"),
    "petty_cash_return": gettext_noop("Unspent petty cash"),
    "spiralling_expenses": "",
}
INJURY_KINDS = {"niggling_injury", "stat_injury", "injury_ignored"}
# Player fields a kind of effect sets (the last one written wins, as if applied one by one).
PLAYER_SETS: dict[str, dict[str, Any]] = {
    "dead": {"status": Player.Status.DEAD, "miss_next_game": False},
    "miss_next_game": {"miss_next_game": True},
    "miss_next_game_cleared": {"miss_next_game": False},
    "departure": {"status": Player.Status.RETIRED},
}
log = logging.getLogger(__name__)

HIRED = {"journeyman": False}
RELEASED = {"status": Player.Status.FIRED}


@dataclass
class SequenceContext:
    """What the effects need: the match, its ruleset, its two teams read under lock (by side) and
    the coaches' stored decisions (a journeyman's hire)."""

    match: Match
    ruleset: Ruleset
    teams: dict[str, Team]
    choices: Mapping[str, Any]


@dataclass
class _Writes:
    """Everything the effects change, gathered in plan order and written by _write()."""

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


def _options_json(effect: Effect) -> dict:
    o = effect.options
    if o is None:
        return {}
    return {
        "total": o.total,
        "double": o.is_double,
        "normal": sorted(o.normal_categories),
        "double_categories": sorted(o.double_categories),
        "stats": list(o.stat_choices),
        "excluded": sorted(o.excluded_skills),
    }


def _effect_row(ctx: SequenceContext, effect: Effect) -> dict[str, Any]:
    return dict(
        match_id=ctx.match.pk,
        step=effect.step,
        key=effect.key,
        kind=effect.kind,
        team_id=ctx.teams[effect.side].pk,
        player_id=ref_player_id(effect.player_ref) if effect.player_ref else None,
        amount=effect.amount,
        data={
            k: v
            for k, v in {
                "spp": effect.spp,
                "count": effect.count,
                "total": effect.total,
                "delta": effect.delta,
                "dice": list(effect.dice),
                "casualty": effect.casualty,
                "stat": effect.stat,
                "skill": effect.skill,
                "value_key": effect.value_key,
                "pending": effect.pending,
                "reason": effect.reason,
                "treasury": effect.treasury,
            }.items()
            if v not in (None, 0, "", [], False)
        },
    )


def apply_effects(ctx: SequenceContext, effects: Sequence[Effect]) -> None:
    """Apply effects in plan order; the caller holds the transaction and the two teams' locks."""
    insert_rows(MatchEffect, [_effect_row(ctx, e) for e in effects])
    w = _Writes()
    for effect in effects:
        _gather(ctx, w, effect)
    _write_players(ctx, w)
    if settings.POSTGAME_APPLY_DELAY:  # halfway through the writes: tests kill a worker here
        log.info("match %s: players written, pausing %ss", ctx.match.pk, settings.POSTGAME_APPLY_DELAY)
        time.sleep(settings.POSTGAME_APPLY_DELAY)
    if w.journeymen_for or w.value_for:
        _journeymen_and_values(ctx, w)
    insert_rows(TreasuryEntry, w.ledger)
    _write_teams(ctx, w.teams_changed)


def _gather(ctx: SequenceContext, w: _Writes, effect: Effect) -> None:
    kind, side = effect.kind, effect.side
    player_id = ref_player_id(effect.player_ref) if effect.player_ref else None
    if effect.spp and player_id:
        w.spp[player_id] += effect.spp
    if kind == "improvement" and player_id:
        w.rolls.append(effect)
    elif kind in PLAYER_SETS and player_id:
        w.sets.setdefault(player_id, {}).update(PLAYER_SETS[kind])
    elif kind in INJURY_KINDS and player_id:
        w.injuries.append(
            dict(
                player_id=player_id,
                casualty=effect.casualty or "",
                stat=effect.stat or "",
                applied=kind != "injury_ignored",
                match_id=ctx.match.pk,
            )
        )
        if kind == "niggling_injury":
            w.niggling[player_id] += 1
    elif kind in MONEY_KINDS and effect.amount:
        _post(ctx, w, side, MONEY_KINDS[kind], effect.amount, effect.key, MONEY_MEMOS[kind])
    elif kind == "fan_factor" and effect.delta:
        ctx.teams[side].fan_factor += effect.delta
        w.teams_changed.add(side)
    elif kind == "journeyman_hire_or_release" and player_id:
        team = ctx.teams[side]
        if ctx.choices.get(effect.key) == "hire" and effect.total is not None and team.treasury >= effect.total:
            # Hired for good at rookie cost: he loses Loner and keeps his SPP (p.29).
            _post(
                ctx,
                w,
                side,
                TreasuryEntry.Kind.PLAYER_HIRED,
                -effect.total,
                effect.key,
                gettext_noop("Journeyman hired"),
            )
            w.sets.setdefault(player_id, {}).update(HIRED)
        else:
            w.sets.setdefault(player_id, {}).update(RELEASED)
    elif kind == "journeymen_needed":
        w.journeymen_for.add(side)
    elif kind == "team_value":
        w.value_for.add(side)
        if effect.facts is not None:
            w.trophies[side] = HolderBenefits(
                extra_rerolls=effect.facts.trophy_rerolls, fan_factor_bonus=effect.facts.trophy_fan_factor
            )


def _post(ctx: SequenceContext, w: _Writes, side: str, kind: str, amount: int, key: str, memo: str) -> None:
    """A ledger entry, and the kept treasury followed in memory (written once, by _write_teams)."""
    team = ctx.teams[side]
    w.ledger.append(
        dict(
            team_id=team.pk,
            kind=kind,
            amount=amount,
            key=f"match:{ctx.match.pk}:{key}",
            memo=memo,
            match_id=ctx.match.pk,
            created_by_id=None,
        )
    )
    team.treasury += amount
    w.teams_changed.add(side)


def _write_players(ctx: SequenceContext, w: _Writes) -> None:
    adds: dict[int, dict[str, int]] = defaultdict(dict)
    for player_id, spp in w.spp.items():
        adds[player_id]["spp"] = spp
    for player_id, count in w.niggling.items():
        adds[player_id]["niggling_injuries"] = count
    update_rows(Player, sets=w.sets, adds=adds)  # every player change in one statement
    insert_rows(Injury, w.injuries)
    if w.rolls:
        _improvement_rolls(ctx, w.rolls)


def _improvement_rolls(ctx: SequenceContext, effects: list[Effect]) -> None:
    """Rolls, and for the ones already chosen their advancement (created first, to link it)."""
    chosen = {
        e.key: Advancement(
            player_id=ref_player_id(e.player_ref or ""), kind=e.value_key, skill=e.skill or "", match=ctx.match
        )
        for e in effects
        if not e.pending and e.value_key
    }
    Advancement.objects.bulk_create(list(chosen.values()))  # rare here (choices entered with the report)
    insert_rows(
        ImprovementRoll,
        [
            dict(
                player_id=ref_player_id(e.player_ref or ""),
                match_id=ctx.match.pk,
                index=int(e.key.rsplit(":", 1)[1]),
                d6a=e.dice[0],
                d6b=e.dice[1],
                options=_options_json(e),
                advancement_id=chosen[e.key].pk if e.key in chosen else None,
                choice=e.value_key if e.key in chosen else "",
                skill=(e.skill or "") if e.key in chosen else "",
            )
            for e in effects
        ],
    )


def _journeymen_and_values(ctx: SequenceContext, w: _Writes) -> None:
    """Both rosters as they now stand in one read (a row per player and advancement), then the new
    journeymen in one insert and the team values from the same rows."""
    sides = {ctx.teams[side].pk: side for side in w.journeymen_for | w.value_for}
    rosters: dict[str, dict[int, tuple[int, str, bool, list[str]]]] = {side: {} for side in sides.values()}
    rows = (
        Player.objects.filter(team_id__in=list(sides), status=Player.Status.ACTIVE)
        .order_by()
        .values_list("team_id", "pk", "number", "position", "miss_next_game", "advancements__kind")
    )
    for team_id, pk, number, position, misses, kind in rows:
        player = rosters[sides[team_id]].setdefault(pk, (number, position, misses, []))
        if kind:
            player[3].append(kind)
    added: list[Player] = []
    for side in sorted(w.journeymen_for):
        roster = rosters[side].values()
        new = new_journeymen(
            ctx.ruleset, ctx.teams[side], available=sum(1 for p in roster if not p[2]), taken={p[0] for p in roster}
        )
        added += new
        rosters[side].update({-n: (p.number, p.position, False, []) for n, p in enumerate(new, start=1)})
    if added:
        Player.objects.bulk_create(added)
    for side in w.value_for | w.journeymen_for:  # new journeymen count in the kept value, as at pre-match
        team = ctx.teams[side]
        team.team_value = roster_value(
            ctx.ruleset, team, ((p[1], p[2], p[3]) for p in rosters[side].values()), w.trophies.get(side)
        )
        w.teams_changed.add(side)


def _write_teams(ctx: SequenceContext, sides: set[str]) -> None:
    """One UPDATE of the kept treasury, fan factor and team value, from the teams held under lock."""
    update_rows(
        Team,
        sets={
            ctx.teams[side].pk: {
                name: getattr(ctx.teams[side], name) for name in ("treasury", "fan_factor", "team_value")
            }
            for side in sides
        },
    )
