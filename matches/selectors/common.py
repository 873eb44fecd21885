"""Read-side queries of matches shown outside the match's own sheet: the history of a result
(from the audit log), the results waiting for a team's coach and everything waiting for a user."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.urls import reverse

from league.core.audit import action_label
from league.core.models import AuditEntry, League, Membership
from matches.hooks import challenges_waiting, locked_q
from matches.models import Match, MatchEffect, MatchPlayer
from matches.selectors.corrections import proposals_waiting, recent_corrections
from matches.selectors.decisions import coach_pending_decisions
from matches.selectors.dice_asked import dice_asked_waiting
from matches.selectors.held import held_waiting
from matches.selectors.prematch import prematch_states
from matches.services.dispute import submitter_side
from matches.services.inducements import PrematchState
from teams.models import ImprovementRoll, Player, Team

RESULT_ACTIONS = (
    "matches.match.imported",
    "matches.result.saved",
    "matches.result.submitted",
    "matches.result.sent_back",
    "matches.result.withdrawn",
    "matches.result.corrected",
    "matches.result.confirmed",
    "matches.correction.applied",  # a processed match corrected or voided (matches.services.corrections)
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
            "kind": (e.data or {}).get("kind", ""),
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
            kind = _result_kind(match, side)
            if kind is not None:
                waiting.append({"team": team, "match": match, "kind": kind})
    return waiting


def _result_kind(match: Match, side: str) -> str | None:
    """What a submitted or sent-back result asks of one side's coach: correct it (sent back by the
    other side or a commissioner), confirm it (submitted by the other side), or nothing."""
    team = match.team(side)
    if match.status == Match.Status.DRAFT and match.sent_back_at is not None and match.sent_back_by_id != team.coach_id:
        return "sent_back"
    if match.status == Match.Status.SUBMITTED and submitter_side(match) != side:
        return "to_confirm"
    return None


# What a scheduled match's pre-match waits for (PrematchState.step) -> the to-do's kind.
PREMATCH_KINDS = {"petty_cash": "to_petty_cash", "inducements": "to_induce", "record": "to_play"}


def _match_kind(match: Match, side: str, prematch: dict[int, PrematchState]) -> str | None:
    """The step of a match its coach on `side` has to take, if any: in the pre-match, his petty
    cash or his inducements when it is his side's turn, then recording it (either coach)."""
    if match.status == Match.Status.SCHEDULED:
        state = prematch[match.pk]
        return PREMATCH_KINDS[state.step] if state.side in (None, side) else None
    if match.status == Match.Status.PREMATCH_DONE:
        return "to_enter"
    if match.status == Match.Status.DRAFT and match.sent_back_at is None:
        return "to_submit"
    return _result_kind(match, side)


# Where each kind of action is taken (a URL name of the matches app, with the match's pk).
ACTION_URLS = {
    "to_play": "matches:prematch",
    "to_petty_cash": "matches:prematch",
    "to_induce": "matches:prematch",
    "to_enter": "matches:result",
    "to_submit": "matches:result",
    "sent_back": "matches:result",
    "to_confirm": "matches:confirm",
    "to_review": "matches:confirm",
}
OPEN_STATUSES = (
    Match.Status.SCHEDULED,
    Match.Status.PREMATCH_DONE,
    Match.Status.DRAFT,
    Match.Status.SUBMITTED,
)


def actions_waiting(user: Any) -> dict[str, list[Any]]:
    """Everything waiting for a user, in a few queries whatever the number of his teams or matches:
    per match of his teams, the step his side has to take (his petty cash or inducements when it is
    his turn, record the pre-match, enter or submit the result, confirm or correct it); the results
    submitted in the leagues he is a commissioner of, that he does not coach; the improvements his
    players have to choose and his teams' other decisions after a match (matches.decisions); and
    the challenges waiting for his answer or ruling
    (league.competitions.challenges.selectors). Beside them, for him to read (no action, so not
    counted by the menu's badge): the corrections of processed matches that moved his teams lately.

    A match between two teams of the same coach is listed once. A site administrator is not a
    commissioner of every league here: only the leagues he runs or co-runs fill his list."""
    if user is None or not user.is_authenticated:
        return {
            "matches": [],
            "improvements": [],
            "decisions": [],
            "challenges": [],
            "corrections": [],
            "proposals": [],
            "held": [],
            "dice": [],
        }
    commissioned = League.objects.filter(
        Q(commissioner_id=user.pk)
        | Q(pk__in=Membership.objects.filter(user_id=user.pk, role=Membership.Role.COMMISSIONER).values("league_id"))
    ).values("pk")
    mine = Q(home__coach_id=user.pk) | Q(away__coach_id=user.pk)
    matches: Iterable[Match] = (
        Match.objects.filter(status__in=OPEN_STATUSES)
        .filter(mine | Q(status=Match.Status.SUBMITTED, league__in=commissioned))
        .exclude(locked_q())  # closed by the play-offs: nothing to do until reopened
        .select_related("league", "home", "away", "sent_back_by", "submitted_by")
        .order_by("played_on", "created_at", "pk")
    )
    matches = list(matches)
    prematch = prematch_states(matches)
    items = []
    for match in matches:
        sides = [side for side in ("home", "away") if match.team(side).coach_id == user.pk]
        kind = None
        for side in sides:
            kind = _match_kind(match, side, prematch)
            if kind is not None:
                break
        if not sides and match.status == Match.Status.SUBMITTED:
            kind, side = "to_review", ""
        if kind is None:
            continue
        items.append(
            {
                "kind": kind,
                "match": match,
                "team": match.team(side) if side else None,
                "opponent": match.team("away" if side == "home" else "home") if side else None,
                "url": reverse(ACTION_URLS[kind], kwargs={"pk": match.pk}),
            }
        )
    rolls = list(
        ImprovementRoll.objects.filter(player__team__coach_id=user.pk, advancement__isnull=True)
        .select_related("player__team", "match")
        .order_by("created_at", "pk")
    )
    return {
        "matches": items,
        "improvements": rolls,
        "decisions": coach_pending_decisions(user),
        "challenges": challenges_waiting(user),
        "corrections": recent_corrections(user),
        "proposals": proposals_waiting(user),  # a correction the other coach proposed, to accept
        "held": held_waiting(user),  # lines a history change made impossible, for the commissioner to settle
        "dice": dice_asked_waiting(user),  # dice a history change newly needs, asked of his teams
    }


