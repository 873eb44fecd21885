"""The pre-match sequence in the ruleset's order (weather, petty cash, inducements, journeymen...):
the service iterates the ruleset's steps, whose parts live in matches/prematch_steps/."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.permissions import is_commissioner
from league.rules import Dice, Ruleset, SeededDice
from league.rules.catalogue.team_building import rookie_source
from league.rules.prematch import (
    InducementOrder,
    journeyman_positions,
    journeymen_needed,
    petty_cash_order,
    petty_cash_turn,
    rookies_needed,
)
from matches.models import Match, MatchPlayer
from matches.services.common import (
    MatchError,
    check_participant,
    lock_match,
    match_ruleset,
    require_status,
)
from matches.services.prematch_steps import PrematchContext, steps_for
from teams.models import Player, Team
from teams.selectors import compute_team_value
from teams.services import new_rookies, team_refresh_value


@dataclass(frozen=True)
class PrematchInput:
    # What was entered for each step of the record form, by step name (matches.prematch_steps):
    # a table-roll step's two dice (absent: the server rolls them), another step's value.
    steps: Mapping[str, Any] = field(default_factory=dict)
    weather_dice: tuple[int, int] | None = None  # the import's field: steps["weather"]
    home_petty_cash: int = 0
    away_petty_cash: int = 0
    home_inducements: InducementOrder = field(default_factory=InducementOrder)
    away_inducements: InducementOrder = field(default_factory=InducementOrder)
    # True (the pages): the petty cash is what each side declared on the match, in turn
    # (petty_cash_declare), and both must have. False (an import, a played match recorded whole):
    # the amounts above, which must equal any declaration already made.
    petty_cash_declared: bool = False
    # True (the pages): each side's inducements are what it chose on the match, in turn
    # (inducements_choose), and both must have, unless a side has no gold to spend. False (an
    # import): the orders above, which must equal any choice already made.
    inducements_chosen: bool = False

    def given(self, step: str) -> Any:
        """What was entered for `step`, or None (the server rolls, or nothing to enter)."""
        if step in self.steps:
            return self.steps[step]
        return self.weather_dice if step == "weather" else None

    def entered(self) -> list[str]:
        """The steps something was entered for."""
        return [name for name in dict.fromkeys((*self.steps, "weather")) if self.given(name) is not None]


def has_step(ruleset: Ruleset, step: str) -> bool:
    """Whether the ruleset's pre-match sequence has this step (petty cash, free journeymen...)."""
    return step in ruleset.pre_match_steps


def treasury_gold(ruleset: Ruleset, team: Team) -> int:
    """Treasury gold a side may add to its inducement gold directly: where the ruleset has no petty
    cash step (the whole treasury; the part spent is debited when the pre-match is recorded)."""
    return 0 if has_step(ruleset, "petty_cash") else max(team.treasury, 0)


def squad_size(ruleset: Ruleset, active: list[Player]) -> int:
    """Players counted against the squad limits: the whole roster where free journeymen (or free
    rookies) fill it up, else only those able to play (the induced journeymen's rule counts those)."""
    if has_step(ruleset, "journeymen") or has_step(ruleset, "rookies"):
        return len(active)
    return sum(1 for p in active if not p.miss_next_game)


def position_counts(active: list[Player]) -> dict[str, int]:
    """Players per position who can play this match, against which a mercenary's position limit
    is checked: a player missing the match through injury is not on the pitch and leaves his place
    to a mercenary (a rulebook says "players missing the match don't count"; read so for every
    ruleset, docs/decisions/rules.md, "Pre-match: treasury-paid inducements, mercenaries
    and journeymen limits")."""
    counts: dict[str, int] = {}
    for p in active:
        if not p.miss_next_game:
            counts[p.position] = counts.get(p.position, 0) + 1
    return counts


