"""Applying the effects of a post-match sequence to the database, in one transaction.

The whole plan is written in a fixed number of statements whatever the roster or the number of
effects: one insert of all its MatchEffect rows (first: their unique (match, key) constraint makes
a second application impossible), one UPDATE of every player change (league.infra.bulk.update_rows),
one bulk insert per kind of new row, one read of both rosters (journeymen and team values), one
insert of the ledger entries and one UPDATE of the two teams.

The result is the same as applying the effects one by one in plan order: player fields a later
effect sets override an earlier one's, the treasury is followed in memory under the teams' lock
(a journeyman is hired only if the gold is there at that point of the sequence), and the roster is
read for the journeymen and the new team value only after every player change is written.

What each kind of effect changes is its application's (matches/effects/, registered in
matches/services/appliers.py, found by the effect's kind): they only gather; the writes below stay
a fixed number of statements. The stored row is the same for every kind: its common fields that
are set, and the kind's own payload entries.
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any, cast

from django.conf import settings
from django.db.models import Exists, OuterRef, Q

from league.infra.bulk import insert_rows, update_rows
from league.rules.postmatch import Effect
from matches.models import MatchCasualty, MatchEffect, MatchPlayer
from matches.services.appliers import SequenceContext, Writes, gather
from matches.services.prematch import new_journeymen
from matches.services.replay_reads import kept_for
from matches.services.snapshot import ref_player_id
from teams.models import Advancement, ImprovementRoll, Injury, Player, Team, TreasuryEntry
from teams.selectors import roster_value
from teams.services.improvements import check_advancement_kind

__all__ = ["SequenceContext", "Writes", "apply_effects", "unchosen"]
log = logging.getLogger(__name__)


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
        "removable": list(o.removable),
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
                # A bank's movements (rulesets with a bank): the account moved when it is not the
                # treasury, and the bank's balance after the effect.
                "account": effect.account if effect.account != TreasuryEntry.TREASURY else None,
                "bank": effect.bank,
                "undoes": effect.undoes,  # a reversal: the key of the effect it undoes
                "gen": ctx.generation,  # the run whose ledger keys it posted under (appliers.ledger_prefix)
                **effect.payload,
            }.items()
            if v not in (None, 0, "", [], False)
        },
    )


def apply_effects(ctx: SequenceContext, effects: Sequence[Effect]) -> Writes:
    """Apply effects in plan order; the caller holds the transaction and the two teams' locks.
    Returns what was written (the run tells the coaches the improvement rolls left to choose)."""
    insert_rows(MatchEffect, [_effect_row(ctx, e) for e in effects])
    w = Writes()
    for effect in effects:
        gather(ctx, w, effect)
    write_players(ctx, w)
    if settings.POSTGAME_APPLY_DELAY:  # halfway through the writes: tests kill a worker here
        log.info("match %s: players written, pausing %ss", ctx.match.pk, settings.POSTGAME_APPLY_DELAY)
        time.sleep(settings.POSTGAME_APPLY_DELAY)
    if w.journeymen_for or w.value_for:
        _journeymen_and_values(ctx, w)
    insert_rows(TreasuryEntry, w.ledger)
    write_teams(ctx, w.teams_changed)
    return w


def write_players(ctx: SequenceContext, w: Writes) -> None:
    adds: dict[int, dict[str, int]] = defaultdict(dict)
    for player_id, spp in w.spp.items():
        adds[player_id]["spp"] = spp
    for player_id, count in w.niggling.items():
        adds[player_id]["niggling_injuries"] = count
    update_rows(Player, sets=w.sets, adds=adds)  # every player change in one statement
    insert_rows(Injury, w.injuries)
    if w.rolls:
        _improvement_rolls(ctx, w.rolls)


def unchosen(effect: Effect) -> bool:
    """An improvement roll written without its advancement: its coach has still to choose."""
    return effect.pending or not effect.value_key


def _improvement_rolls(ctx: SequenceContext, effects: list[Effect]) -> None:
    """Rolls, and for the ones already chosen their advancement (created first, to link it)."""
    for e in effects:
        if not e.pending and e.value_key:
            check_advancement_kind(ctx.ruleset, e.value_key)
    chosen = {
        e.key: Advancement(
            # An improvement roll's effect always names its player (p<id>).
            player_id=cast(int, ref_player_id(e.player_ref or "")),
            kind=e.value_key,
            skill=e.skill or "",
            match=ctx.match,
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


def _journeymen_and_values(ctx: SequenceContext, w: Writes) -> None:
    """Both rosters as they now stand in one read (a row per player and advancement), then the new
    journeymen in one insert and the team values from the same rows."""
    sides = {ctx.teams[side].pk: side for side in w.journeymen_for | w.value_for}
    rosters: dict[str, dict[int, tuple[int, str, bool, list[str], bool, str]]] = {side: {} for side in sides.values()}
    rows = (
        Player.objects.filter(team_id__in=list(sides), status=Player.Status.ACTIVE)
        .order_by()
        .values_list("team_id", "pk", "number", "position", "miss_next_game", "advancements__kind", "rookie", "roster")
    )
    for team_id, pk, number, position, misses, kind, rookie, list_key in rows:
        player = rosters[sides[team_id]].setdefault(pk, (number, position, misses, [], rookie, list_key))
        if kind:
            player[3].append(kind)
    # On a run again that needs journeymen: the ones its earlier run added and its undo took back.
    parked = _parked_journeymen(ctx) if ctx.generation and w.journeymen_for else {}
    added: list[Player] = []
    revived: list[int] = []
    renumbered: dict[int, int] = {}
    for side in sorted(w.journeymen_for):
        roster = rosters[side].values()
        taken = {p[0] for p in roster}
        new = new_journeymen(ctx.ruleset, ctx.teams[side], available=sum(1 for p in roster if not p[2]), taken=taken)
        # A replay hires again the journeymen this match's first run added (the later matches name
        # them), as far as they are still needed; only the rest are new. Each joins as a new
        # journeyman does at this step (the rulebook's post-match step 7): in the lowest free numbers,
        # those new_journeymen gave, not the number an earlier run gave him, and in the order of
        # the numbers they wore, so that a void then its restore gives each his own back
        # (docs/decisions/matches.md, "Journeymen a replay hires again").
        back = sorted(parked.get(ctx.teams[side].pk, [])[: len(new)], key=lambda p: (p.number, p.pk))
        for p, fresh in zip(back, new, strict=False):
            if p.number != fresh.number:
                p.number = renumbered[p.pk] = fresh.number
        new = new[len(back) :]
        revived += [p.pk for p in back]
        added += new
        entries = [(p.number, p.position) for p in back + new]
        rosters[side].update({-n: (num, pos, False, [], False, "") for n, (num, pos) in enumerate(entries, start=1)})
    if added:
        for p in added:
            p.joined_after = ctx.match
        Player.objects.bulk_create(added)
    if revived:
        update_rows(
            Player,
            sets={
                pk: {"status": Player.Status.ACTIVE, **({"number": renumbered[pk]} if pk in renumbered else {})}
                for pk in revived
            },
        )
    for side in w.value_for | w.journeymen_for:  # new journeymen count in the kept value, as at pre-match
        team = ctx.teams[side]
        team.team_value = roster_value(
            ctx.ruleset, team, ((p[1], p[2], p[3], p[4], p[5]) for p in rosters[side].values()), w.trophies.get(side)
        )
        w.teams_changed.add(side)


def _parked_journeymen(ctx: SequenceContext) -> dict[int, list[Player]]:
    """The journeymen an earlier run of this match added and its undo took back (matches.services.undo),
    the ones a later match's sheet credits first (touchdowns, completions, interceptions, casualties
    caused or suffered, other SPP actions): when fewer are needed now, those are the ones hired
    again, never one left parked with lines a later match keeps. Then by the number they wore."""
    kept = kept_for(ctx.match.pk)
    if kept is not None and not kept.parked:  # the replay read that none waits (replay_reads)
        return {}
    lines = MatchPlayer.objects.filter(player=OuterRef("pk")).exclude(match=ctx.match)
    credited = (
        Exists(lines.filter(Q(completions__gt=0) | Q(touchdowns__gt=0) | Q(interceptions__gt=0) | Q(casualties__gt=0)))
        | Exists(lines.exclude(actions={}))
        | Exists(MatchCasualty.objects.filter(victim=OuterRef("pk")))
    )
    rows = (
        Player.objects.filter(joined_after=ctx.match, status=Player.Status.FIRED)
        .annotate(credited=credited)
        .order_by("-credited", "number", "pk")
        .only("pk", "team_id", "number", "position")
    )
    found: dict[int, list[Player]] = {}
    for p in rows:
        found.setdefault(p.team_id, []).append(p)
    return found


def write_teams(ctx: SequenceContext, sides: set[str]) -> None:
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
