"""A season's rounds and fixtures: round robin, manual fixtures, Swiss rounds, and the
consecutive-meeting rule for coach-arranged matches (round dates: league/competitions/seasons/rounds.py). The
pairings come from the pure engines in league.scheduling; this module stores them. Every write is
audited.
"""

from __future__ import annotations

import random
import secrets
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from league.competitions.seasons.events import publish_season
from league.competitions.seasons.models import Bye, Round, Season, SeasonTeam
from league.competitions.seasons.rounds import check_days
from league.competitions.seasons.services import require_commissioner
from league.core.audit import log_action
from league.core.models import League
from league.core.revisions import revision_bump
from league.core.selectors import league_ruleset
from league.ratings.selectors import team_ratings
from league.scheduling import check_arranged_match, round_robin, swiss_pairing
from teams.models import Team

MAX_ROUND = 999  # a round number a form may ask for (the column holds more; no league needs it)
PLAYED = ("confirmed", "processing", "processed", "failed")


def approved_teams(season: Season) -> list[Team]:
    return list(
        Team.objects.filter(season_entries__season=season, season_entries__status=SeasonTeam.Status.APPROVED)
        .select_related("coach")
        .order_by("name", "pk")
    )


def _open_for_fixtures(season: Season) -> None:
    if season.status not in (Season.Status.REGISTRATION, Season.Status.REGULAR):
        raise ValidationError(
            _("Fixtures are made while the season is in registration or in its regular season (it is “%(status)s”).")
            % {"status": season.get_status_display()}
        )


def _registration_closed(season: Season, early: bool) -> None:
    """Fixtures are generated once registration closes (the regular season started), unless the
    commissioner confirms generating them early: a team entered later would have none
    (docs/decisions/seasons.md, "Fixtures once registration closes")."""
    if season.status == Season.Status.REGISTRATION and not early:
        raise ValidationError(
            _(
                "Registration is still open: fixtures are generated once the regular season starts. "
                "Confirm to generate them now; a team entered later will have no fixture."
            )
        )


def _lock(season: Season) -> Season:
    return Season.objects.select_for_update().select_related("league").get(pk=season.pk)


@dataclass
class MatchMaker:
    """Builds a season's matches (round robin, manual, Swiss, challenges, play-offs) with the
    league's ruleset read once, not once per match."""

    league: League
    by: User

    def __post_init__(self) -> None:
        ruleset = league_ruleset(self.league)
        self.ruleset, self.version = ruleset.key, ruleset.version

    def build(self, season: Season, rnd: Round | None, home: Team | int, away: Team | int, stage: str = "") -> Any:
        from matches.models import Match

        home_id = home if isinstance(home, int) else home.pk
        away_id = away if isinstance(away, int) else away.pk
        return Match(
            league=self.league,
            home_id=home_id,
            away_id=away_id,
            season=season,
            round=rnd,
            scheduled_by=self.by,
            ruleset=self.ruleset,
            ruleset_version=self.version,
            stage=stage,
        )


