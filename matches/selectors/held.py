"""The lines held for the commissioner (matches.services.held): a match's, the team-mates they may
move to, and the ones waiting in a commissioner's to-do."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.shortcuts import get_object_or_404

from league.core.models import League, Membership
from matches.held_models import HeldLine
from matches.models import Match
from matches.services.held_settle import eligible_targets as eligible_targets  # the move's own check, offered

RELATED = ("player__team", "since__home", "since__away", "moved_to", "match__home", "match__away", "match__league")


def held_lines(match: Match) -> list[HeldLine]:
    """The match's held lines, settled or not, in the order they were found."""
    return list(HeldLine.objects.filter(match=match).select_related(*RELATED).order_by("pk"))


def held_line_or_404(match: Match, line_id: int) -> HeldLine:
    return get_object_or_404(HeldLine.objects.select_related(*RELATED), match=match, pk=line_id)


def held_waiting(user: Any) -> list[HeldLine]:
    """The open held lines of the leagues the user runs or co-runs (his to-do)."""
    if user is None or not user.is_authenticated:
        return []
    commissioned = League.objects.filter(
        Q(commissioner_id=user.pk)
        | Q(pk__in=Membership.objects.filter(user_id=user.pk, role=Membership.Role.COMMISSIONER).values("league_id"))
    ).values("pk")
    return list(
        HeldLine.objects.filter(
            resolution=HeldLine.Resolution.OPEN, match__status=Match.Status.HELD, match__league__in=commissioned
        )
        .select_related(*RELATED)
        .order_by("match__sequence", "pk")
    )
