"""What a post-match run tells the coaches of the decisions it left them, from what it wrote and
read (events.publish_decisions_left): no read of the rows back (the sequence's statement budget,
tests/tasks/test_postgame_queries.py)."""

from __future__ import annotations

from typing import Any

from league.rules import IMPROVEMENT
from matches.models import Match
from matches.services.apply import Writes, unchosen
from matches.services.events import publish_decisions_left, publish_decisions_waiting
from teams.models import Team


def keep_left(match: Match, teams: dict[str, Team], written: Writes, opened: dict[int, dict[str, int]]) -> None:
    """Kept on the match, by team: the improvement rolls left to choose (written without their
    advancement) and the decisions opened (decisions.open_decisions)."""
    for effect in written.rolls:
        if unchosen(effect):
            left = opened.setdefault(teams[effect.side].pk, {})
            left[IMPROVEMENT] = left.get(IMPROVEMENT, 0) + 1
    match.opened = opened  # type: ignore[attr-defined]


def tell_decisions(match: Match) -> None:
    """One `decision.waiting` per coach left something to decide: told from what the run wrote
    when nothing of an earlier run of the match can be left (its first attempt, never undone),
    else read back (events.publish_decisions_waiting)."""
    if match.generation == 0 and match.attempts == 1:
        publish_decisions_left(match.pk, decisions_left(match), match_facts(match))
    else:
        publish_decisions_waiting(match.pk)


def decisions_left(match: Match) -> dict[int, dict[str, int]]:
    """What the run left each coach to decide (coach -> kind -> how many), as
    events.publish_decisions_waiting reads it back: a coach of both teams is told once."""
    left: dict[int, dict[str, int]] = {}
    for team in (match.home, match.away):
        for kind, count in match.opened.get(team.pk, {}).items():  # type: ignore[attr-defined]
            mine = left.setdefault(team.coach_id, {})
            mine[kind] = mine.get(kind, 0) + count
    return left


def match_facts(match: Match) -> dict[str, Any]:
    """The match's events.FACTS from what the run read and wrote (processed, by _finish)."""
    home, away = match.home, match.away
    return {
        "league_id": match.league_id,
        "league__name": match.league.name,
        "home_id": home.pk,
        "home__name": home.name,
        "home__coach_id": home.coach_id,
        "away_id": away.pk,
        "away__name": away.name,
        "away__coach_id": away.coach_id,
        "home_score": match.home_score,
        "away_score": match.away_score,
        "status": Match.Status.PROCESSED.value,
        "season__name": match.season.name if match.season is not None else None,
        "submitted_by_id": match.submitted_by_id,
    }
