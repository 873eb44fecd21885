"""Applying one step of the post-match sequence to the database (inside the step's transaction).

A step's effects are applied together, in a number of queries that does not depend on the roster
or on how many effects there are: one insert of all its MatchEffect rows (the unique (match, key)
constraint still makes a second application impossible), one UPDATE per kind of player change
(Case expressions for the SPP and niggling-injury counts), one bulk insert per kind of new row and
one ledger batch (teams.services.treasury_post_many) per team for the step's gold. Effects whose
outcome reads the database (a journeyman's hire, new journeymen, the team value) are barriers: what
was gathered before them is written first, so the result is the same as applying the effects one
by one in plan order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Case, F, Value, When
from django.utils.translation import gettext_noop

from league.rules import Ruleset
from league.rules.postmatch import Effect
from matches.models import Decision, Match, MatchEffect
from matches.services.prematch import add_journeymen
from matches.services.snapshot import ref_player_id
from teams.models import Advancement, ImprovementRoll, Injury, Player, Team, TreasuryEntry
from teams.selectors import compute_team_value
from teams.services import treasury_post, treasury_post_many

MONEY_KINDS = {
    "winnings": TreasuryEntry.Kind.WINNINGS,
    "winnings_transfer": TreasuryEntry.Kind.WINNINGS,
    "petty_cash_return": TreasuryEntry.Kind.PETTY_CASH,
    "spiralling_expenses": TreasuryEntry.Kind.SPIRALLING_EXPENSES,
}
# Ledger memos are stored in English and translated when shown; none repeats the entry's kind.
MONEY_MEMOS = {
    "winnings": "", "winnings_transfer": gettext_noop("Winnings of the conceding team"),
    "petty_cash_return": gettext_noop("Unspent petty cash"), "spiralling_expenses": "",
}
INJURY_KINDS = {"niggling_injury", "stat_injury", "injury_ignored"}
# Player fields a kind of effect sets (the last one written wins, as if applied one by one).
PLAYER_SETS: dict[str, dict[str, Any]] = {
    "dead": {"status": Player.Status.DEAD, "miss_next_game": False},
    "miss_next_game": {"miss_next_game": True},
    "miss_next_game_cleared": {"miss_next_game": False},
    "departure": {"status": Player.Status.RETIRED},
}
# Kinds that write more than their MatchEffect row whatever their figures (see apply_step).
WRITING_KINDS = {"improvement", *PLAYER_SETS, *INJURY_KINDS, "journeyman_hire_or_release", "journeymen_needed",
                 "team_value"}


def writes_rosters(effects: Sequence[Effect]) -> bool:
    """Whether a step changes players, teams or the ledger (then its caller locks the two teams);
    markers, a wasted MVP or spiralling expenses of 0 only record their MatchEffect row."""
    return any(e.spp or e.kind in WRITING_KINDS or (e.kind in MONEY_KINDS and e.amount)
               or (e.kind == "fan_factor" and e.delta) for e in effects)


@dataclass
class StepContext:
    """What the effects of a step need: the match, its ruleset and its two teams, read under lock."""

    match: Match
    ruleset: Ruleset
    teams: dict[str, Team]  # by side


@dataclass
class _Pending:
    """Writes gathered from consecutive effects, done in a few queries by flush()."""

    spp: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    niggling: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    sets: dict[int, dict[str, Any]] = field(default_factory=dict)
    injuries: list[Injury] = field(default_factory=list)
    rolls: list[Effect] = field(default_factory=list)
    money: list[Effect] = field(default_factory=list)
    fan_factor: dict[str, int] = field(default_factory=lambda: defaultdict(int))


def _options_json(effect: Effect) -> dict:
    o = effect.options
    if o is None:
        return {}
    return {
        "total": o.total, "double": o.is_double, "normal": sorted(o.normal_categories),
        "double_categories": sorted(o.double_categories), "stats": list(o.stat_choices),
        "excluded": sorted(o.excluded_skills),
    }


def _effect_row(ctx: StepContext, effect: Effect) -> MatchEffect:
    return MatchEffect(
        match=ctx.match, step=effect.step, key=effect.key, kind=effect.kind, team_id=ctx.teams[effect.side].pk,
        player_id=ref_player_id(effect.player_ref) if effect.player_ref else None, amount=effect.amount,
        data={k: v for k, v in {
            "spp": effect.spp, "count": effect.count, "total": effect.total, "delta": effect.delta,
            "dice": list(effect.dice), "casualty": effect.casualty, "stat": effect.stat, "skill": effect.skill,
            "value_key": effect.value_key, "pending": effect.pending, "reason": effect.reason,
            "treasury": effect.treasury,
        }.items() if v not in (None, 0, "", [], False)},
    )


def apply_step(ctx: StepContext, effects: Sequence[Effect]) -> None:
    """Apply the effects of one step; the caller holds the step's transaction and the team locks."""
    MatchEffect.objects.bulk_create([_effect_row(ctx, e) for e in effects])
    pending = _Pending()
    team_values = []
    for effect in effects:
        kind = effect.kind
        player_id = ref_player_id(effect.player_ref) if effect.player_ref else None
        if effect.spp and player_id:
            pending.spp[player_id] += effect.spp
        if kind == "improvement" and player_id:
            pending.rolls.append(effect)
        elif kind in PLAYER_SETS and player_id:
            pending.sets.setdefault(player_id, {}).update(PLAYER_SETS[kind])
        elif kind in INJURY_KINDS and player_id:
            pending.injuries.append(Injury(player_id=player_id, casualty=effect.casualty or "", stat=effect.stat or "",
                                           applied=kind != "injury_ignored", match=ctx.match))
            if kind == "niggling_injury":
                pending.niggling[player_id] += 1
        elif kind in MONEY_KINDS and effect.amount:
            pending.money.append(effect)
        elif kind == "fan_factor" and effect.delta:
            pending.fan_factor[effect.side] += effect.delta
        elif kind == "journeyman_hire_or_release" and player_id:
            pending = _flush(ctx, pending)
            _hire_or_release(ctx, effect, player_id)
        elif kind == "journeymen_needed":
            pending = _flush(ctx, pending)
            add_journeymen(match=ctx.match, team=ctx.teams[effect.side], ruleset=ctx.ruleset)
        elif kind == "team_value":
            team_values.append(effect)
    _flush(ctx, pending)
    if team_values:  # after every other write of the step: the value of the roster as it now stands
        _refresh_team_values(ctx, {e.side for e in team_values})


