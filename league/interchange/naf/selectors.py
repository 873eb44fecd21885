"""The played games of a season, read into the NAF report's rows (report.Game).

A season's play-off games are matches of the season too, so one season's report holds its regular
rounds and its play-offs. Only results the coaches confirmed count (the standings' played matches).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime, time

from django.db.models import Prefetch
from django.utils import timezone, translation

from league.competitions.seasons.models import Season
from league.core.selectors import league_ruleset
from league.interchange.naf.report import Coach, Game, Side, team_rating
from league.rules import Ruleset
from league.rules.postmatch.injuries import casualty_from_dice
from matches.models import Match, MatchCasualty
from matches.selectors.common import PLAYED_STATUSES
from teams.models import Team


def _coach(team: Team) -> Coach:
    user = team.coach
    profile = getattr(user, "profile", None)  # made on first need: a coach may have none yet
    return Coach(
        key=user.pk,
        username=user.get_username(),
        naf_number=profile.naf_number if profile else None,
        naf_name=profile.naf_name if profile else "",
    )


def game_time(match: Match) -> datetime:
    """When the game was played, in the league's (the site's) time zone: the moment its result was
    entered, or the day the coaches gave as played on at 00:00 when that is another day."""
    moment = match.submitted_at or match.confirmed_at or match.processed_at
    local = timezone.localtime(moment).replace(tzinfo=None) if moment else None
    if match.played_on and (local is None or local.date() != match.played_on):
        return datetime.combine(match.played_on, time())
    if local is None:
        return timezone.localtime(match.created_at).replace(tzinfo=None)
    return local.replace(second=0, microsecond=0)


def _casualties(ruleset: Ruleset, suffered: Iterable[MatchCasualty]) -> tuple[int, int, int]:
    """(badly hurt, seriously injured, dead) of these casualties, by their first roll: what the
    block inflicted, before an apothecary or Regeneration changed it."""
    counts = [0, 0, 0]
    for casualty in suffered:
        result = casualty_from_dice(ruleset, casualty.d6, casualty.d8)
        counts[2 if result.dead else 0 if result.effect == "none" else 1] += 1
    return counts[0], counts[1], counts[2]


def _side(ruleset: Ruleset, match: Match, home: bool) -> Side:
    team = match.home if home else match.away
    tv = match.home_tv if home else match.away_tv
    score = match.home_score if home else match.away_score
    race = ruleset.teams.get(team.race)
    base = Side(
        coach=_coach(team),
        race=race.naf_name if race else "",
        race_label=race.name(translation.get_language() or "en") if race else team.race,
        team=team.name,
        team_rating=team_rating(tv if tv is not None else team.team_value),
        touchdowns=score or 0,
        badly_hurt=0,
    )
    casualties = list(match.casualties.all())
    if not casualties:  # the result gave counts only: every casualty the side caused is "badly hurt"
        caused = sum(line.casualties for line in match.lines.all() if line.side == ("home" if home else "away"))
        return replace(base, badly_hurt=caused)
    opponent = match.away_id if home else match.home_id
    badly_hurt, seriously_injured, dead = _casualties(ruleset, (c for c in casualties if c.victim.team_id == opponent))
    return replace(base, badly_hurt=badly_hurt, seriously_injured=seriously_injured, dead=dead)


def naf_games(season: Season) -> list[Game]:
    """The season's played games, regular rounds and play-offs, oldest first."""
    ruleset = league_ruleset(season.league)
    matches = (
        Match.objects.filter(season=season, status__in=PLAYED_STATUSES)
        .select_related("home__coach__profile", "away__coach__profile")
        .prefetch_related(Prefetch("casualties", MatchCasualty.objects.select_related("victim")), "lines")
        .order_by("pk")
    )
    games = [
        Game(key=match.pk, when=game_time(match), home=_side(ruleset, match, True), away=_side(ruleset, match, False))
        for match in matches
    ]
    return sorted(games, key=lambda g: (g.when, g.key))
