"""The pre-match sequence in the ruleset's order: weather, petty cash, inducements, journeymen."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from league.audit import log_action
from league.rules import SeededDice, check_die, inducement_price, mercenary_price, star_price
from league.rules.prematch import (
    InducementOrder,
    check_inducements,
    inducement_budgets,
    journeyman_positions,
    journeymen_needed,
    roll_weather,
)
from league.rules.tables import weather as weather_for
from matches.models import DiceRoll, Match, MatchInducement, MatchPlayer
from matches.services.common import (
    MatchError,
    check_participant,
    lock_match,
    match_ruleset,
    require_status,
    violation_messages,
)
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


def server_dice() -> SeededDice:
    """Dice the server rolls: seeded from the OS so nobody can predict them; every value is stored."""
    return SeededDice(secrets.randbits(64))


def new_journeymen(ruleset, team: Team, *, available: int, taken: set[int]) -> list[Player]:
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


def add_journeymen(*, match: Match | None, team: Team, ruleset) -> list[Player]:
    """Free journeymen until the team can field journeyman_fill_to players."""
    active = list(team.players.filter(status=Player.Status.ACTIVE).values_list("number", "miss_next_game"))
    added = new_journeymen(
        ruleset, team, available=sum(1 for _n, misses in active if not misses), taken={n for n, _misses in active}
    )
    if added:
        Player.objects.bulk_create(added)
        team_refresh_value(team=team)
    return added


def prematch_record(*, match: Match, data: PrematchInput, by: AbstractBaseUser | None, dice=None) -> Match:
    """Record the whole pre-match sequence at once; every refusal is listed and nothing is written."""
    check_participant(match, by)
    ruleset = match_ruleset(match)
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.SCHEDULED)
        home = Team.objects.select_for_update().get(pk=match.home_id)
        away = Team.objects.select_for_update().get(pk=match.away_id)
        problems: list[str] = []
        if data.weather_dice is not None:
            try:
                for value in data.weather_dice:
                    check_die(value, 6, "weather")
            except ValueError as exc:
                problems.append(str(exc))
        for team, cash in ((home, data.home_petty_cash), (away, data.away_petty_cash)):
            if cash < 0 or cash > team.treasury:
                problems.append(
                    _("%(team)s can move between 0 and %(max)s gp into petty cash.")
                    % {"team": team.name, "max": team.treasury}
                )
        if problems:
            raise MatchError(problems)

        # Journeymen first: they are on the team for this match and count in its TV (p.29).
        for team in (home, away):
            add_journeymen(match=match, team=team, ruleset=ruleset)
        home_tv, away_tv = compute_team_value(home), compute_team_value(away)
        budgets = inducement_budgets(
            ruleset,
            home_tv=home_tv,
            away_tv=away_tv,
            home_petty_cash=data.home_petty_cash,
            away_petty_cash=data.away_petty_cash,
        )
        for side, team, order in (("home", home, data.home_inducements), ("away", away, data.away_inducements)):
            roster = team.players.filter(status=Player.Status.ACTIVE)
            counts: dict[str, int] = {}
            for pos in roster.values_list("position", flat=True):
                counts[pos] = counts.get(pos, 0) + 1
            found = check_inducements(
                ruleset,
                team_key=team.race,
                roster_size=roster.count(),
                order=order,
                budget=budgets.budget(side),
                position_counts=counts,
            )
            problems += [
                _("%(label)s: %(value)s") % {"label": team.name, "value": m}
                for m in violation_messages(found, ruleset, team.race)
            ]
        if problems:
            raise MatchError(problems)

        if data.weather_dice is None:
            rolled = roll_weather(ruleset, dice or server_dice())
            values, source = list(rolled.dice), DiceRoll.Source.SERVER
        else:
            values, source = list(data.weather_dice), DiceRoll.Source.ENTERED
        DiceRoll.objects.create(match=match, purpose="weather", values=values, source=source)
        match.weather = weather_for(ruleset, sum(values)).key
        match.home_tv, match.away_tv = home_tv, away_tv
        match.home_petty_cash, match.away_petty_cash = data.home_petty_cash, data.away_petty_cash

        for side, team, order in (("home", home, data.home_inducements), ("away", away, data.away_inducements)):
            cash = data.home_petty_cash if side == "home" else data.away_petty_cash
            if cash:
                treasury_post(
                    team=team,
                    kind=TreasuryEntry.Kind.PETTY_CASH,
                    amount=-cash,
                    key=f"match:{match.pk}:petty_cash:out",
                    memo=str(match),
                    by=by,
                    match=match,
                )
            rows = [
                MatchInducement(match=match, side=side, key=k, cost=inducement_price(ruleset, k, team.race))
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
                    extra_skill=m.extra_skill or "",
                    cost=mercenary_price(ruleset, team_list.position(m.position_key), m.extra_skill is not None),
                )
                for m in order.mercenaries
            ]
            MatchInducement.objects.bulk_create(rows)
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