def expected_squad(team: Team, ruleset: Ruleset) -> tuple[int, int, dict[str, int]]:
    """(roster TV, squad size, players per position) once the free journeymen have joined: what
    prematch_record will find, before it adds them."""
    active = list(team.players.filter(status=Player.Status.ACTIVE))
    available = sum(1 for p in active if not p.miss_next_game)
    needed = journeymen_needed(ruleset, available) if has_step(ruleset, "journeymen") else 0
    counts = position_counts(active)
    tv = compute_team_value(team)
    if needed:
        position = journeyman_positions(ruleset, team.race)[0]
        tv += needed * position.cost
        counts[position.key] = counts.get(position.key, 0) + needed
    rookies = rookies_needed(ruleset, available + needed) if has_step(ruleset, "rookies") else 0
    if rookies:  # free rookies count 0 in the team value (spec H5)
        source = rookie_source(ruleset, team.race)
        counts[source.key] = counts.get(source.key, 0) + rookies
    return tv, squad_size(ruleset, active) + needed + rookies, counts


def petty_cash_state(
    match: Match, ruleset: Ruleset, tvs: Mapping[str, int] | None = None
) -> tuple[tuple[str, str], str | None]:
    """(order, whose turn): who declares petty cash first (higher roster TV, spec A2) and who is to
    declare now (None once both have). `tvs` (home, away) when the caller knows them already."""
    if tvs is None:
        tvs = {side: expected_squad(match.team(side), ruleset)[0] for side in ("home", "away")}
    order = petty_cash_order(tvs["home"], tvs["away"])
    declared = {"home": match.home_petty_cash_declared, "away": match.away_petty_cash_declared}
    return order, petty_cash_turn(order, declared)  # type: ignore[arg-type]


def may_declare(match: Match, side: str, by: AbstractBaseUser | AnonymousUser | None) -> bool:
    """A side's own coach declares its petty cash; the commissioner (or the system) for either side."""
    return by is None or is_commissioner(by, match.league) or match.team(side).coach_id == by.pk


def petty_cash_declare(*, match: Match, side: str, amount: int, by: User | None) -> Match:
    """One side moves `amount` of its treasury into petty cash, in the ruleset's order: the side with
    the higher team value first, then the other, who sees the first's amount. The gold moves when the
    pre-match is recorded. A declaration is final, but the commissioner may correct one in turn."""
    check_participant(match, by)
    if side not in ("home", "away"):
        raise MatchError([_("A side is home or away.")])
    if not may_declare(match, side, by):
        raise PermissionDenied(
            _("Only the coach of %(team)s or the commissioner declares its petty cash.") % {"team": match.team(side)}
        )
    ruleset = match_ruleset(match)
    if not has_step(ruleset, "petty_cash"):
        raise MatchError([_("This league's ruleset has no petty cash: treasury gold pays for inducements directly.")])
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.SCHEDULED)
        team = Team.objects.get(pk=match.team(side).pk)
        (first, second), turn = petty_cash_state(match, ruleset)
        declared = getattr(match, f"{side}_petty_cash_declared")
        correcting = declared and by is not None and is_commissioner(by, match.league)
        if declared and not correcting:
            raise MatchError([_("%(team)s has already declared its petty cash.") % {"team": team.name}])
        if not declared and side != turn:
            raise MatchError(
                [
                    _("%(first)s declares its petty cash first (the higher team value); %(team)s declares after.")
                    % {"first": match.team(first).name, "team": team.name}
                ]
            )
        if correcting and side == first and getattr(match, f"{second}_petty_cash_declared"):
            raise MatchError([_("The other side has declared knowing this amount: it can no longer change.")])
        if amount < 0 or amount > team.treasury:
            raise MatchError(
                [
                    _("%(team)s can move between 0 and %(max)s gp into petty cash.")
                    % {"team": team.name, "max": team.treasury}
                ]
            )
        setattr(match, f"{side}_petty_cash", amount)
        setattr(match, f"{side}_petty_cash_declared", True)
        match.save(update_fields=[f"{side}_petty_cash", f"{side}_petty_cash_declared"])
        log_action(
            action="matches.petty_cash.declared",
            actor=by,
            team=team,
            league=match.league,
            match=match.pk,
            side=side,
            amount=amount,
        )
    return match


def server_dice() -> SeededDice:
    """Dice the server rolls: seeded from the OS so nobody can predict them; every value is stored."""
    return SeededDice(secrets.randbits(64))


