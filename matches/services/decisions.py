"""Writing the coach's decisions after a match, whatever their kind (matches.decisions).

`open_decisions` runs in the post-match sequence's transaction: each registered kind opens what
the match owes its teams. Kinds kept as PendingDecision rows are opened by `open_stored` (a natural
key per decision: a re-run opens nothing twice) and chosen through `stored_decision_choose`, which
reads the state again under the team's lock: an option the state no longer allows is refused and
the coach is asked again; the decision stays open (never a failure that cannot be undone).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.rules import DecisionNotOffered, Ruleset, decide, decision_kind
from matches.decisions import StoredKind, decision_types
from matches.models import Match, PendingDecision
from matches.services.common import MatchError, match_ruleset
from teams.services.common import check_manager, lock_team


def open_decisions(match: Match, ruleset: Ruleset) -> dict[int, dict[str, int]]:
    """Every registered kind opens what the processed match owes (the caller holds the transaction).
    Returns how many of each kind it opened, by team."""
    opened: dict[int, dict[str, int]] = {}
    for entry in decision_types():
        if entry.open is not None:
            for team_id, count in (entry.open(match, ruleset) or {}).items():
                if count:
                    opened.setdefault(team_id, {})[entry.kind] = count
    return opened


def open_stored(spec: StoredKind, match: Match, ruleset: Ruleset) -> dict[int, int]:
    """As many decisions per team as the engine's `owed` says from its values and the ruleset's
    limits, keyed "<kind>:<side>:<n>" (a second run finds them and adds none). Returns how many
    it owes each team."""
    owed = decision_kind(spec.kind).owed
    if owed is None:
        return {}
    rows = []
    for side in ("home", "away"):
        team = match.home if side == "home" else match.away
        count = owed(ruleset, spec.values(match, team, ruleset))
        rows += [
            PendingDecision(match=match, team=team, kind=spec.kind, key=f"{spec.kind}:{side}:{n}")
            for n in range(1, count + 1)
        ]
    PendingDecision.objects.bulk_create(rows, ignore_conflicts=True)
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.team_id] = counts.get(row.team_id, 0) + 1
    return counts


def stored_decision_choose(spec: StoredKind, decision: PendingDecision, choice: str, by: Any) -> PendingDecision:
    """Apply the manager's choice once: checked against the options the state opens now."""
    team = decision.team
    check_manager(by, team)
    with transaction.atomic():
        lock_team(team)
        decision = (
            PendingDecision.objects.select_for_update()
            .select_related("match__league", "match__home", "match__away", "team")
            .get(pk=decision.pk)
        )
        if not decision.pending:
            raise MatchError([_("This decision has already been made.")])
        ruleset = match_ruleset(decision.match)
        try:
            effects = decide(ruleset, spec.kind, spec.values(decision.match, decision.team, ruleset), choice)
        except DecisionNotOffered:
            raise MatchError([_("This choice is no longer open: choose again.")]) from None
        spec.apply(decision, effects)
        PendingDecision.objects.filter(pk=decision.pk).update(choice=choice, by=by, decided_at=timezone.now())
        decision.choice = choice
        log_action(
            action="matches.decision.chosen",
            actor=by,
            team=team,
            match=decision.match_id,
            kind=spec.kind,
            choice=choice,
        )
    return decision
