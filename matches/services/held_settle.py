"""The commissioner's word on lines held for him (matches.services.held): player by player, his
lines removed (his touchdowns stay in the score, credited to no roster player), moved to a
team-mate who played, or confirmed as entered. Once no line is open the match is confirmed again
and queued. Apart from the check, which the post-match run imports: this module queues runs."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.permissions import is_commissioner
from matches.held_models import HeldLine
from matches.models import Match, MatchCasualty, MatchPlayer
from matches.services.common import MatchError
from matches.services.held import EVENT_FIELDS
from matches.services.postgame_queue import queue_postgame
from teams.models import Player


def eligible_targets(line: HeldLine) -> list[Player]:
    """The team-mates his lines may move to: on the match's sheet on his side, able to play now,
    and not held in it themselves."""
    side = MatchPlayer.objects.filter(match_id=line.match_id, player_id=line.player_id).values("side")
    held = HeldLine.objects.filter(match_id=line.match_id).values("player_id")
    return list(
        Player.objects.filter(
            match_lines__match_id=line.match_id,
            match_lines__side__in=side,
            status=Player.Status.ACTIVE,
            miss_next_game=False,
        )
        .exclude(pk__in=held)
        .order_by("number")
    )


def resolve_held(*, line: HeldLine, choice: str, by: Any, to_id: int | None = None) -> HeldLine:
    """Settle one held line (a commissioner only): his lines removed, moved to the team-mate `to_id`
    (one of eligible_targets) or confirmed; the match is queued once none is open."""
    if not is_commissioner(by, line.match.league):
        raise PermissionDenied(_("Only a commissioner of the league may do this."))
    with transaction.atomic():
        match = Match.objects.select_for_update().select_related("league").get(pk=line.match_id)
        line = HeldLine.objects.select_for_update().select_related("player").get(pk=line.pk)
        if match.status != Match.Status.HELD or line.resolution:
            raise MatchError([_("This line was already settled.")])
        if choice == HeldLine.Resolution.REMOVED:
            _remove(match, line.player_id)
        elif choice == HeldLine.Resolution.MOVED:
            if to_id is None or to_id not in {p.pk for p in eligible_targets(line)}:
                raise MatchError([_("Choose a team-mate who played this match.")])
            _move(match, line.player_id, to_id)
        elif choice != HeldLine.Resolution.CONFIRMED:
            raise MatchError([_("Choose what stands.")])
        moved_to = to_id if choice == HeldLine.Resolution.MOVED else None
        HeldLine.objects.filter(pk=line.pk).update(
            resolution=choice, moved_to_id=moved_to, resolved_by=by, resolved_at=timezone.now()
        )
        log_action(
            action="matches.held.resolved",
            actor=by,
            league=match.league,
            match=match.pk,
            player=line.player_id,
            choice=choice,
            to=moved_to,
        )
        if not HeldLine.objects.filter(match=match, resolution=HeldLine.Resolution.OPEN).exists():
            _release(match)
    line.refresh_from_db()
    return line


def _release(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(status=Match.Status.CONFIRMED, queued_at=None)
    transaction.on_commit(lambda: queue_postgame(match.pk))


def _remove(match: Match, player_id: int) -> None:
    """His lines taken off the sheet; his touchdowns stay in the score, credited to no roster player
    (the score is the result both coaches confirmed)."""
    line = MatchPlayer.objects.get(match=match, player_id=player_id)
    if line.touchdowns:
        field = f"{line.side}_uncredited_touchdowns"
        Match.objects.filter(pk=match.pk).update(**{field: F(field) + line.touchdowns})
    MatchPlayer.objects.filter(pk=line.pk).update(**dict.fromkeys(EVENT_FIELDS, 0), actions={})
    MatchCasualty.objects.filter(match=match, victim_id=player_id).delete()


def _move(match: Match, player_id: int, to_id: int) -> None:
    """His lines added to the team-mate's; a casualty he suffered becomes the team-mate's."""
    line = MatchPlayer.objects.get(match=match, player_id=player_id)
    target = MatchPlayer.objects.get(match=match, player_id=to_id)
    hurt = MatchCasualty.objects.filter(match=match, victim_id=player_id)
    if hurt.exists() and MatchCasualty.objects.filter(match=match, victim_id=to_id).exists():
        raise MatchError([_("That team-mate already suffered a casualty in this match: choose another.")])
    actions = dict(target.actions or {})
    for key, count in (line.actions or {}).items():
        actions[key] = actions.get(key, 0) + count
    MatchPlayer.objects.filter(pk=target.pk).update(
        **{name: getattr(target, name) + getattr(line, name) for name in EVENT_FIELDS}, actions=actions
    )
    MatchPlayer.objects.filter(pk=line.pk).update(**dict.fromkeys(EVENT_FIELDS, 0), actions={})
    hurt.update(victim_id=to_id)
