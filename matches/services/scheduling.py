"""Scheduling a match between two ready teams of a league."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from league.core.audit import log_action
from league.core.models import League
from league.core.permissions import is_commissioner
from matches.models import Match
from matches.services.common import MatchError, match_ruleset
from teams.models import Team


def match_schedule(*, league: League, home: Team, away: Team, by: User | None) -> Match:
    """The commissioner schedules; coaches too when the league allows it (one of the two teams)."""
    if by is not None and not is_commissioner(by, league):
        own = {home.coach_id, away.coach_id}
        if not (league.coaches_schedule and by.pk in own):
            raise PermissionDenied(_("Only the commissioner may schedule matches in this league."))
    problems = []
    if home.pk == away.pk:
        problems.append(_("A team cannot play against itself."))
    for team in (home, away):
        if team.league_id != league.pk:
            problems.append(_("%(team)s does not play in this league.") % {"team": team.name})
        elif team.status != Team.Status.READY:
            problems.append(_("%(team)s is not ready to play.") % {"team": team.name})
    if problems:
        raise MatchError(problems)
    from matches.hooks import arranged_match_problems, current_regular_season

    # A match arranged during the regular season belongs to it (no round: coaches arrange it).
    season = current_regular_season(league)
    if by is not None and not is_commissioner(by, league):
        # The rulebook: coaches arranging their own matches may not meet the same opponent more
        # than twice in a row (the ruleset's max_consecutive_meetings). The commissioner is not held to it.
        problems = arranged_match_problems(league=league, home=home, away=away, season=season)
        if problems:
            raise MatchError(problems)
    with transaction.atomic():
        match = Match(league=league, home=home, away=away, scheduled_by=by or league.commissioner, season=season)
        ruleset = match_ruleset(match)
        match.ruleset, match.ruleset_version = ruleset.key, ruleset.version
        match.save()
        log_action(
            action="matches.match.scheduled", actor=by, league=league, match=match.pk, home=home.name, away=away.name
        )
    return match