def fixtures_generate(
    *,
    season: Season,
    by: User,
    legs: int = 1,
    first_date: date | None = None,
    days_between: int | None = None,
    seed: int | None = None,
    early: bool = False,
) -> list[Round]:
    """A single (legs=1) or double (legs=2) round robin over the approved teams: one Round per
    round, its matches and, with an odd number of teams, its bye. Dates are optional: round k
    starts `days_between` days after round k-1 and its deadline is the day before the next one."""
    from matches.models import Match

    require_commissioner(by, season.league)
    if legs not in (1, 2):
        raise ValidationError(_("Choose a single or a double round robin."))
    if days_between is not None and not 1 <= days_between <= 365:
        raise ValidationError(_("The days between rounds must be between 1 and 365."))
    with transaction.atomic():
        season = _lock(season)
        _open_for_fixtures(season)
        _registration_closed(season, early)
        if Match.objects.filter(season=season, stage="").exists():
            raise ValidationError(_("This season already has fixtures: add more by hand or as a Swiss round."))
        teams = approved_teams(season)
        if len(teams) < 2:
            raise ValidationError(_("A round robin needs at least two approved teams."))
        seed = secrets.randbelow(2**31) if seed is None else seed
        schedule = round_robin([t.pk for t in teams], legs=legs, rng=random.Random(seed))
        if first_date is not None:
            check_days(first_date)  # first: a day near the calendar's end cannot be added to
            last_start = first_date + timedelta(days=(days_between or 7) * (len(schedule) - 1))
            check_days(last_start + timedelta(days=days_between - 1 if days_between else 0))
        start = (season.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
        maker = MatchMaker(season.league, by)
        rounds, matches, byes = [], [], []
        for index, games in enumerate(schedule):
            starts_on = first_date + timedelta(days=index * (days_between or 7)) if first_date else None
            deadline = starts_on + timedelta(days=days_between - 1) if starts_on and days_between else None
            rnd = Round.objects.create(season=season, number=start + index, starts_on=starts_on, deadline=deadline)
            rounds.append(rnd)
            for pairing in games:
                if pairing.bye or pairing.away is None:
                    byes.append(Bye(round=rnd, team_id=pairing.home))
                else:
                    matches.append(maker.build(season, rnd, pairing.home, pairing.away))
        Match.objects.bulk_create(matches)
        Bye.objects.bulk_create(byes)
        revision_bump(season.league_id)
        log_action(
            action="league.season.fixtures_generated",
            actor=by,
            league=season.league,
            season=season.number,
            legs=legs,
            seed=seed,
            rounds=len(rounds),
            matches=len(matches),
            first_date=first_date,
            days_between=days_between,
        )
        publish_season(
            "fixtures.published",
            season,
            by,
            words={"rounds": len(rounds), "matches": len(matches)},
            round_numbers=[r.number for r in rounds],
        )
    return rounds


def _in_round(rnd: Round, team: Team) -> bool:
    from matches.models import Match

    return (
        Match.objects.filter(round=rnd).filter(Q(home=team) | Q(away=team)).exists()
        or Bye.objects.filter(round=rnd, team=team).exists()
    )


def fixture_add(*, season: Season, round_number: int, home: Team, away: Team, by: User) -> Any:
    """The commissioner adds one match between two approved teams to a round (made if needed)."""

    require_commissioner(by, season.league)
    if home.pk == away.pk:
        raise ValidationError(_("A team cannot play against itself."))
    if not 1 <= round_number <= MAX_ROUND:
        raise ValidationError(_("The round number must be between 1 and %(max)d.") % {"max": MAX_ROUND})
    with transaction.atomic():
        season = _lock(season)
        _open_for_fixtures(season)
        approved = set(
            SeasonTeam.objects.filter(season=season, status=SeasonTeam.Status.APPROVED).values_list(
                "team_id", flat=True
            )
        )
        problems = [
            _("%(team)s is not an approved team of this season.") % {"team": team.name}
            for team in (home, away)
            if team.pk not in approved
        ]
        if problems:
            raise ValidationError(problems)
        rnd, _created = Round.objects.get_or_create(season=season, number=round_number)
        if rnd.phase == Round.Phase.PLAYOFF:
            raise ValidationError(_("Round %(number)d is a play-off round.") % {"number": round_number})
        busy = [
            _("%(team)s already plays in round %(number)d.") % {"team": team.name, "number": round_number}
            for team in (home, away)
            if _in_round(rnd, team)
        ]
        if busy:
            raise ValidationError(busy)
        match = MatchMaker(season.league, by).build(season, rnd, home, away)
        match.save()
        log_action(
            action="league.season.fixture_added",
            actor=by,
            league=season.league,
            season=season.number,
            round=round_number,
            match=match.pk,
            home=home.name,
            away=away.name,
        )
        publish_season(
            "fixtures.changed",
            season,
            by,
            words={"change": "added", "round": round_number, "home": home.name, "away": away.name},
            match=match.pk,
        )
    return match


def swiss_round(*, season: Season, by: User, seed: int | None = None, early: bool = False) -> Round:
    """The next round paired from the current table by maximum-weight matching, never a rematch
    nor a second bye (strict): when no such pairing is left the commissioner is told so."""
    from league.competitions.standings.table import season_table
    from matches.models import Match

    require_commissioner(by, season.league)
    with transaction.atomic():
        season = _lock(season)
        _open_for_fixtures(season)
        _registration_closed(season, early)
        league_matches = Match.objects.filter(season=season, stage="")
        if league_matches.exclude(status__in=PLAYED).exists():
            raise ValidationError(_("Every match of the season must be played before the next Swiss round is paired."))
        table = season_table(season)
        order = [row.team for row in table.rows]
        if len(order) < 2:
            raise ValidationError(_("A Swiss round needs at least two approved teams."))
        points = {row.team: row.points for row in table.rows}
        played = [frozenset(pair) for pair in league_matches.values_list("home_id", "away_id")]
        had_bye = set(Bye.objects.filter(round__season=season).values_list("team_id", flat=True))
        seed = secrets.randbelow(2**31) if seed is None else seed
        # The league may pair teams on the same points by closest ELO rating (league.ratings).
        ratings: dict[int | str, int] | None = None
        if season.league.swiss_by_rating:
            ratings = {team: rating for team, rating in team_ratings(season.league, [int(t) for t in order]).items()}
        pairing = swiss_pairing(order, points, played, had_bye, random.Random(seed), strict=True, ratings=ratings)
        if pairing.problem:
            raise ValidationError(
                _("No pairing is left without a rematch or a second bye: every possible next round repeats a match.")
            )
        number = (season.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
        rnd = Round.objects.create(season=season, number=number, phase=Round.Phase.SWISS)
        maker = MatchMaker(season.league, by)
        Match.objects.bulk_create(maker.build(season, rnd, int(home), int(away)) for home, away in pairing.pairs)
        if pairing.bye is not None:
            Bye.objects.create(round=rnd, team_id=pairing.bye)
            revision_bump(season.league_id)
        log_action(
            action="league.season.swiss_round",
            actor=by,
            league=season.league,
            season=season.number,
            round=number,
            seed=seed,
            by_rating=ratings is not None,
            pairs=[list(p) for p in pairing.pairs],
            bye=pairing.bye,
        )
        publish_season(
            "fixtures.published", season, by, words={"round": number, "matches": len(pairing.pairs)}, bye=pairing.bye
        )
    return rnd


# --- coach-arranged matches: no more than `max_consecutive_meetings` in a row (the rulebook) ---


def _time_key(match: Any) -> tuple:
    """A fixture's place in time: season and round, then play date, then creation."""
    season = match.season.number if match.season_id else 0
    rnd = match.round.number if match.round_id else 0
    day = match.played_on or timezone.localdate(match.created_at)
    return (season, rnd, day, match.created_at, match.pk)


def _fixtures_of(league: League, team: Team) -> list:
    from matches.models import Match

    rows = (
        Match.objects.filter(league=league)
        .filter(Q(home=team) | Q(away=team))
        .select_related("home", "away", "season", "round")
    )
    return sorted(rows, key=_time_key)


def _describe(match: Any) -> str:
    day = match.played_on or timezone.localdate(match.created_at)
    return _("%(home)s v %(away)s (%(date)s, %(status)s)") % {
        "home": match.home.name,
        "away": match.away.name,
        "date": date_format(day, "SHORT_DATE_FORMAT"),
        "status": match.get_status_display(),
    }


def arranged_match_problems(*, league: League, home: Team, away: Team, season: Season | None) -> list[str]:
    """Why a coach may not arrange `home` v `away` now (empty: allowed). The new match goes in
    time order after the fixtures of its season's unnumbered round made before today."""
    limit = league_ruleset(league).params.max_consecutive_meetings
    now = timezone.now()
    new_key = (season.number if season else 0, 0, timezone.localdate(now), now, 2**63)
    lists, positions = {}, {}
    for team in (home, away):
        fixtures = _fixtures_of(league, team)
        keys: Sequence[tuple] = [_time_key(m) for m in fixtures]
        positions[team.pk] = bisect_right(keys, new_key)
        lists[team.pk] = [(m, m.away if m.home_id == team.pk else m.home) for m in fixtures]
    refusals = check_arranged_match(
        home.pk,
        away.pk,
        [(m, opp.pk) for m, opp in lists[home.pk]],
        [(m, opp.pk) for m, opp in lists[away.pk]],
        limit,
        positions[home.pk],
        positions[away.pk],
    )
    problems, seen = [], set()
    for refusal in refusals:
        keys = tuple(m.pk for m in refusal.fixtures)
        if keys in seen:
            continue
        seen.add(keys)
        team = home if refusal.team == home.pk else away
        opponent = away if team is home else home
        problems.append(
            _(
                "%(team)s may not play %(opponent)s more than %(limit)d times in a row (rulebook p.24): "
                "they already meet in %(matches)s."
            )
            % {
                "team": team.name,
                "opponent": opponent.name,
                "limit": refusal.limit,
                "matches": "; ".join(_describe(m) for m in refusal.fixtures),
            }
        )
    return problems


def current_regular_season(league: League) -> Season | None:
    return Season.objects.filter(league=league, status=Season.Status.REGULAR).order_by("-number").first()
