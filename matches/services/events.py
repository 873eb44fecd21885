"""The events a match's services publish (league.core.events): who is told, and with what.

Each event is read from the match's row as it stands in the publishing transaction (one query), so
it says the result the transaction wrote, whatever the caller holds in memory. The hub delivers it
once that transaction commits: a refused or rolled-back action tells nobody.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import CharField, Value

from league.core.events import Event, publish
from league.core.models import League
from league.core.selectors import commissioners
from matches.models import Match, PendingDecision
from teams.models import ImprovementRoll

FACTS = (
    "league_id",
    "league__name",
    "home_id",
    "home__name",
    "home__coach_id",
    "away_id",
    "away__name",
    "away__coach_id",
    "home_score",
    "away_score",
    "status",
    "season__name",
    "submitted_by_id",
)


def _facts(match_id: int) -> dict[str, Any]:
    facts: dict[str, Any] = Match.objects.filter(pk=match_id).values(*FACTS).get()
    return facts


def _score(facts: dict[str, Any]) -> str:
    home, away = facts["home_score"], facts["away_score"]
    return "" if home is None or away is None else f"{home}-{away}"


def _team_of(facts: dict[str, Any], coach_id: int) -> str:
    """The name of the coach's team in the match (both, joined, if he coaches both)."""
    names = [facts[f"{side}__name"] for side in ("home", "away") if facts[f"{side}__coach_id"] == coach_id]
    return " / ".join(names)


def coaches_of(facts: dict[str, Any]) -> tuple[int, ...]:
    return tuple(dict.fromkeys(facts[f"{side}__coach_id"] for side in ("home", "away")))


def publish_match(
    kind: str,
    match_id: int,
    *,
    to: str = "coaches",
    actor: Any = None,
    recipients: tuple[int, ...] | None = None,
    words: dict[str, str | int] | None = None,
    more: dict[str, Any] | None = None,
    facts: dict[str, Any] | None = None,
) -> None:
    """Publish one event about a match. `to`: "coaches" (both, the actor excepted), "submitter"
    (whoever submitted its result) or "commissioners"; `recipients` names them instead; `words`:
    more for the message and the data (a reason...); `more`: more for the data only; `facts`: the
    match's FACTS already read."""
    facts = _facts(match_id) if facts is None else facts
    if recipients is None:
        recipients = _recipients(facts, to)
    score = _score(facts)
    params = {
        "league": facts["league__name"],
        "home": facts["home__name"],
        "away": facts["away__name"],
        "score": score,
        # the notifications' words (league/notices/words.py) name the score by side
        "home_score": "" if facts["home_score"] is None else facts["home_score"],
        "away_score": "" if facts["away_score"] is None else facts["away_score"],
        "season": facts["season__name"] or "",
        **(words or {}),
    }
    data = {
        "match": match_id,
        "league": facts["league__name"],
        "season": facts["season__name"],
        "home": facts["home__name"],
        "away": facts["away__name"],
        "home_id": facts["home_id"],
        "away_id": facts["away_id"],
        "home_score": facts["home_score"],
        "away_score": facts["away_score"],
        "status": facts["status"],
        **(words or {}),
        **(more or {}),
    }
    publish(
        Event(
            kind,
            facts["league_id"],
            recipients=tuple(recipients),
            params=params,
            path=Match(pk=match_id).get_absolute_url(),
            actor_id=getattr(actor, "pk", actor),
            data=data,
        )
    )


def _recipients(facts: dict[str, Any], to: str) -> tuple[int, ...]:
    if to == "commissioners":
        return commissioners(League.objects.only("commissioner_id").get(pk=facts["league_id"]))
    if to == "submitter":
        return () if facts["submitted_by_id"] is None else (facts["submitted_by_id"],)
    return coaches_of(facts)


def publish_decisions_waiting(match_id: int) -> None:
    """One `decision.waiting` per coach whose teams the processed match left something to decide:
    improvement rolls to choose from, and the other kinds kept as PendingDecision rows (a hire...).
    One read, the match's facts with it: the post-match sequence keeps to its query budget
    (tests/tasks/test_postgame_queries.py)."""
    facts_of = [f"match__{name}" for name in FACTS]
    rolls = (
        ImprovementRoll.objects.filter(match_id=match_id, advancement__isnull=True)
        .order_by()
        .values_list("player__team__coach_id", Value("improvement", output_field=CharField()), *facts_of)
    )
    stored = (
        PendingDecision.objects.filter(match_id=match_id, choice="")
        .order_by()
        .values_list("team__coach_id", "kind", *facts_of)
    )
    waiting: dict[int, dict[str, int]] = defaultdict(dict)
    facts: dict[str, Any] = {}
    for coach_id, kind, *values in rolls.union(stored, all=True):
        waiting[coach_id][kind] = waiting[coach_id].get(kind, 0) + 1
        facts = dict(zip(FACTS, values, strict=True))
    publish_decisions_left(match_id, waiting, facts)


def publish_decisions_left(match_id: int, waiting: dict[int, dict[str, int]], facts: dict[str, Any]) -> None:
    """publish_decisions_waiting's events from what the run knows it left (coach -> kind -> how
    many) and the match's FACTS as it holds them: no read."""
    for coach_id, found in sorted(waiting.items()):
        # Improvements first, as the coach's to-do lists them; UNION ALL promises no order.
        kinds = {kind: found[kind] for kind in sorted(found, key=lambda kind: (kind != "improvement", kind))}
        publish_match(
            "decision.waiting",
            match_id,
            recipients=(coach_id,),
            words={"decision": ", ".join(kinds), "count": sum(kinds.values()), "team": _team_of(facts, coach_id)},
            more={"decisions": dict(kinds), "coach": coach_id},
            facts=facts,
        )
