"""The events a season's services publish (league.core.events): its fixtures published or changed,
its regular season and its play-offs started, told to every coach of its teams (the commissioner
who acted excepted). Published in the service's transaction: delivered once it commits."""

from __future__ import annotations

from typing import Any

from league.competitions.seasons.models import Season, SeasonTeam
from league.core.events import Event, publish
from teams.models import Team


def season_coaches(season: Season) -> tuple[int, ...]:
    """The coaches of the season's approved teams, each once."""
    entered = SeasonTeam.objects.filter(season=season, status=SeasonTeam.Status.APPROVED).values("team_id")
    return tuple(Team.objects.filter(pk__in=entered).order_by("coach_id").values_list("coach_id", flat=True).distinct())


def publish_season(kind: str, season: Season, by: Any, words: dict[str, str | int] | None = None, **more: Any) -> None:
    """One event about the season (`words`: more for the message and the data; `more`: the data only)."""
    league = season.league
    params = {"league": league.name, "season": season.name, **(words or {})}
    data = {
        "league": league.name,
        "season": season.name,
        "season_id": season.pk,
        "number": season.number,
        "status": season.status,
        **(words or {}),
        **more,
    }
    publish(
        Event(
            kind,
            league.pk,
            recipients=season_coaches(season),
            params=params,
            path=season.get_absolute_url(),
            actor_id=getattr(by, "pk", None),
            data=data,
        )
    )