def _flush(ctx: StepContext, p: _Pending) -> _Pending:
    """Write what was gathered; returns an empty batch for the effects after a barrier."""
    if p.spp:
        Player.objects.filter(pk__in=list(p.spp)).update(spp=F("spp") + _by_pk(p.spp))
    if p.niggling:
        Player.objects.filter(pk__in=list(p.niggling)).update(
            niggling_injuries=F("niggling_injuries") + _by_pk(p.niggling))
    groups: dict[tuple, list[int]] = defaultdict(list)
    for player_id, changes in p.sets.items():
        groups[tuple(sorted(changes.items()))].append(player_id)
    for changes, player_ids in groups.items():
        Player.objects.filter(pk__in=player_ids).update(**dict(changes))
    if p.injuries:
        Injury.objects.bulk_create(p.injuries)
    if p.rolls:
        _improvement_rolls(ctx, p.rolls)
    for side in ("home", "away"):
        entries = [(MONEY_KINDS[e.kind], e.amount, f"match:{ctx.match.pk}:{e.key}", MONEY_MEMOS[e.kind])
                   for e in p.money if e.side == side]
        if entries:  # the ledger's own batch: the entries and the kept treasury move together
            treasury_post_many(team=ctx.teams[side], entries=entries, match=ctx.match)
    if any(p.fan_factor.values()):
        teams = {ctx.teams[side].pk: delta for side, delta in p.fan_factor.items()}
        Team.objects.filter(pk__in=list(teams)).update(fan_factor=F("fan_factor") + _by_pk(teams))
        for side, delta in p.fan_factor.items():
            ctx.teams[side].fan_factor += delta
    return _Pending()


def _by_pk(values: dict[int, int]) -> Case:
    """One value per row of a single UPDATE (0 for the rows not named)."""
    return Case(*(When(pk=pk, then=Value(n)) for pk, n in values.items()), default=Value(0))


def _improvement_rolls(ctx: StepContext, effects: list[Effect]) -> None:
    """Rolls, and for the ones already chosen their advancement (created first, to link it)."""
    chosen = {e.key: Advancement(player_id=ref_player_id(e.player_ref or ""), kind=e.value_key,
                                 skill=e.skill or "", match=ctx.match)
              for e in effects if not e.pending and e.value_key}
    Advancement.objects.bulk_create(list(chosen.values()))
    ImprovementRoll.objects.bulk_create([
        ImprovementRoll(player_id=ref_player_id(e.player_ref or ""), match=ctx.match,
                        index=int(e.key.rsplit(":", 1)[1]), d6a=e.dice[0], d6b=e.dice[1], options=_options_json(e),
                        advancement=chosen.get(e.key), choice=e.value_key if e.key in chosen else "",
                        skill=(e.skill or "") if e.key in chosen else "")
        for e in effects])


def _hire_or_release(ctx: StepContext, effect: Effect, player_id: int) -> None:
    team = ctx.teams[effect.side]
    choice = Decision.objects.filter(match=ctx.match, key=effect.key).values_list("value", flat=True).first()
    players = Player.objects.filter(pk=player_id)
    if choice == "hire" and effect.total is not None and team.treasury >= effect.total:
        # Hired for good at rookie cost: he loses Loner and keeps his SPP (p.29).
        treasury_post(team=team, kind=TreasuryEntry.Kind.PLAYER_HIRED, amount=-effect.total,
                      key=f"match:{ctx.match.pk}:{effect.key}", memo=gettext_noop("Journeyman hired"),
                      match=ctx.match)
        players.update(journeyman=False)
    else:
        players.update(status=Player.Status.FIRED)


def _refresh_team_values(ctx: StepContext, sides: set[str]) -> None:
    """Both rosters in one read (players, advancements, injuries), then the kept values."""
    teams = {ctx.teams[side].pk: ctx.teams[side] for side in sides}
    rosters: dict[int, list[Player]] = {pk: [] for pk in teams}
    for player in (Player.objects.filter(team_id__in=list(teams), status=Player.Status.ACTIVE)
                   .prefetch_related("advancements", "injuries").order_by("number")):
        rosters[player.team_id].append(player)
    for pk, team in teams.items():
        team.team_value = compute_team_value(team, rosters[pk])
    Team.objects.filter(pk__in=list(teams)).update(team_value=_by_pk({pk: t.team_value for pk, t in teams.items()}))