PLAYED_STATUSES = (
    *(Match.Status.CONFIRMED, Match.Status.PROCESSING, Match.Status.PROCESSED, Match.Status.FAILED),
    Match.Status.HELD,  # waiting for the commissioner (matches.services.held)
)


def team_matches(team: Team) -> list[dict[str, Any]]:
    """A team's matches, newest first, each from the team's side: the opponent, the score (for,
    against) once entered and the outcome (W, D or L) once the result is confirmed. One query."""
    matches = (
        Match.objects.filter(Q(home=team) | Q(away=team))
        .select_related("home", "away", "round")
        .order_by("-played_on", "-created_at", "-pk")
    )
    rows = []
    for match in matches:
        side = match.side_of(team.pk)
        other = "away" if side == "home" else "home"
        scored, conceded = getattr(match, f"{side}_score"), getattr(match, f"{other}_score")
        outcome = ""
        if match.status in PLAYED_STATUSES and scored is not None and conceded is not None:
            outcome = "W" if scored > conceded else "L" if scored < conceded else "D"
            if outcome == "D" and match.shootout_winner:  # a level score the shoot-out decided
                outcome = "W" if match.shootout_winner == side else "L"
        rows.append(
            {
                "match": match,
                "opponent": match.team(other),
                "home": side == "home",
                "scored": scored,
                "conceded": conceded,
                "outcome": outcome,
            }
        )
    return rows


def player_career(player: Player) -> dict[str, Any]:
    """A player's processed matches (his line, whether he was MVP) and his SPP by kind of action,
    from the post-match effects; two queries whatever the length of his career."""
    lines = list(
        MatchPlayer.objects.filter(player=player, match__status=Match.Status.PROCESSED)
        .select_related("match__home", "match__away")
        .order_by("match__played_on", "match__confirmed_at", "match__pk")
    )
    effects = MatchEffect.objects.filter(player=player, kind__in=("spp", "mvp"), match__status=Match.Status.PROCESSED)
    spp_by_kind: dict[str, int] = {}
    mvps: dict[int, int] = {}
    for match_id, kind, data in effects.values_list("match_id", "kind", "data"):
        action = "mvp" if kind == "mvp" else (data or {}).get("reason") or kind
        spp_by_kind[action] = spp_by_kind.get(action, 0) + int((data or {}).get("spp") or 0)
        if kind == "mvp":
            mvps[match_id] = mvps.get(match_id, 0) + 1
    matches = []
    for line in lines:
        match = line.match
        other = "away" if line.side == "home" else "home"
        matches.append({"line": line, "match": match, "opponent": match.team(other), "mvp": mvps.get(match.pk, 0)})
    return {"matches": matches, "spp_by_kind": spp_by_kind}


LATEST_RESULTS = 10


def latest_results(league: League, limit: int = LATEST_RESULTS) -> list[Match]:
    """The league's last confirmed results, newest confirmation first (one query)."""
    return list(
        Match.objects.filter(league=league, status__in=PLAYED_STATUSES)
        .select_related("home", "away")
        .order_by("-confirmed_at", "-pk")[:limit]
    )


def played_matches(team: Team) -> list[Match]:
    """A team's played matches in the order they were played, with both teams (its charts)."""
    return list(
        Match.objects.filter(Q(home=team) | Q(away=team), status__in=PLAYED_STATUSES)
        .select_related("home", "away")
        .order_by("sequence", "played_on", "confirmed_at", "pk")
    )


# --- What the match pages read (matches/views/) ---


def match_or_404(pk: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related(
            "league", "home__coach", "away__coach", "submitted_by", "confirmed_by", "season__league", "round"
        )
        # The house rules once: every part of the page reads the league's ruleset through them.
        .prefetch_related("league__house_rules"),
        pk=pk,
    )


def improvement_roll_or_404(pk: int) -> ImprovementRoll:
    related = ("player__team__league", "player__team__coach", "match__home", "match__away")
    return get_object_or_404(ImprovementRoll.objects.select_related(*related), pk=pk)


def unchosen_rolls(match: Match) -> list[ImprovementRoll]:
    """The match's improvement rolls still waiting for their coach's choice, team by team."""
    return list(
        ImprovementRoll.objects.filter(match=match, advancement__isnull=True)
        .select_related("player__team__league")
        .order_by("player__team", "player__number", "index")
    )
