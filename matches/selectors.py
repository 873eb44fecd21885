"""Read-side queries of matches shown outside the match's own sheet: the history of a result
(from the audit log) and the results waiting for a team's coach."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q

from league.audit import action_label
from league.models import AuditEntry
from matches.models import Match
from matches.services.dispute import submitter_side
from teams.models import Team

RESULT_ACTIONS = (
    "matches.match.imported",
    "matches.result.saved",
    "matches.result.submitted",
    "matches.result.sent_back",
    "matches.result.withdrawn",
    "matches.result.corrected",
    "matches.result.confirmed",
)


def result_history(match: Match) -> list[dict[str, Any]]:
    """Every step of the result, oldest first: who did it, when, and the reason of a send-back."""
    entries = (
        AuditEntry.objects.filter(league_id=match.league_id, action__in=RESULT_ACTIONS, data__match=match.pk)
        .select_related("actor")
        .order_by("created_at", "pk")
    )
    return [
        {
            "action": e.action.rsplit(".", 1)[1],
            "label": action_label(e.action),
            "actor": e.actor,
            "created_at": e.created_at,
            "reason": (e.data or {}).get("reason", ""),
        }
        for e in entries
    ]


def results_waiting(teams: Iterable[Team]) -> list[dict[str, Any]]:
    """Per team, the results waiting for its coach: one sent back to his side (with the reason), to
    correct and submit again, and one the other side submitted, to confirm or send back."""
    teams = list(teams)
    by_pk = {team.pk: team for team in teams}
    matches = (
        Match.objects.filter(Q(home__in=teams) | Q(away__in=teams))
        .filter(Q(status=Match.Status.SUBMITTED) | Q(status=Match.Status.DRAFT, sent_back_at__isnull=False))
        .select_related("league", "home", "away", "sent_back_by", "submitted_by")
        .order_by("created_at", "pk")
    )
    waiting = []
    for match in matches:
        for side in ("home", "away"):
            team = by_pk.get(match.team(side).pk)
            if team is None:
                continue
            if match.status == Match.Status.DRAFT and match.sent_back_by_id != team.coach_id:
                waiting.append({"team": team, "match": match, "kind": "sent_back"})
            elif match.status == Match.Status.SUBMITTED and submitter_side(match) != side:
                waiting.append({"team": team, "match": match, "kind": "to_confirm"})
    return waiting
