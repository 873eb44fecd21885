"""What the league home shows of the current season: the table's top, the next fixtures and the
leaders, each in one query whatever the number of teams or matches."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, F, IntegerField, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Cast, Coalesce
from django.shortcuts import get_object_or_404

from league.competitions.seasons.models import Season
from league.competitions.seasons.selectors import locked_q
from league.competitions.standings.table import PLAYED
from league.core.models import League
from teams.models import Player, Team

LEADERS = 5
NEXT_FIXTURES = 6
HOME_TABLE_ROWS = 8
OPEN = ("scheduled", "prematch_done", "draft", "submitted")


def current_season(league: League) -> Season | None:
    """The latest season out of its draft, if any (a closed one stays current until the next)."""
    return (
        Season.objects.filter(league=league)
        .exclude(status=Season.Status.DRAFT)
        .select_related("league", "winner")
        .order_by("-number")
        .first()
    )


def next_fixtures(season: Season, limit: int = NEXT_FIXTURES) -> list[Any]:
    """The season's matches not played yet, by round then date."""
    from matches.models import Match

    return list(
        Match.objects.filter(season=season, status__in=OPEN)
        .exclude(locked_q())  # closed by the play-offs: not to be played
        .select_related("home", "away", "round")
        .order_by("round__number", "played_on", "pk")[:limit]
    )


def _leaders(rows: Any, total: Any, limit: int) -> list[Player]:
    # filter() before annotate(): the sum reads only the joined rows of this season.
    return list(
        rows.annotate(total=total).filter(total__gt=0).select_related("team").order_by("-total", "name", "pk")[:limit]
    )


def season_leaders(season: Season, limit: int = LEADERS) -> dict[str, list[Player]]:
    """The home's leaders: read from the totals kept at write time when they are up to date
    (league.competitions.derived.read.season_leaders), else computed."""
    from league.competitions.derived.read import season_leaders as kept

    found = kept(season, limit)
    return computed_season_leaders(season, limit) if found is None else found


def computed_season_leaders(season: Season, limit: int = LEADERS) -> dict[str, list[Player]]:
    """Top scorers, casualty makers (the casualties credited on the report lines, as the table
    counts them) and SPP earners of the season's matches (the post-match sequence's SPP effects,
    MVP included, of its processed matches); three queries."""
    lines = Player.objects.filter(match_lines__match__season=season, match_lines__match__status__in=PLAYED)
    effects = Player.objects.filter(
        match_effects__match__season=season,
        match_effects__match__status="processed",
        match_effects__kind__in=("spp", "mvp"),
    )
    return {
        "touchdowns": _leaders(lines, Sum("match_lines__touchdowns"), limit),
        "casualties": _leaders(lines, Sum("match_lines__casualties"), limit),
        "spp": _leaders(effects, Sum(Cast(F("match_effects__data__spp"), IntegerField())), limit),
    }


def league_home_or_404(slug: str) -> League:
    """The league for its home page: its commissioner, its house rules and, in the same query, its
    number of teams (a subquery: no join multiplying the house rules)."""
    count = Team.objects.filter(league=OuterRef("pk")).values("league").annotate(n=Count("pk")).values("n")
    return get_object_or_404(
        League.objects.select_related("commissioner")
        .prefetch_related("house_rules")
        .annotate(team_count=Coalesce(Subquery(count, output_field=IntegerField()), Value(0))),
        slug=slug,
    )
