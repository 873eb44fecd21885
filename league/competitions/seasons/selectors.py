"""Read-side queries of the season pages and calendar feeds, in a fixed number of queries
(none grows with the number of teams, rounds or matches)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from league.competitions.challenges.models import Challenge
from league.competitions.seasons.models import Bye, Round, Season, SeasonTeam
from league.core.models import League
from matches.models import Match
from teams.models import Team


def league_seasons(league: League) -> QuerySet[Season]:
    return Season.objects.filter(league=league).select_related("winner").order_by("-number")


@dataclass
class RoundView:
    round: Round
    matches: list[Any] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    form: Any = None  # the fixtures page's dates form for the round (league/competitions/seasons/views.py)


def season_entries(season: Season) -> list[SeasonTeam]:
    return list(
        SeasonTeam.objects.filter(season=season).select_related("team", "team__coach").order_by("team__name", "pk")
    )


def season_approved(season: Season, limit: int) -> tuple[list[SeasonTeam], int]:
    """The first `limit` approved entries by team name, and how many there are (two queries)."""
    approved = SeasonTeam.objects.filter(season=season, status=SeasonTeam.Status.APPROVED)
    listed = approved.select_related("team", "team__coach").order_by("team__name", "pk")[:limit]
    return list(listed), approved.count()


# A season with at most this many fixtures is shown whole; a bigger one a round at a time, with
# links to the others: the page's size and time stay bounded whatever the season's length.
ALL_ROUNDS_UP_TO = 60
OPEN_STATUSES = ("scheduled", "prematch_done", "draft", "submitted")


@dataclass
class RoundPage:
    rounds: Sequence[Round]  # every round of the season (number, dates), for the links
    shown: list[RoundView]  # the rounds whose fixtures are shown
    paged: bool  # one round at a time
    current: int | None  # the round shown when paged


def season_round_page(season: Season, number: Any = None, *, with_empty: bool = False) -> RoundPage:
    """The rounds of the season and the fixtures of those shown: every round for a short season,
    else round `number` (the first round with a match still to play when none or an unknown one
    is asked, the last round when all are played). Three queries. A round with no fixture and no
    bye (a play-off round whose teams are not known yet) is left out unless `with_empty` (the
    fixtures page, where its dates are set): the other pages never show a round without a fixture."""
    from matches.models import Match

    rounds = list(
        Round.objects.filter(season=season)
        .annotate(
            fixtures=Count("matches", distinct=True),
            open=Count("matches", filter=Q(matches__status__in=OPEN_STATUSES), distinct=True),
            bye_count=Count("byes", distinct=True),
        )
        .order_by("number")
    )
    if not with_empty:
        rounds = [r for r in rounds if r.fixtures or r.bye_count]
    paged = sum(r.fixtures for r in rounds) > ALL_ROUNDS_UP_TO
    current = None
    if paged:
        numbers = {r.number for r in rounds}
        asked = int(number) if str(number or "").isdigit() else None
        current = asked if asked in numbers else next((r.number for r in rounds if r.open), rounds[-1].number)
    shown = {r.pk: RoundView(r) for r in rounds if not paged or r.number == current}
    matches = Match.objects.filter(round__in=list(shown)).select_related("home", "away")
    for match in status_labelled(matches.order_by("round__number", "pk")):
        shown[match.round_id].matches.append(match)
    for bye in Bye.objects.filter(round__in=list(shown)).select_related("team"):
        shown[bye.round_id].byes.append(bye)
    return RoundPage(rounds, list(shown.values()), paged, current)


def status_labelled(matches: Any) -> list[Any]:
    """The matches, each with `status_label` (its status in the reader's language): one lookup
    in a dict made once, where get_status_display rebuilds the choices for every match."""
    from matches.models import Match

    labels = dict(Match.Status.choices)
    rows = list(matches)
    for match in rows:
        match.status_label = labels.get(match.status, match.status)
    return rows


def season_unrounded_matches(season: Season) -> list[Any]:
    """Matches of the season arranged by coaches (no round)."""
    from matches.models import Match

    return status_labelled(
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


# --- league matches once the play-offs start ---
# (docs/decisions/seasons.md, "Regular fixtures once the play-offs start")

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


# --- What the season pages read (league/competitions/seasons/views.py) ---


def season_or_404(league: League, number: int) -> Season:
    season = get_object_or_404(Season.objects.select_related("winner"), league=league, number=number)
    season.league = league  # already read: spares a query on every use
    return season


def league_teams(league: League, ids: set[int]) -> list[Team]:
    """The league's teams among `ids`, by name (fewer than asked: one is not the league's)."""
    return list(Team.objects.filter(pk__in=ids, league=league).order_by("name", "pk"))


def season_entries_by_id(season: Season, ids: set[int]) -> list[SeasonTeam]:
    entries = list(
        SeasonTeam.objects.filter(pk__in=ids, season=season).select_related("team").order_by("team__name", "pk")
    )
    for entry in entries:
        entry.season = season
    return entries


def season_entry_or_404(season: Season, pk: int | None) -> SeasonTeam:
    entry = get_object_or_404(SeasonTeam.objects.select_related("team"), pk=pk, season=season)
    entry.season = season
    return entry


def ready_teams(league: League, coach_id: int | None = None) -> QuerySet[Team]:
    """The league's ready teams by name; only one coach's when `coach_id` is given."""
    teams = Team.objects.filter(league=league, status=Team.Status.READY).order_by("name")
    return teams.filter(coach_id=coach_id) if coach_id is not None else teams


def approved_teams(season: Season) -> QuerySet[Team]:
    """The season's approved teams by name (the fixtures forms' choices)."""
    entries = Q(season_entries__season=season, season_entries__status=SeasonTeam.Status.APPROVED)
    return Team.objects.filter(entries).order_by("name")


def round_or_404(season: Season, number: int) -> Round:
    return get_object_or_404(Round, season=season, number=number)


def season_match_or_404(season: Season, pk: int | None) -> Match:
    return get_object_or_404(Match.objects.select_related("league"), pk=pk, season=season)


def open_challenges(season: Season) -> list[Challenge]:
    """The season's challenges still waiting, with their deadlines: one query."""
    return list(
        season.challenges.filter(status__in=Challenge.OPEN)
        .select_related("challenger", "challenged", "replacement")
        .order_by("deadline", "pk")
    )


