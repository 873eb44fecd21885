"""What the correction pages read (matches.services.corrections writes): a correction, a match's
corrections, the applied ones that moved a team, the ones a coach's to-do shows, and the names of
a match's post-match dice. A constant number of queries each, whatever the league's size."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from league.rules.postmatch import request_for_key
from matches.models import Match, MatchCorrection
from matches.services.common import match_ruleset
from matches.services.corrections import inputs_of
from matches.services.snapshot import build_report
from matches.services.wording import input_label, input_names
from teams.models import Team

# A coach's to-do shows the applied corrections that moved one of his teams this long (the
# coaches are told of a change made to their history without having to look for it).
RECENT_DAYS = 14
# The team page lists the corrections that moved the team, newest first, up to this many.
TEAM_CORRECTIONS = 20

APPLIED = MatchCorrection.Status.APPLIED


def _with_match(rows: QuerySet[MatchCorrection]) -> QuerySet[MatchCorrection]:
    return rows.select_related("match__league", "match__home", "match__away", "created_by")


def correction_or_404(pk: int) -> MatchCorrection:
    return get_object_or_404(_with_match(MatchCorrection.objects.all()), pk=pk)


def stored_inputs(match: Match) -> dict[str, Any]:
    """The match's inputs as a correction starts from them (its result sheet, dice and decisions)."""
    return inputs_of(match)


def moved_team_ids(moved: dict[str, Any] | None) -> set[int]:
    """The teams a correction's replay moved (its preview or what it moved once applied)."""
    return {team["id"] for team in (moved or {}).get("teams", [])}


def match_corrections(match: Match) -> list[MatchCorrection]:
    """The match's corrections, oldest first; the discarded drafts left out."""
    return list(
        MatchCorrection.objects.filter(match=match)
        .exclude(status=MatchCorrection.Status.DISCARDED)
        .select_related("created_by")
        .order_by("created_at", "pk")
    )


def void_correction(match: Match) -> MatchCorrection | None:
    """The applied correction that made the match void (its reason is the match page's)."""
    return (
        MatchCorrection.objects.filter(match=match, status=APPLIED, kind=MatchCorrection.Kind.VOID)
        .select_related("created_by")
        .order_by("-applied_at", "-pk")
        .first()
    )


def team_corrections(team: Team) -> list[tuple[MatchCorrection, dict[str, Any]]]:
    """The applied corrections that moved the team (a replay may reach a team that did not play the
    corrected match), newest first, each with the team's part of what it moved. What moved is kept
    as JSON, which SQLite cannot search: the league's applied corrections are read (few: a
    correction is the commissioner's exception) and filtered here."""
    rows = _with_match(MatchCorrection.objects.filter(match__league_id=team.league_id, status=APPLIED)).order_by(
        "-applied_at", "-pk"
    )
    found = []
    for correction in rows:
        part = next((t for t in (correction.moved or {}).get("teams", []) if t["id"] == team.pk), None)
        if part is not None:
            found.append((correction, part))
            if len(found) == TEAM_CORRECTIONS:
                break
    return found


def recent_corrections(user: Any) -> list[dict[str, Any]]:
    """The corrections applied in the last RECENT_DAYS days that moved a team of the user's (or
    changed a match one of them played), newest first, with the names of his teams concerned."""
    if user is None or not user.is_authenticated:
        return []
    mine = {pk: name for pk, name in Team.objects.filter(coach_id=user.pk).values_list("pk", "name")}
    if not mine:
        return []
    since = timezone.now() - timedelta(days=RECENT_DAYS)
    leagues = Team.objects.filter(coach_id=user.pk).values("league_id")
    rows = _with_match(
        MatchCorrection.objects.filter(status=APPLIED, applied_at__gte=since, match__league_id__in=leagues)
    ).order_by("-applied_at", "-pk")
    items = []
    for correction in rows:
        match = correction.match
        touched = moved_team_ids(correction.moved) | {match.home_id, match.away_id}
        teams = sorted(mine[pk] for pk in touched if pk in mine)
        if teams:
            items.append({"correction": correction, "match": match, "teams": teams})
    return items


def proposals_waiting(user: Any) -> list[MatchCorrection]:
    """The corrections a coach proposed, where the league lets both coaches correct together, that
    wait for this user's acceptance as the match's other coach (League.coaches_correct)."""
    if user is None or not user.is_authenticated:
        return []
    rows = _with_match(
        MatchCorrection.objects.filter(status=MatchCorrection.Status.DRAFT, match__league__coaches_correct=True)
        .filter(Q(match__home__coach_id=user.pk) | Q(match__away__coach_id=user.pk))
        .exclude(created_by_id=user.pk)
    ).order_by("created_at", "pk")
    found = []
    for correction in rows:
        match = correction.match
        author = correction.created_by_id
        if author in (match.home.coach_id, match.away.coach_id):  # a coach's proposal, not a commissioner's draft
            found.append(correction)
    return found


def dice_labels(match: Match, keys: Iterable[str]) -> dict[str, str]:
    """Each post-match die's name as the dice page words it (“Winnings die, Reavers”), read off its
    key: a die the corrected result no longer asks for is named too."""
    keys = list(keys)
    if not keys:
        return {}
    report = build_report(match)
    names = input_names(match, report, match_ruleset(match), keys)
    return {key: input_label(match, request_for_key(report, key), names) for key in keys}


def moved_dice_labels(moved: dict[str, Any] | None) -> dict[tuple[int, str], str]:
    """The names of the dice a replay kept, set aside or rolled (a preview's or an applied
    correction's "dice"), by (match, key), as the dice page words them, in the reader's language."""
    keys: dict[int, set[str]] = {}
    for item in (moved or {}).get("dice") or []:
        if isinstance(item.get("match"), int):
            keys.setdefault(item["match"], set()).add(str(item["key"]))
    if not keys:
        return {}
    labels = {}
    for match in Match.objects.filter(pk__in=list(keys)).select_related("league", "home", "away"):
        for key, label in dice_labels(match, sorted(keys[match.pk])).items():
            labels[(match.pk, key)] = label
    return labels
