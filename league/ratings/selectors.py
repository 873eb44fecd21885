"""Reading the ratings: a subject's rating now, its history in play order, the league's tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, OuterRef, Subquery

from league.core.models import League
from league.ratings import elo
from league.ratings.models import RatingEntry
from matches.models import Match
from teams.models import Team

Kind = RatingEntry.Kind


@dataclass(frozen=True)
class Step:
    """One match in a subject's history: the rating after it and what moved it."""

    match_id: int
    sequence: str
    before: int
    after: int
    delta: int
    opponent: str
    played_on: Any

    @property
    def after_points(self) -> str:
        return elo.points(self.after)

    @property
    def delta_points(self) -> str:
        return ("+" if self.delta > 0 else "") + elo.points(self.delta)


@dataclass(frozen=True)
class Rated:
    """A row of the league's ratings table."""

    subject: int
    name: str
    rating: int
    games: int
    position: int = 0

    @property
    def points(self) -> str:
        return elo.points(self.rating)


def start_rating(league: League) -> int:
    return league.rating_start * elo.TENTHS


def current_ratings(league: League, kind: str, subjects: list[int] | None = None) -> dict[int, int]:
    """Each subject's rating after its last rated match (subjects with no match are left out)."""
    entries = RatingEntry.objects.filter(league=league, kind=kind)
    if subjects is not None:
        entries = entries.filter(subject__in=subjects)
    last = entries.filter(subject=OuterRef("subject")).order_by("-sequence", "-match_id").values("pk")[:1]
    rows = entries.filter(pk=Subquery(last)).values_list("subject", "after")
    return dict(rows)


def rating_of(league: League, kind: str, subject: int) -> int:
    """A coach's or team's rating now: the league's start before its first rated match."""
    return current_ratings(league, kind, [subject]).get(subject, start_rating(league))


def team_ratings(league: League, team_ids: list[int]) -> dict[int, int]:
    """Every listed team's rating now (the standings' tie-breaker, the Swiss pairing)."""
    found = current_ratings(league, Kind.TEAM, team_ids)
    return {team: found.get(team, start_rating(league)) for team in team_ids}


def history(league: League, kind: str, subject: int) -> list[Step]:
    """The subject's rated matches, oldest first, with the opponent's name (two queries)."""
    entries = list(
        RatingEntry.objects.filter(league=league, kind=kind, subject=subject)
        .order_by("sequence", "match_id")
        .values_list("match_id", "sequence", "before", "after", "delta")
    )
    matches = {
        m["pk"]: m
        for m in Match.objects.filter(pk__in=[e[0] for e in entries]).values(
            "pk", "home_id", "away_id", "home__name", "away__name", "home__coach_id", "played_on"
        )
    }
    steps = []
    for match_id, sequence, before, after, moved in entries:
        m = matches[match_id]
        home_side = m["home_id"] == subject if kind == Kind.TEAM else m["home__coach_id"] == subject
        opponent = m["away__name"] if home_side else m["home__name"]
        steps.append(Step(match_id, sequence, before, after, moved, opponent, m["played_on"]))
    return steps


def _ranked(rows: list[Rated]) -> list[Rated]:
    rows.sort(key=lambda r: (-r.rating, r.name.casefold()))
    ranked: list[Rated] = []
    for i, row in enumerate(rows):
        position = ranked[-1].position if ranked and ranked[-1].rating == row.rating else i + 1
        ranked.append(Rated(row.subject, row.name, row.rating, row.games, position))
    return ranked


def _games(league: League, kind: str) -> dict[int, int]:
    rows = RatingEntry.objects.filter(league=league, kind=kind).values("subject").annotate(n=Count("pk"))
    return {subject: n for subject, n in rows.values_list("subject", "n")}


def team_table(league: League) -> list[Rated]:
    """The league's teams that played a rated match, best rating first."""
    ratings, games = current_ratings(league, Kind.TEAM), _games(league, Kind.TEAM)
    names = dict(Team.objects.filter(pk__in=list(ratings)).values_list("pk", "name"))
    return _ranked([Rated(t, names.get(t, "?"), r, games.get(t, 0)) for t, r in ratings.items()])


def coach_table(league: League) -> list[Rated]:
    """The league's coaches who played a rated match, best rating first."""
    ratings, games = current_ratings(league, Kind.COACH), _games(league, Kind.COACH)
    names = dict(User.objects.filter(pk__in=list(ratings)).values_list("pk", "username"))
    return _ranked([Rated(c, names.get(c, "?"), r, games.get(c, 0)) for c, r in ratings.items()])


def chart_series(league: League, steps: list[Step]) -> list[tuple[str, int]]:
    """A history as (label, rating in tenths) points: the start, then the rating after each match."""
    from django.utils.formats import date_format
    from django.utils.translation import gettext as _

    first = steps[0].before if steps else start_rating(league)
    series = [(_("start"), first)]
    for step in steps:
        when = date_format(step.played_on, "SHORT_DATE_FORMAT") if step.played_on else _("undated")
        series.append((_("%(date)s v %(opponent)s") % {"date": when, "opponent": step.opponent}, step.after))
    return series


def coach_or_404(league: League, user_id: int) -> User:
    """A coach of the league, or one who played a rated match in it (he may have left since)."""
    from django.http import Http404

    coach = User.objects.filter(pk=user_id).first()
    rated = RatingEntry.objects.filter(league=league, kind=Kind.COACH, subject=user_id).exists()
    if coach is None or not (rated or league.memberships.filter(user_id=user_id).exists()):
        raise Http404("no such coach in this league")
    return coach
