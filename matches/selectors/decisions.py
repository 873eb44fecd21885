"""Reading the coach's decisions after a match, whatever their kind (matches.decisions)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.shortcuts import get_object_or_404

from matches.decisions import DecisionType, decision_type, decision_types
from matches.models import Match, PendingDecision
from teams.models import Team


@dataclass(frozen=True)
class PendingGroup:
    """A kind's pending decisions, shown by the kind's list template (context: items)."""

    type: DecisionType
    items: list[Any]

    @property
    def template(self) -> str:
        return self.type.list_template


def team_pending_decisions(team: Team) -> list[PendingGroup]:
    """Every decision the team's manager still has to make, kind by kind (one read per kind)."""
    groups = [PendingGroup(entry, list(entry.for_team(team))) for entry in decision_types()]
    return [group for group in groups if group.items]


def match_pending_decisions(match: Match) -> list[PendingGroup]:
    """The decisions a processed match still waits for, kind by kind."""
    groups = [PendingGroup(entry, list(entry.for_match(match))) for entry in decision_types()]
    return [group for group in groups if group.items]


def pending_decision_or_404(kind: str, pk: int) -> PendingDecision:
    related = ("team__league", "team__coach", "match__home", "match__away", "match__league")
    return get_object_or_404(PendingDecision.objects.select_related(*related), kind=kind, pk=pk)


def stored_pending_for_team(team: Team, kind: str) -> list[PendingDecision]:
    return list(
        PendingDecision.objects.filter(team=team, kind=kind, choice="")
        .select_related("match__home", "match__away", "team")
        .order_by("created_at", "pk")
    )


def stored_pending_for_match(match: Match, kind: str) -> list[PendingDecision]:
    return list(
        PendingDecision.objects.filter(match=match, kind=kind, choice="")
        .select_related("match__home", "match__away", "team")
        .order_by("team", "pk")
    )


def coach_pending_decisions(user: Any) -> list[PendingDecision]:
    """The decisions of every stored kind his teams still have to make, oldest first, each with its
    kind's name in the reader's language (`kind_name`): one query."""
    found = list(
        PendingDecision.objects.filter(team__coach_id=user.pk, choice="")
        .select_related("team", "match__home", "match__away")
        .order_by("created_at", "pk")
    )
    shown = []
    for decision in found:
        entry = decision_type(decision.kind)
        if entry is not None:  # a kind no longer registered (its ruleset gone) is not offered
            decision.kind_name = entry.name()
            shown.append(decision)
    return shown
