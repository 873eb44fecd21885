"""Read-side queries of league challenges shown outside the season's challenge page: what a
challenge waits for, and from whom (the to-do on the home page and its count in the menu)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone

from league.competitions.challenges.models import Challenge
from league.competitions.seasons.models import Season, SeasonTeam
from league.core.models import League, Membership
from teams.models import Team


def challenges_waiting(user: Any) -> list[dict[str, Any]]:
    """The challenges waiting for a user, in one query: those his team was challenged in and may
    still answer before the deadline (p.31: the challenged coach answers), those his team
    was named the replacement in and may agree to, and, in the leagues he runs, the late answers
    the commissioner rules on. The same conditions as the buttons of the challenge page."""
    if user is None or not user.is_authenticated:
        return []
    now = timezone.now()
    commissioned = League.objects.filter(
        Q(commissioner_id=user.pk)
        | Q(pk__in=Membership.objects.filter(user_id=user.pk, role=Membership.Role.COMMISSIONER).values("league_id"))
    ).values("pk")
    answer = Q(status=Challenge.Status.PENDING, challenged__coach_id=user.pk, deadline__gte=now)
    agree = Q(status=Challenge.Status.REPLACING, replacement__coach_id=user.pk)
    rule = Q(status__in=Challenge.OPEN, deadline__lt=now, season__league__in=commissioned)
    challenges = (
        Challenge.objects.filter(season__status=Season.Status.REGULAR)
        .filter(answer | agree | rule)
        .select_related("season__league", "challenger", "challenged", "replacement")
        .order_by("deadline", "pk")
    )
    items = []
    for challenge in challenges:
        if (
            challenge.replacement is not None
            and challenge.status == Challenge.Status.REPLACING
            and challenge.replacement.coach_id == user.pk
        ):
            kind = "to_agree"
        elif challenge.challenged.coach_id == user.pk and challenge.deadline >= now:
            kind = "to_answer"
        else:
            kind = "to_rule"
        url = reverse(
            "league:season_challenges",
            kwargs={"slug": challenge.season.league.slug, "number": challenge.season.number},
        )
        items.append({"kind": kind, "challenge": challenge, "url": f"{url}#challenge-{challenge.pk}"})
    return items


# --- What the challenges page reads (league/competitions/challenges/views.py) ---


def league_team_or_404(league: League, pk: int | None) -> Team:
    """A team of the league, with its coach (the services check its season)."""
    return get_object_or_404(Team.objects.select_related("coach"), pk=pk, league=league)


def season_challenge_or_404(season: Season, pk: int) -> Challenge:
    challenge = get_object_or_404(
        Challenge.objects.select_related("challenger", "challenged", "replacement", "match"), pk=pk, season=season
    )
    challenge.season = season
    return challenge


def approved_teams_with_coaches(season: Season) -> list[Team]:
    entries = Q(season_entries__season=season, season_entries__status=SeasonTeam.Status.APPROVED)
    return list(Team.objects.filter(entries).select_related("coach").order_by("name", "pk"))


def season_challenges(season: Season) -> QuerySet[Challenge]:
    """A season's challenges, the latest first, with their teams' coaches, match and author."""
    return season.challenges.select_related(
        "challenger__coach", "challenged__coach", "replacement__coach", "match", "created_by"
    ).order_by("-created_at", "-pk")
