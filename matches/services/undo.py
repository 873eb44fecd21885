"""Undoing what a run of a match's post-match sequence did to one of its teams: the first half of a
replay (matches.services.replay), in the replay's transaction, under the teams' lock.

Each stored effect of the team is reversed through its kind (league.rules.postmatch.kinds.reversal,
gathered by its application's undo in matches/effects/), last effect first: gold comes back by new
ledger entries keyed "<the entry's key>:undo" (never a deleted or rewritten entry), SPP and fan
factor are taken back, a status or a mark is put back. What the run added as rows of the players'
history is taken back with it: the match's injuries, its improvement rolls and the advancements
chosen from them (the coach's choice stays among the match's decisions: the replay makes it again),
and the journeymen it added, who are parked (fired) and hired again by the replay while still needed,
so that the later matches that name them keep naming them. A player it gives back takes his shirt
number back, or another when a team-mate wears it (matches.services.numbers).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop

from league.infra.bulk import insert_rows
from league.rules.postmatch import Effect
from league.rules.postmatch.kinds import reversal
from matches.models import MatchEffect, PendingDecision
from matches.services.appliers import SequenceContext, Writes, gather, ledger_prefix
from matches.services.apply import write_players, write_teams
from matches.services.numbers import give_numbers_back
from matches.services.snapshot import player_ref
from teams.models import Advancement, ImprovementRoll, Injury, Player, TreasuryEntry
from teams.selectors import compute_team_value

UNDO_MEMO = gettext_noop("Reversed: the match was replayed")


def stored_effect(row: MatchEffect, side: str) -> Effect:
    """The effect a stored row records, as its kind's reversal reads it."""
    data: dict[str, Any] = row.data or {}
    return Effect(
        step=row.step,
        key=row.key,
        side=side,  # type: ignore[arg-type]
        kind=row.kind,
        player_ref=player_ref(row.player_id) if row.player_id else None,
        amount=row.amount,
        spp=data.get("spp", 0),
        dice=tuple(data.get("dice", ())),
        count=data.get("count"),
        total=data.get("total"),
        delta=data.get("delta", 0),
        casualty=data.get("casualty"),
        stat=data.get("stat"),
        skill=data.get("skill"),
        value_key=data.get("value_key"),
        reason=data.get("reason"),
    )


def undo_side(
    ctx: SequenceContext,
    side: str,
    rows: list[MatchEffect] | None = None,
    *,
    finish: bool = True,
    ledger: list[dict[str, Any]] | None = None,
) -> list[MatchEffect]:
    """Reverse every output of the match's last run for the team on `side`; returns the effects
    undone (what the replay compares and the preview words). The caller holds the transaction and
    the teams' locks, and ctx.teams the teams as they stand (updated here). `rows`: the team's
    stored effects of the match, in order, when the caller read them already. `finish` False: the
    rows the run added, its stored effects, the team's value and its row in the database are left
    to finish_undo, once the replay's last match of the team is undone (one statement per kind for
    all its matches, not per match). `ledger`: where its ledger entries are gathered, for the
    caller's one insert (nothing reads the ledger before the replay's redo)."""
    match, team = ctx.match, ctx.teams[side]
    if rows is None:
        rows = list(MatchEffect.objects.filter(match=match, team_id=team.pk).order_by("pk"))
    w = Writes()
    hired_keys = []
    for row in reversed(rows):
        effect = stored_effect(row, side)
        undo = reversal(effect)
        if undo is None:
            continue
        generation = (row.data or {}).get("gen", 0)
        gather(SequenceContext(match, ctx.ruleset, ctx.teams, ctx.choices, generation), w, undo)
        if row.kind == "journeyman_hire_or_release":
            hired_keys.append(f"{ledger_prefix(match.pk, generation)}:{row.key}")
    _reverse_hires(ctx, w, side, hired_keys)
    # Parked before the reversal is written: it may put back a journeyman the run released, whose
    # number one of the journeymen it added took.
    Player.objects.filter(joined_after=match, team_id=team.pk, status=Player.Status.ACTIVE).update(
        status=Player.Status.FIRED
    )
    # A player given back (his death, departure or release undone) whose number a team-mate now
    # wears takes another (matches.services.numbers): never two active players on one number.
    give_numbers_back(ctx, w, side)
    write_players(ctx, w)
    entries = [{**entry, "memo": entry["memo"] or UNDO_MEMO} for entry in w.ledger]
    if ledger is None:
        insert_rows(TreasuryEntry, entries)
    else:
        ledger += entries
    if finish:
        finish_undo(ctx, side, [match.pk])
    return rows


def finish_undo(ctx: SequenceContext, side: str, match_ids: list[int]) -> None:
    """After undo_side of the team's matches `match_ids`: the rows their runs added and their stored
    effects deleted (the undos' reversals never read them), then the team value as the roster now
    stands and the team's row."""
    team = ctx.teams[side]
    _take_back_rows(match_ids, team.pk)
    MatchEffect.objects.filter(match_id__in=match_ids, team_id=team.pk).delete()
    team.team_value = compute_team_value(team)  # treasury included where it counts
    write_teams(ctx, {side})


def _reverse_hires(ctx: SequenceContext, w: Writes, side: str, keys: list[str]) -> None:
    """A journeyman's hire is the coach's decision, not a stored effect: its gold is reversed from
    the ledger entry the run posted, when it posted one."""
    if not keys:
        return
    team = ctx.teams[side]
    for entry in TreasuryEntry.objects.filter(team_id=team.pk, key__in=keys):
        w.ledger.append(
            dict(
                team_id=team.pk,
                kind=entry.kind,
                account=entry.account,
                amount=-entry.amount,
                key=f"{entry.key}:undo",
                memo="",
                match_id=ctx.match.pk,
                created_by_id=None,
            )
        )
        if entry.account == TreasuryEntry.TREASURY:
            team.treasury -= entry.amount
            w.teams_changed.add(side)


def _take_back_rows(match_ids: list[int], team_id: int) -> None:
    """The player-history rows the runs of these matches added for the team: injuries, improvement
    rolls and the advancements chosen from them, the decisions they opened (the journeymen they
    added are parked by undo_side)."""
    players = Player.objects.filter(team_id=team_id).values("pk")
    Injury.objects.filter(match_id__in=match_ids, player__in=players).delete()
    rolls = ImprovementRoll.objects.filter(match_id__in=match_ids, player__in=players)
    chosen = list(rolls.exclude(advancement=None).values_list("advancement_id", flat=True))
    rolls.delete()
    if chosen:
        Advancement.objects.filter(pk__in=chosen).delete()
    PendingDecision.objects.filter(match_id__in=match_ids, team_id=team_id, decided_at=None).delete()
