"""The dice a replay asked of a coach (matches.services.dice_wait), entered on the match's dice page
by the coach of the team they are asked of, or rolled by the server when the commissioner says so.
Once none is left (and no line is held: matches.services.held), the match is confirmed again and
queued: it runs with them, and its teams' later matches follow it. Apart from dice_wait, which the
post-match run imports: this module queues runs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.core.audit import log_action
from league.core.permissions import is_commissioner
from league.rules import check_die
from matches.dice_wait_models import DiceAsked
from matches.held_models import HeldLine
from matches.models import DiceRoll, Match
from matches.services import postgame
from matches.services.common import MatchError, lock_match, require_status
from matches.services.postgame_queue import queue_postgame


def asked_of(match: Match, user: Any) -> list[DiceAsked]:
    """The dice of the held match asked of this user as a team's coach (the other team's are not his)."""
    sides = [side for side in ("home", "away") if user is not None and match.team(side).coach_id == user.pk]
    return list(DiceAsked.objects.filter(match=match, side__in=sides).order_by("pk"))


def dice_asked_enter(*, match: Match, dice: Mapping[str, Sequence[int] | None], by: Any) -> bool:
    """Store the dice a coach rolled for what he was asked: {key: values}, exactly the count asked,
    each a possible face. Only the coach of the team a die is asked of may enter it (the other
    coach, the commissioner and anyone else: PermissionDenied). Refused with every reason, nothing
    written, otherwise. Returns whether the match was released (nothing more asked)."""
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.HELD)
        rows = {row.key: row for row in DiceAsked.objects.filter(match=match)}
        entered = {key: list(values) for key, values in dice.items() if values}
        for key in entered:
            row = rows.get(key)
            if row is not None and (by is None or match.team(row.side).coach_id != by.pk):
                raise PermissionDenied(_("Only the coach of the team these dice are asked of may enter them."))
        problems = _problems(rows, entered)
        if not entered and not problems:
            problems.append(_("Enter the dice you rolled."))
        if problems:
            raise MatchError(problems)
        for key, values in entered.items():
            _store(match, rows[key], values, DiceRoll.Source.ENTERED)
        log_action(action="matches.dice.asked_entered", actor=by, league=match.league, match=match.pk, dice=entered)
        return _release_if_done(match)


def dice_asked_server(*, match: Match, by: Any) -> bool:
    """The commissioner lets the server roll every die still asked of the match's coaches."""
    if not is_commissioner(by, match.league):
        raise PermissionDenied(_("Only a commissioner of the league may do this."))
    with transaction.atomic():
        lock_match(match)
        require_status(match, Match.Status.HELD)
        roller = postgame.server_dice()  # type: ignore[attr-defined]  # the run's own roller (tests set it there)
        rolled = {}
        for row in DiceAsked.objects.filter(match=match).order_by("pk"):
            rolled[row.key] = [roller.roll(row.sides) for _n in range(row.count)]
            _store(match, row, rolled[row.key], DiceRoll.Source.SERVER)
        log_action(action="matches.dice.asked_rolled", actor=by, league=match.league, match=match.pk, dice=rolled)
        return _release_if_done(match)


def _problems(rows: Mapping[str, DiceAsked], entered: Mapping[str, list[int]]) -> list[str]:
    problems = []
    for key, values in entered.items():
        row = rows.get(key)
        if row is None:
            problems.append(_("This die is not asked of you (any more)."))
            continue
        if len(values) != row.count:
            problems.append(
                ngettext(
                    "Enter %(count)s die (%(given)s entered).", "Enter %(count)s dice (%(given)s entered).", row.count
                )
                % {"count": row.count, "given": len(values)}
            )
        for value in values:
            try:
                check_die(value, row.sides)
            except (TypeError, ValueError):
                problems.append(
                    _("%(value)s is not a possible result of a D%(sides)s (1 to %(sides)s).")
                    % {"value": value, "sides": row.sides}
                )
    return problems


def _store(match: Match, row: DiceAsked, values: list[int], source: str) -> None:
    """The die as the run reads it: the kept values, then the ones rolled now, in play order."""
    DiceRoll.objects.update_or_create(
        match=match, purpose=row.key, defaults={"values": [*row.kept, *values], "source": source}
    )
    DiceAsked.objects.filter(pk=row.pk).delete()


def _release_if_done(match: Match) -> bool:
    if DiceAsked.objects.filter(match=match).exists():
        return False
    if HeldLine.objects.filter(match=match, resolution=HeldLine.Resolution.OPEN).exists():
        return False
    Match.objects.filter(pk=match.pk).update(status=Match.Status.CONFIRMED, queued_at=None)
    transaction.on_commit(lambda: queue_postgame(match.pk))
    return True
