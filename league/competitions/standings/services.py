"""Writes of the standings: the league's points scheme and tie-breakers (commissioner settings,
kept as two HouseRule rows league/competitions/standings/table.py reads) and the drawing of lots between teams the
table leaves level (server dice, stored)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.seasons.models import Season, StandingsLot, StandingsOrder
from league.competitions.standings.table import scheme_to_mapping, season_table, standings_settings
from league.core.audit import log_action
from league.core.models import HouseRule, League
from league.core.permissions import is_commissioner
from league.rules import load_ruleset
from league.rules.dice import SeededDice
from league.rules.standings import TIE_BREAKERS, check_tie_breakers, scheme_from_mapping

LOTS_SIDES = 6


def default_standings(league: League) -> dict[str, Any]:
    """What the league's ruleset starts a league with (no house rule)."""
    ruleset = load_ruleset(league.ruleset)
    scheme = ruleset.standings_schemes[ruleset.default_standings_scheme]
    return {"scheme": scheme_to_mapping(scheme), "tie_breakers": list(ruleset.default_tie_breakers)}


def check_standings(scheme: Mapping[str, Any], tie_breakers: Sequence[str]) -> dict[str, Any]:
    """The scheme as stored (its engine mapping) and the tie-breakers, or a translated refusal."""
    problems: list[str] = []
    key = scheme.get("key")
    if not isinstance(key, str) or not key:
        key = "custom"
    values = {k: v for k, v in scheme.items() if k != "key"}
    built, engine_problems = scheme_from_mapping(key, values)
    if built is None:
        # The engine's reasons name fields in English: they are given after a translated sentence.
        problems.append(_("The points scheme is refused: %(reasons)s.") % {"reasons": "; ".join(engine_problems)})
    keys = [str(k) for k in tie_breakers]
    unknown = [k for k in keys if k not in TIE_BREAKERS]
    if unknown:
        problems.append(_("Unknown tie-breaker: %(keys)s.") % {"keys": ", ".join(unknown)})
    elif len(set(keys)) != len(keys):
        problems.append(_("A tie-breaker is listed twice."))
    elif not keys or keys[0] != "points":
        # Points first: the table is a points table; the other keys only split teams level on points.
        problems.append(_("The first tie-breaker must be the points."))
    else:
        check_tie_breakers(keys)
    if problems:
        raise ValidationError(problems)
    assert built is not None
    return {"scheme": scheme_to_mapping(built), "tie_breakers": keys}


def standings_update(
    *, league: League, by: User, scheme: Mapping[str, Any], tie_breakers: Sequence[str]
) -> list[dict[str, Any]]:
    """Set the league's points scheme and tie-breakers; returns [{setting, old, new}] changed.

    Refused as a whole (nothing written) when the engine refuses either. A value equal to the
    ruleset's default removes its house rule. A season already started keeps its own copy
    (Season.standings_settings), so this changes the table of the seasons to come only.
    """
    if not is_commissioner(by, league):
        raise PermissionDenied(_("Only the league's commissioner may change its settings."))
    new = check_standings(scheme, tie_breakers)
    current = standings_settings(league)
    default = default_standings(league)
    changes = []
    with transaction.atomic():
        for setting, field in (("standings_scheme", "scheme"), ("standings_tie_breakers", "tie_breakers")):
            if new[field] == current[field]:
                continue
            if new[field] == default[field]:
                HouseRule.objects.filter(league=league, key=setting).delete()
            else:
                HouseRule.objects.update_or_create(league=league, key=setting, defaults={"value": new[field]})
            log_action(
                action="league.standings.changed",
                actor=by,
                league=league,
                setting=setting,
                old=current[field],
                new=new[field],
            )
            changes.append({"setting": setting, "old": current[field], "new": new[field]})
    return changes


def server_dice() -> SeededDice:
    """Dice nobody can predict (seeded from the OS); every value is stored."""
    return SeededDice(secrets.randbits(64))


def draw_order(teams: Sequence[Any], dice: Any, sides: int = LOTS_SIDES) -> dict[Any, list[int]]:
    """One die per team, then again among the teams still equal on every die so far, until all
    differ: {team: its dice in order}."""
    rolled: dict[Any, list[int]] = {team: [] for team in teams}
    level = [list(teams)]
    while level:
        group = level.pop()
        for team in group:
            rolled[team].append(dice.roll(sides))
        by_dice: dict[tuple[int, ...], list[Any]] = {}
        for team in group:
            by_dice.setdefault(tuple(rolled[team]), []).append(team)
        level.extend(same for same in by_dice.values() if len(same) > 1)
    return rolled


def lot_values(rolled: Mapping[Any, list[int]], sides: int = LOTS_SIDES) -> dict[Any, int]:
    """The dice read in order as one number per team (a higher first die ranks higher, then the
    re-roll...): the single value the engine compares."""
    depth = max((len(d) for d in rolled.values()), default=0)
    values = {}
    for team, dice in rolled.items():
        padded = list(dice) + [0] * (depth - len(dice))
        number = 0
        for value in padded:
            number = number * (sides + 1) + value
        values[team] = number
    return values


def lots_draw(*, season: Season, key: str, by: User, dice: Any = None) -> dict[int, list[int]]:
    """Draw lots for the group of teams the table names `key` (a LotsRequest of the table now);
    the season's commissioner only. Returns {team id: dice}."""
    if not is_commissioner(by, season.league):
        raise PermissionDenied(_("Only the league's commissioner may draw lots."))
    with transaction.atomic():
        table = season_table(season)
        request = next((r for r in table.lots_needed if r.key == key and r.tie_breaker == "lots"), None)
        if request is None:
            raise ValidationError(_("These teams need no drawing of lots (the table changed?)."))
        rolled = draw_order(request.teams, dice or server_dice(), request.sides)
        values = lot_values(rolled, request.sides)
        for team_id, team_dice in rolled.items():
            StandingsLot.objects.update_or_create(
                season=season,
                team_id=team_id,
                defaults={
                    "key": key,
                    "dice": team_dice,
                    "value": values[team_id],
                    "drawn_by": by,
                    "drawn_at": timezone.now(),
                },
            )
        log_action(
            action="league.standings.lots_drawn",
            actor=by,
            league=season.league,
            season=season.number,
            key=key,
            dice={str(team): team_dice for team, team_dice in rolled.items()},
        )
    return {int(team): team_dice for team, team_dice in rolled.items()}


def standings_order_set(*, season: Season, key: str, order: Sequence[int], by: User) -> None:
    """The commissioner orders a group of teams the table leaves level at the "commissioner"
    tie-breaker (the rulebook leaves ties to him): `order` lists the group's team ids, first
    first. Refused, nothing written, unless the table asks for this group now and `order` names
    each of its teams once. Stored (the latest order of a team counts) and audited."""
    if not is_commissioner(by, season.league):
        raise PermissionDenied(_("Only the league's commissioner may order tied teams."))
    with transaction.atomic():
        table = season_table(season)
        request = next((r for r in table.lots_needed if r.key == key and r.tie_breaker == "commissioner"), None)
        if request is None:
            raise ValidationError(_("These teams need no order from the commissioner (the table changed?)."))
        if sorted(order) != sorted(request.teams):
            raise ValidationError(_("Give each tied team one place: every place from first to last, once each."))
        for position, team_id in enumerate(order, start=1):
            StandingsOrder.objects.update_or_create(
                season=season, team_id=team_id, defaults={"key": key, "position": position, "ordered_by": by}
            )
        log_action(
            action="league.standings.ordered",
            actor=by,
            league=season.league,
            season=season.number,
            key=key,
            order=list(order),
        )
