"""A match as the match-flow API shows it: where it stands, its teams, its result, and what the
caller may do next (the buttons the match page would show him, as links to the API)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from league.core.permissions import can_manage_team, is_commissioner
from matches.hooks import fixture_locked
from matches.models import Match
from matches.selectors.decisions import match_pending_decisions
from matches.services import may_correct, may_review, may_withdraw
from matches.services.common import IN_PLAY, match_ruleset, side_of_user
from matches.services.corrections import inputs_of
from matches.services.inducements import SIDES, prematch_state
from matches.services.prematch import expected_squad, may_declare

S = Match.Status
WITH_RESULT = (S.DRAFT, S.SUBMITTED, S.CONFIRMED, S.PROCESSING, S.PROCESSED, S.FAILED, S.VOID)


def is_participant(user: Any, match: Match) -> bool:
    """One of the two coaches or a commissioner of the league (as the match pages decide)."""
    return is_commissioner(user, match.league) or side_of_user(match, user) is not None


def _url(name: str, *args: Any) -> str:
    return reverse(name, args=args)


def _prematch(match: Match, user: Any, actions: list[dict[str, str]]) -> dict[str, Any]:
    """The step the pre-match waits for (petty cash or inducements from a side, or the record),
    and the caller's action when it is his to take."""
    ruleset = match_ruleset(match)
    state = prematch_state(match, ruleset, {side: expected_squad(match.team(side), ruleset)[0] for side in SIDES})
    pk = match.pk
    if state.step == "petty_cash" and state.side and may_declare(match, state.side, user):
        actions.append({"action": "petty_cash", "side": state.side, "url": _url("api-matches-petty-cash", pk)})
    elif state.step == "inducements" and state.side and may_declare(match, state.side, user):
        actions.append({"action": "inducements", "side": state.side, "url": _url("api-matches-inducements", pk)})
    elif state.step not in ("petty_cash", "inducements"):
        actions.append({"action": "prematch", "url": _url("api-matches-prematch", pk)})
    return {"awaiting": state.step, "side": state.side}


def _decisions(match: Match, user: Any) -> list[dict[str, Any]]:
    """The coach's decisions the processed match still waits for, with their options."""
    found = []
    for group in match_pending_decisions(match):
        entry = group.type
        for item in group.items:
            team = entry.team(item)
            groups = entry.groups(item, entry.ruleset(item))
            found.append(
                {
                    "kind": entry.kind,
                    "id": item.pk,
                    "team": team.pk,
                    "may_choose": can_manage_team(user, team),
                    "options": [
                        {"key": key, "label": str(label)} for _group, options in groups for key, label in options
                    ],
                    "url": _url("api-matches-decision", entry.kind, item.pk),
                }
            )
    return found


def match_data(match: Match, user: Any) -> dict[str, Any]:
    locked = match.status in IN_PLAY and fixture_locked(match)
    participant = is_participant(user, match) and not locked
    actions: list[dict[str, str]] = []
    data: dict[str, Any] = {
        "id": match.pk,
        "url": match.get_absolute_url(),
        "league": match.league.slug,
        "status": match.status,
        "home": {"team": match.home_id, "name": match.home.name, "coach": match.home.coach.get_username()},
        "away": {"team": match.away_id, "name": match.away.name, "coach": match.away.coach.get_username()},
        "played_on": match.played_on.isoformat() if match.played_on else None,
        "locked": locked,
        "prematch": None,
        "weather": match.weather,
        "result": inputs_of(match) if match.status in WITH_RESULT else None,
        "sent_back_reason": match.sent_back_reason,
        "failure_reason": match.failure_reason,
        "decisions": _decisions(match, user) if match.status == S.PROCESSED else [],
    }
    pk = match.pk
    if participant and match.status == S.SCHEDULED:
        data["prematch"] = _prematch(match, user, actions)
    if participant and (match.status in (S.PREMATCH_DONE, S.DRAFT) or may_correct(user, match)):
        actions.append({"action": "save_draft", "url": _url("api-matches-result", pk)})
    if participant and match.status == S.DRAFT:
        actions.append({"action": "submit", "url": _url("api-matches-submit", pk)})
    if participant and may_review(user, match):
        actions.append({"action": "confirm", "url": _url("api-matches-confirm", pk)})
        actions.append({"action": "send_back", "url": _url("api-matches-send-back", pk)})
    if participant and may_withdraw(user, match):
        actions.append({"action": "withdraw", "url": _url("api-matches-withdraw", pk)})
    actions += [
        {"action": "decide", "kind": d["kind"], "id": str(d["id"]), "url": d["url"]}
        for d in data["decisions"]
        if d["may_choose"]
    ]
    data["next"] = actions
    return data
