"""The pre-match sequence in the ruleset's order: weather, petty cash, inducements, journeymen."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.permissions import is_commissioner
from league.rules import (
    Dice,
    InducementBudgets,
    Ruleset,
    SeededDice,
    check_die,
    inducement_price,
    mercenary_price,
    star_price,
)
from league.rules.catalogue.tables import weather as weather_for
from league.rules.postmatch.finance import Side
from league.rules.prematch import (
    InducementOrder,
    check_inducements,
    inducement_budgets,
    journeyman_positions,
    journeymen_needed,
    petty_cash_order,
    petty_cash_turn,
    roll_weather,
)
from matches.models import DiceRoll, Match, MatchInducement, MatchPlayer
from matches.services.common import (
    MatchError,
    check_participant,
    lock_match,
    match_ruleset,
    require_status,
    violation_messages,
)
from matches.services.inducement_orders import order_from_json, order_to_json
from teams.hooks import team_benefits
from teams.models import Player, Team, TreasuryEntry
from teams.selectors import compute_team_value
from teams.services import team_refresh_value, treasury_post


@dataclass(frozen=True)
class PrematchInput:
    weather_dice: tuple[int, int] | None = None  # None: the server rolls
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


def has_step(ruleset: Ruleset, step: str) -> bool:
    """Whether the ruleset's pre-match sequence has this step (petty cash, free journeymen...)."""
    return step in ruleset.pre_match_steps


def treasury_gold(ruleset: Ruleset, team: Team) -> int:
    """Treasury gold a side may add to its inducement gold directly: where the ruleset has no petty
    cash step (the whole treasury; the part spent is debited when the pre-match is recorded)."""
    return 0 if has_step(ruleset, "petty_cash") else max(team.treasury, 0)


def squad_size(ruleset: Ruleset, active: list[Player]) -> int:
    """Players counted against the squad limits: the whole roster where free journeymen fill it
    up, else only those able to play (the induced journeymen's rule counts those)."""
    if has_step(ruleset, "journeymen"):
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
    return tv, squad_size(ruleset, active) + needed, counts


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


def _petty_cash(match: Match, data: PrematchInput, problems: list[str]) -> dict[str, int]:
    """The petty cash each side moves: as declared on the match (the pages), or as given (an
    import), which may not contradict a declaration already made."""
    declared = {side: getattr(match, f"{side}_petty_cash_declared") for side in ("home", "away")}
    kept = {"home": match.home_petty_cash, "away": match.away_petty_cash}
    if data.petty_cash_declared:
        for side in ("home", "away"):
            if not declared[side]:
                problems.append(_("%(team)s has not declared its petty cash yet.") % {"team": match.team(side).name})
        return kept
    given = {"home": data.home_petty_cash, "away": data.away_petty_cash}
    for side in ("home", "away"):
        if declared[side] and given[side] != kept[side]:
            problems.append(
                _("%(team)s declared %(amount)s gp of petty cash: the pre-match records that amount.")
                % {"team": match.team(side).name, "amount": kept[side]}
            )
    return given


def _orders(
    match: Match, data: PrematchInput, budgets: InducementBudgets, problems: list[str]
) -> dict[str, InducementOrder]:
    """Each side's inducements: as it chose them on the match (the pages), or as given (an import),
    which may not contradict a choice already made."""
    kept = {side: getattr(match, f"{side}_inducements") for side in ("home", "away")}
    if data.inducements_chosen:
        for side in ("home", "away"):
            if kept[side] is None and budgets.budget(side) > 0:
                problems.append(_("%(team)s has not chosen its inducements yet.") % {"team": match.team(side).name})
        return {side: order_from_json(kept[side]) for side in ("home", "away")}
    given = {"home": data.home_inducements, "away": data.away_inducements}
    for side in ("home", "away"):
        if kept[side] is not None and order_to_json(given[side]) != kept[side]:
            problems.append(
                _("%(team)s chose its inducements before: the pre-match records that choice.")
                % {"team": match.team(side).name}
            )
    return given