def new_journeymen(ruleset: Ruleset, team: Team, *, available: int, taken: set[int]) -> list[Player]:
    """Unsaved free journeymen that bring the players able to play (`available`) up to the
    ruleset's journeyman_fill_to (Loner, rookie cost in TV), numbered in the gaps of `taken`.

    No name is stored: Player.display_name words "Journeyman 8" in the language of whoever reads
    the roster, not of whoever happened to confirm the match that created him."""
    needed = journeymen_needed(ruleset, available)
    if not needed:
        return []
    position = journeyman_positions(ruleset, team.race)[0]
    numbers = [n for n in range(1, 100) if n not in taken][:needed]
    return [Player(team=team, number=n, name="", position=position.key, journeyman=True) for n in numbers]


def add_journeymen(*, match: Match | None, team: Team, ruleset: Ruleset) -> list[Player]:
    """Free journeymen until the team can field journeyman_fill_to players."""
    active = list(team.players.filter(status=Player.Status.ACTIVE).values_list("number", "miss_next_game"))
    added = new_journeymen(
        ruleset, team, available=sum(1 for _n, misses in active if not misses), taken={n for n, _misses in active}
    )
    if added:
        Player.objects.bulk_create(added)
        team_refresh_value(team=team)
    return added


def add_rookies(*, team: Team, ruleset: Ruleset) -> list[Player]:
    """Free rookies until the team can field the ruleset's [parameters.rookies] fill_to players
    (the pre-match step "rookies", in place of the journeymen)."""
    active = list(team.players.filter(status=Player.Status.ACTIVE).values_list("number", "miss_next_game"))
    added = new_rookies(
        ruleset, team, available=sum(1 for _n, misses in active if not misses), taken={n for n, _misses in active}
    )
    if added:
        Player.objects.bulk_create(added)
        team_refresh_value(team=team)
    return added


def prematch_record(*, match: Match, data: PrematchInput, by: User | None, dice: Dice | None = None) -> Match:
    """Record the whole pre-match sequence at once, step by step in the ruleset's order
    (matches.prematch_steps: each step checks, then records); every refusal is listed and nothing
    is written. `dice`: what the server rolls with (tests inject them); every die is stored."""
    check_participant(match, by)
    ruleset = match_ruleset(match)
    steps = steps_for(ruleset)
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.SCHEDULED)
        home = Team.objects.select_for_update().get(pk=match.home_id)
        away = Team.objects.select_for_update().get(pk=match.away_id)
        ctx = PrematchContext(match, ruleset, data, by, dice, {"home": home, "away": away})
        for name in data.entered():
            if name not in ruleset.pre_match_steps:
                ctx.problems.append(
                    _("This ruleset has no weather roll before the match: there are no weather dice to enter.")
                    if name == "weather"  # the import's own field (PrematchInput.weather_dice)
                    else _("This ruleset has no pre-match step %(step)s: there is nothing to enter for it.")
                    % {"step": name}
                )
        for step in steps:
            step.check(ctx)
        if ctx.problems:
            raise MatchError(ctx.problems)
        for step in steps:  # e.g. free journeymen: on the team for this match, they count in its TV (p.29)
            step.join(ctx)
        ctx.tvs = {"home": compute_team_value(home), "away": compute_team_value(away)}
        for step in steps:
            step.settle(ctx)
        if ctx.problems:
            raise MatchError(ctx.problems)

        for step in steps:
            step.record(ctx)
        match.home_tv, match.away_tv = ctx.tvs["home"], ctx.tvs["away"]
        for side, team in (("home", home), ("away", away)):
            # Who could play: the roster at kick-off; players missing this game are not eligible.
            MatchPlayer.objects.bulk_create(
                MatchPlayer(match=match, player=p, side=side, eligible=not p.miss_next_game, journeyman=p.journeyman)
                for p in team.players.filter(status=Player.Status.ACTIVE)
            )
        match.status = Match.Status.PREMATCH_DONE
        match.save()
        log_action(
            action="matches.prematch.recorded",
            actor=by,
            league=match.league,
            match=match.pk,
            weather=match.weather,
            home_tv=match.home_tv,
            away_tv=match.away_tv,
            **{name: value for name, value in ctx.audit.items() if name != "weather"},
        )
    return match
