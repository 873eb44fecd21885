"""What the standings and play-off pages read besides the table itself (league/competitions/standings/table.py
computes it and league/competitions/standings/cache.py keeps it): one query each."""

from __future__ import annotations

from collections.abc import Iterable

from django.shortcuts import get_object_or_404

from league.competitions.seasons.models import Bracket, BracketGame, Round, Season, StandingsLot
from league.core.models import AuditEntry, League
from teams.models import Team


def season_or_404(slug: str, number: int) -> Season:
    """The league's season by number, with its league and winner."""
    return get_object_or_404(Season.objects.select_related("league", "winner"), league__slug=slug, number=number)


def teams_by_id(ids: Iterable[int | str]) -> dict[int | str, Team]:
    return Team.objects.in_bulk(list(ids))


def team_names(ids: Iterable[int]) -> dict[int, str]:
    return dict(Team.objects.filter(pk__in=list(ids)).values_list("pk", "name"))


def season_lots(season: Season) -> list[StandingsLot]:
    """The lots drawn for the season's ties, by tie and value."""
    return list(StandingsLot.objects.filter(season=season).select_related("team").order_by("key", "-value"))


def standings_changes(league: League, limit: int = 50) -> list[AuditEntry]:
    """The latest changes of the league's points scheme and tie-breakers, with who made them."""
    entries = AuditEntry.objects.filter(league=league, action="league.standings.changed").select_related("actor")
    return list(entries[:limit])


def season_bracket(season: Season) -> Bracket | None:
    return Bracket.objects.filter(season=season).first()


def bracket_games(bracket: Bracket) -> list[BracketGame]:
    """The bracket's games with their matches."""
    return list(bracket.games.select_related("match"))


def playoff_rounds(bracket: Bracket) -> dict[int, Round]:
    """The season's play-off rounds by number."""
    rounds = Round.objects.filter(season_id=bracket.season_id, phase=Round.Phase.PLAYOFF)
    return {r.number: r for r in rounds}