def prematch_record(*, match: Match, data: PrematchInput, by: User | None, dice: Dice | None = None) -> Match:
    """Record the whole pre-match sequence at once; every refusal is listed and nothing is written."""
    check_participant(match, by)
    ruleset = match_ruleset(match)
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.SCHEDULED)
        home = Team.objects.select_for_update().get(pk=match.home_id)
        away = Team.objects.select_for_update().get(pk=match.away_id)
        problems: list[str] = []
        # A ruleset without the "weather" pre-match step has no weather: nothing is rolled or stored.
        weather_step = has_step(ruleset, "weather")
        if data.weather_dice is not None and not weather_step:
            problems.append(_("This ruleset has no weather roll before the match: there are no weather dice to enter."))
        elif data.weather_dice is not None:
            try:
                for value in data.weather_dice:
                    check_die(value, 6, "weather")
            except ValueError as exc:
                problems.append(str(exc))
        petty = has_step(ruleset, "petty_cash")
        cash = _petty_cash(match, data, problems) if petty else {"home": 0, "away": 0}
        for team, cash_out in ((home, cash["home"]), (away, cash["away"])):
            if cash_out < 0 or cash_out > team.treasury:
                problems.append(
                    _("%(team)s can move between 0 and %(max)s gp into petty cash.")
                    % {"team": team.name, "max": team.treasury}
                )
        if problems:
            raise MatchError(problems)

        # Journeymen first: they are on the team for this match and count in its TV (p.29).
        for team in (home, away):
            if has_step(ruleset, "journeymen"):
                add_journeymen(match=match, team=team, ruleset=ruleset)
        home_tv, away_tv = compute_team_value(home), compute_team_value(away)
        budgets = inducement_budgets(
            ruleset,
            home_tv=home_tv,
            away_tv=away_tv,
            home_petty_cash=cash["home"],
            away_petty_cash=cash["away"],
            final=match.is_final_stage,
            home_treasury=treasury_gold(ruleset, home),
            away_treasury=treasury_gold(ruleset, away),
        )
        orders = _orders(match, data, budgets, problems)
        # Prices a held trophy lowers (e.g. a trophy's cheaper wizard), ruleset data.
        trophy_prices = {
            side: team_benefits(match.league, team.pk).inducement_prices
            for side, team in (("home", home), ("away", away))
        }
        side: Side
        for side, team, order in (("home", home, orders["home"]), ("away", away, orders["away"])):
            roster = list(team.players.filter(status=Player.Status.ACTIVE))
            counts = position_counts(roster)
            found = check_inducements(
                ruleset,
                team_key=team.race,
                roster_size=squad_size(ruleset, roster),
                order=order,
                budget=budgets.budget(side),
                position_counts=counts,
                final=match.is_final_stage,  # no stars or mercenaries in a semi-final or a final (p.30)
                trophy_prices=trophy_prices[side],
            )
            problems += [
                _("%(label)s: %(value)s") % {"label": team.name, "value": m}
                for m in violation_messages(found, ruleset, team.race)
            ]
        if problems:
            raise MatchError(problems)

        if weather_step:
            if data.weather_dice is None:
                rolled = roll_weather(ruleset, dice or server_dice())
                values, source = list(rolled.dice), DiceRoll.Source.SERVER
            else:
                values, source = list(data.weather_dice), DiceRoll.Source.ENTERED
            DiceRoll.objects.create(match=match, purpose="weather", values=values, source=source)
            match.weather = weather_for(ruleset, sum(values)).key
        match.home_tv, match.away_tv = home_tv, away_tv
        match.home_petty_cash, match.away_petty_cash = cash["home"], cash["away"]
        match.home_petty_cash_declared = match.away_petty_cash_declared = True

        for side, team, order in (("home", home, orders["home"]), ("away", away, orders["away"])):
            setattr(match, f"{side}_inducements", order_to_json(order))
            if cash[side]:
                treasury_post(
                    team=team,
                    kind=TreasuryEntry.Kind.PETTY_CASH,
                    amount=-cash[side],
                    key=f"match:{match.pk}:petty_cash:out",
                    memo=str(match),
                    by=by,
                    match=match,
                )
            rows = [
                MatchInducement(
                    match=match, side=side, key=k, cost=inducement_price(ruleset, k, team.race, trophy_prices[side])
                )
                for k, count in order.items.items()
                for _ in range(count)
            ]
            star_key = next((i.key for i in ruleset.inducements.values() if i.pricing == "star"), "star_players")
            merc_key = next((i.key for i in ruleset.inducements.values() if i.pricing == "mercenary"), "mercenaries")
            rows += [
                MatchInducement(match=match, side=side, key=star_key, star=s, cost=star_price(ruleset, s))
                for s in order.stars
            ]
            team_list = ruleset.team(team.race)
            rows += [
                MatchInducement(
                    match=match,
                    side=side,
                    key=merc_key,
                    position=m.position_key,
                    extra_skill=";".join(m.extra_skills),
                    cost=mercenary_price(ruleset, team_list.position(m.position_key), len(m.extra_skills)),
                )
                for m in order.mercenaries
            ]
            MatchInducement.objects.bulk_create(rows)
            from_treasury = max(sum(row.cost for row in rows) - budgets.money(side), 0)
            if not petty and from_treasury:  # no petty cash: the treasury pays the rest at once
                treasury_post(
                    team=team,
                    kind="inducement",
                    amount=-from_treasury,
                    key=f"match:{match.pk}:inducements:treasury",
                    memo=str(match),
                    by=by,
                    match=match,
                )
            # Who could play: the roster at kick-off; players missing this game are not eligible.
            MatchPlayer.objects.bulk_create(
                MatchPlayer(match=match, player=p, side=side, eligible=not p.miss_next_game)
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
            home_tv=home_tv,
            away_tv=away_tv,
        )
    return match
