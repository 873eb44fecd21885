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


def season_rounds(season: Season, *, with_empty: bool = False) -> list[RoundView]:
    """The season's rounds with their matches and byes (three queries). A round with neither (a
    play-off round whose teams are not known yet) is left out unless `with_empty` (the fixtures
    page, where its dates are set): a page never shows a round without a fixture."""
    from matches.models import Match

    rounds = {r.pk: RoundView(r) for r in Round.objects.filter(season=season).order_by("number")}
    matches = Match.objects.filter(season=season, round__isnull=False).select_related("home", "away")
    for match in matches.order_by("round__number", "pk"):
        rounds[match.round_id].matches.append(match)
    for bye in Bye.objects.filter(round__season=season).select_related("team"):
        rounds[bye.round_id].byes.append(bye)
    return [view for view in rounds.values() if with_empty or view.matches or view.byes]


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


# --- league matches once the play-offs start (docs/decisions.md, "Regular fixtures once the play-offs start") ---

# A season's league matches (not play-off games) not played yet are closed once its play-offs
# start (its bracket exists, or the commissioner moved it to its play-offs), unless reopened.
NOT_PLAYED = ("scheduled", "prematch_done", "draft", "submitted")


def _playoffs_started() -> Q:
    return Q(status=Season.Status.PLAYOFFS) | Q(bracket__isnull=False)


def locked_q() -> Q:
    """The matches closed to play by their season's play-offs (whatever their status)."""
    started = Season.objects.filter(_playoffs_started()).values("pk")
    return Q(season__in=started, stage="", reopened_at__isnull=True)


def fixture_locked(match: Any) -> bool:
    """Whether `match` is a league match of a season whose play-offs have started, not reopened."""
    if match.season_id is None or match.stage or match.reopened_at is not None:
        return False
    return Season.objects.filter(_playoffs_started(), pk=match.season_id).exists()


def unplayed_league_matches(season: Season) -> list[Any]:
    """The season's league matches not played yet (fixtures and arranged matches), in round order."""
    from matches.models import Match

    return list(
        Match.objects.filter(season=season, stage="", status__in=NOT_PLAYED)
        .select_related("home", "away", "round")
        .order_by("round__number", "pk")
    )
