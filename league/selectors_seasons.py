"""Read-side queries of the season pages and calendar feeds, in a fixed number of queries
(none grows with the number of teams, rounds or matches)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet

from league.models import Bye, League, Round, Season, SeasonTeam


def league_seasons(league: League) -> QuerySet[Season]:
    return Season.objects.filter(league=league).select_related("winner").order_by("-number")


@dataclass
class RoundView:
    round: Round
    matches: list[Any] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)


def season_entries(season: Season) -> list[SeasonTeam]:
    return list(
        SeasonTeam.objects.filter(season=season).select_related("team", "team__coach").order_by("team__name", "pk")
    )


def season_rounds(season: Season) -> list[RoundView]:
    """The season's rounds with their matches and byes (three queries)."""
    from matches.models import Match

    rounds = {r.pk: RoundView(r) for r in Round.objects.filter(season=season).order_by("number")}
    matches = Match.objects.filter(season=season, round__isnull=False).select_related("home", "away")
    for match in matches.order_by("round__number", "pk"):
        rounds[match.round_id].matches.append(match)
    for bye in Bye.objects.filter(round__season=season).select_related("team"):
        rounds[bye.round_id].byes.append(bye)
    return list(rounds.values())


def season_unrounded_matches(season: Season) -> list[Any]:
    """Matches of the season arranged by coaches (no round)."""
    from matches.models import Match

    return list(
        Match.objects.filter(season=season, round__isnull=True)
        .select_related("home", "away")
        .order_by("played_on", "created_at", "pk")
    )


def calendar_matches(*, league: League | None = None, team_id: int | None = None) -> QuerySet:
    """Matches of seasons that have a day: their round's first day or the day they were played."""
    from matches.models import Match

    matches = Match.objects.filter(season__isnull=False).filter(
        Q(round__starts_on__isnull=False) | Q(played_on__isnull=False)
    )
    if league is not None:
        matches = matches.filter(league=league)
    if team_id is not None:
        matches = matches.filter(Q(home_id=team_id) | Q(away_id=team_id))
    return matches.select_related("home", "away", "round", "season", "league").order_by("season__number", "pk")