# --- What the season API reads (league/competitions/seasons/api.py, api_fixtures.py) ---


def season_rounds(season: Season) -> list[Round]:
    """Every round of the season with `fixtures` and `bye_count` (one query)."""
    counted = Round.objects.filter(season=season).annotate(
        fixtures=Count("matches", distinct=True), bye_count=Count("byes", distinct=True)
    )
    return list(counted.order_by("number"))


def season_round_views(season: Season, number: int | None = None) -> list[RoundView]:
    """Every round of the season (or round `number` only) with its matches and byes, in round
    order: three queries, whatever the season's length."""
    rounds = Round.objects.filter(season=season).order_by("number")
    if number is not None:
        rounds = rounds.filter(number=number)
    shown = {r.pk: RoundView(r) for r in rounds}
    matches = Match.objects.filter(round__in=list(shown)).select_related("home", "away")
    for match in status_labelled(matches.order_by("round__number", "pk")):
        shown[match.round_id].matches.append(match)
    for bye in Bye.objects.filter(round__in=list(shown)).select_related("team").order_by("team__name"):
        shown[bye.round_id].byes.append(bye)
    return list(shown.values())


def season_entry_of_team_or_404(season: Season, team_id: int) -> SeasonTeam:
    entry = get_object_or_404(SeasonTeam.objects.select_related("team"), season=season, team_id=team_id)
    entry.season = season
    return entry
