"""League challenges (the rulebook): issue, accept, refuse, name a
replacement, the replacement's agreement, the challenger's refusal to play him, and the
commissioner's ruling on a late answer. Every write is audited; a refusal raises
ValidationError (PermissionDenied for the wrong person) and changes nothing.

A refused challenge is never a Match: the 2-0 is kept on the Challenge (forfeit_to) and read by
the standings (league.competitions.standings.table.season_results), so no post-match sequence runs and neither
team's players, treasury or fan factor change.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.challenges.models import Challenge
from league.competitions.seasons.fixtures import PLAYED, MatchMaker
from league.competitions.seasons.models import Season, SeasonTeam
from league.core.audit import log_action
from league.core.permissions import is_commissioner
from league.core.selectors import league_ruleset
from league.rules import Parameters
from teams.models import Player, Team

Status = Challenge.Status
RULINGS = ("award", "cancel", "extend")


def week_of(day: date) -> date:
    """The Monday of `day`'s ISO week: challenges are counted per week."""
    return day - timedelta(days=day.weekday())


def _params(season: Season) -> Parameters:
    return league_ruleset(season.league).params


def _entered(season: Season, team: Team) -> bool:
    return SeasonTeam.objects.filter(season=season, team=team, status=SeasonTeam.Status.APPROVED).exists()


def _lock(challenge: Challenge) -> Challenge:
    locked = Challenge.objects.select_for_update().get(pk=challenge.pk)
    locked.season = challenge.season
    return locked


def _log(action: str, challenge: Challenge, by: User | None, **data: Any) -> None:
    log_action(
        action=action,
        actor=by,
        league=challenge.season.league,
        season=challenge.season.number,
        challenge=challenge.pk,
        challenger=challenge.challenger.name,
        challenged=challenge.challenged.name,
        **data,
    )


def challenge_issue(*, season: Season, challenger: Team, challenged: Team, by: User) -> Challenge:
    """The challenger's coach (or the commissioner, through whom challenges go) challenges another
    team of the season, at most the league's challenges_per_week times per coach and week."""
    league = season.league
    if not (challenger.coach_id == by.pk or is_commissioner(by, league)):
        raise PermissionDenied(_("Only the team's coach or the commissioner may issue its challenges."))
    params = _params(season)
    if not params.challenges_enabled:
        raise ValidationError(_("This league does not play challenges."))
    if season.status != Season.Status.REGULAR:
        raise ValidationError(_("Challenges are issued during the regular season only."))
    if challenger.pk == challenged.pk:
        raise ValidationError(_("A team cannot challenge itself."))
    for team in (challenger, challenged):
        if team.league_id != league.pk or not _entered(season, team):
            raise ValidationError(_("%(team)s does not play in this season.") % {"team": team.name})
        if team.status != Team.Status.READY:
            raise ValidationError(_("%(team)s is not ready to play.") % {"team": team.name})
    now = timezone.now()
    week = week_of(timezone.localdate(now))
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=season.pk).first()  # one issue at a time
        issued = (
            Challenge.objects.filter(season__league=league, week=week, challenger__coach_id=challenger.coach_id)
            .exclude(status=Status.CANCELLED)
            .count()
        )
        if issued >= params.challenges_per_week:
            raise ValidationError(
                _("%(coach)s has already issued %(count)d challenge(s) this week: the limit is %(limit)d per week.")
                % {"coach": challenger.coach.get_username(), "count": issued, "limit": params.challenges_per_week}
            )
        pair = Q(challenger=challenger, challenged=challenged) | Q(challenger=challenged, challenged=challenger)
        if Challenge.objects.filter(pair, season=season, status__in=Challenge.OPEN).exists():
            raise ValidationError(_("A challenge between these two teams is already waiting for an answer."))
        challenge = Challenge.objects.create(
            season=season,
            challenger=challenger,
            challenged=challenged,
            week=week,
            deadline=now + timedelta(days=params.challenge_answer_days),
            created_by=by,
        )
        _log("league.challenge.issued", challenge, by, deadline=challenge.deadline)
    return challenge


def _regular(challenge: Challenge) -> None:
    """Challenges are played in the regular season: once it is over only the commissioner rules."""
    if challenge.season.status != Season.Status.REGULAR:
        raise ValidationError(_("The regular season is over: the commissioner rules on this challenge."))


def _answerable(challenge: Challenge, by: User, team: Team, now: datetime) -> None:
    if not (team.coach_id == by.pk or is_commissioner(by, challenge.season.league)):
        raise PermissionDenied(_("Only the challenged coach or the commissioner may answer this challenge."))
    if challenge.status != Status.PENDING:
        raise ValidationError(_("This challenge has already been answered."))
    _regular(challenge)
    if now > challenge.deadline:
        raise ValidationError(_("The answer is late: the commissioner rules on this challenge."))


def _fixture(challenge: Challenge, opponent: Team, by: User) -> Any:  # a matches.Match
    """The match the challenge becomes: a fixture of the season with no round (like the
    matches coaches arrange), scheduled by the commissioner's authority."""
    match = MatchMaker(challenge.season.league, by).build(challenge.season, None, challenge.challenger, opponent)
    match.save()
    log_action(
        action="matches.match.scheduled",
        actor=by,
        league=challenge.season.league,
        match=match.pk,
        home=challenge.challenger.name,
        away=opponent.name,
        challenge=challenge.pk,
    )
    return match


def challenge_accept(*, challenge: Challenge, by: User) -> Challenge:
    """The challenged coach accepts: the challenge becomes a fixture of the season."""
    with transaction.atomic():
        challenge = _lock(challenge)
        now = timezone.now()
        _answerable(challenge, by, challenge.challenged, now)
        challenge.match = _fixture(challenge, challenge.challenged, by)
        challenge.status, challenge.answered_by, challenge.answered_at = Status.ACCEPTED, by, now
        challenge.save()
        _log("league.challenge.accepted", challenge, by, match=challenge.match.pk)
    return challenge


def _award(challenge: Challenge, to: str, now: datetime) -> None:
    challenge.forfeit_to, challenge.decided_at = to, now


def challenge_refuse(*, challenge: Challenge, by: User) -> Challenge:
    """The challenged coach refuses: a 2-0 win for the challenger, kept on the challenge, with no
    post-match sequence. Only the league's challenge_refusal_clears_miss_next_game touches the
    rosters (both teams' miss-next-game marks, off by default: spec A19)."""
    with transaction.atomic():
        challenge = _lock(challenge)
        now = timezone.now()
        _answerable(challenge, by, challenge.challenged, now)
        _award(challenge, Challenge.Forfeit.CHALLENGER, now)
        challenge.status, challenge.answered_by, challenge.answered_at = Status.REFUSED, by, now
        if _params(challenge.season).challenge_refusal_clears_miss_next_game:
            marked = Player.objects.filter(
                team__in=(challenge.challenger_id, challenge.challenged_id), miss_next_game=True
            )
            challenge.cleared_marks = sorted(marked.values_list("pk", flat=True))
            Player.objects.filter(pk__in=challenge.cleared_marks).update(miss_next_game=False)
        challenge.save()
        _log("league.challenge.refused", challenge, by, score="2-0", cleared_marks=challenge.cleared_marks)
    return challenge


def played_each_other(season: Season, one: Team, other: Team) -> bool:
    """A result between the two teams in the season: a played match or a challenge's forfeit."""
    from matches.models import Match

    pair = Q(home=one, away=other) | Q(home=other, away=one)
    if Match.objects.filter(pair, season=season, status__in=PLAYED).exists():
        return True
    forfeits = Challenge.objects.filter(season=season).exclude(forfeit_to="")
    return forfeits.filter(
        Q(challenger=one) & (Q(replacement=other) | Q(replacement=None, challenged=other))
        | Q(challenger=other) & (Q(replacement=one) | Q(replacement=None, challenged=one))
    ).exists()


def challenge_replace(*, challenge: Challenge, replacement: Team, by: User) -> Challenge:
    """The challenged coach names a replacement: a team of the season, neither of the two, that
    has not yet played the challenger. It waits for the replacement's agreement."""
    with transaction.atomic():
        challenge = _lock(challenge)
        now = timezone.now()
        _answerable(challenge, by, challenge.challenged, now)
        season = challenge.season
        if replacement.pk in (challenge.challenger_id, challenge.challenged_id):
            raise ValidationError(_("The replacement must be a third team."))
        if replacement.league_id != season.league_id or not _entered(season, replacement):
            raise ValidationError(_("%(team)s does not play in this season.") % {"team": replacement.name})
        if replacement.status != Team.Status.READY:
            raise ValidationError(_("%(team)s is not ready to play.") % {"team": replacement.name})
        if played_each_other(season, replacement, challenge.challenger):
            raise ValidationError(
                _("%(team)s has already played %(challenger)s: a replacement must not have played the challenger yet.")
                % {"team": replacement.name, "challenger": challenge.challenger.name}
            )
        challenge.replacement, challenge.status = replacement, Status.REPLACING
        challenge.answered_by, challenge.answered_at = by, now
        challenge.save()
        _log("league.challenge.replacement_named", challenge, by, replacement=replacement.name)
    return challenge


def challenge_replacement_agree(*, challenge: Challenge, by: User) -> Challenge:
    """The replacement's coach (or the commissioner, recording his word) agrees: the challenger
    now plays him, a fixture of the season."""
    with transaction.atomic():
        challenge = _lock(challenge)
        replacement = challenge.replacement
        if challenge.status != Status.REPLACING or replacement is None:
            raise ValidationError(_("This challenge is not waiting for a replacement's agreement."))
        if not (replacement.coach_id == by.pk or is_commissioner(by, challenge.season.league)):
            raise PermissionDenied(_("Only the replacement's coach or the commissioner may agree to replace."))
        _regular(challenge)
        challenge.match = _fixture(challenge, replacement, by)
        challenge.status = Status.REPLACED
        challenge.save()
        _log(
            "league.challenge.replacement_agreed", challenge, by, replacement=replacement.name, match=challenge.match.pk
        )
    return challenge


def challenge_decline_replacement(*, challenge: Challenge, by: User) -> Challenge:
    """The challenger will not play the replacement: he loses 0-2 (kept on the challenge, no
    post-match sequence). The fixture goes if nothing was recorded on it yet."""
    with transaction.atomic():
        challenge = _lock(challenge)
        if not (challenge.challenger.coach_id == by.pk or is_commissioner(by, challenge.season.league)):
            raise PermissionDenied(_("Only the challenger's coach or the commissioner may decline the replacement."))
        # Only a replacement who agreed is owed the match (before that, nothing is settled).
        if challenge.status != Status.REPLACED:
            raise ValidationError(_("This challenge has no replacement to decline."))
        match = challenge.match
        if match is not None:
            if match.status != match.Status.SCHEDULED:
                raise ValidationError(_("The match against the replacement has started: it must be played."))
            challenge.match = None
        now = timezone.now()
        _award(challenge, Challenge.Forfeit.OPPONENT, now)
        challenge.status = Status.FORFEITED
        challenge.save()
        if match is not None:
            match.delete()
        _log("league.challenge.replacement_declined", challenge, by, score="0-2")
    return challenge


def challenge_rule(*, challenge: Challenge, ruling: str, reason: str, by: User, days: int | None = None) -> Challenge:
    """The commissioner rules on a challenge left unanswered: "award" (the answer is late: a 2-0
    win for the challenger, as a refusal), "cancel" (no result) or "extend" (a new deadline,
    `days` from now, by default the league's answer delay)."""
    league = challenge.season.league
    if not is_commissioner(by, league):
        raise PermissionDenied(_("Only a commissioner of the league may rule on a challenge."))
    if ruling not in RULINGS:
        raise ValidationError(_("Choose a ruling: award, cancel or extend."))
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give the reason for the ruling."))
    with transaction.atomic():
        challenge = _lock(challenge)
        if not challenge.is_open:
            raise ValidationError(_("This challenge is closed: there is nothing to rule on."))
        now = timezone.now()
        if ruling == "award":
            if now <= challenge.deadline:
                raise ValidationError(_("The answer is not late yet: wait for the deadline before awarding the win."))
            # A replacement who never agreed does not play: the 2-0 is against the challenged team.
            challenge.status, challenge.replacement = Status.RULED, None
            _award(challenge, Challenge.Forfeit.CHALLENGER, now)
        elif ruling == "cancel":
            challenge.status = Status.CANCELLED
        else:
            days = _params(challenge.season).challenge_answer_days if days is None else days
            if not 1 <= days <= 60:
                raise ValidationError(_("The new delay must be between 1 and 60 days."))
            challenge.deadline = now + timedelta(days=days)
            # The challenged coach answers again, even if a replacement had been named.
            challenge.status, challenge.replacement = Status.PENDING, None
        challenge.ruled_by, challenge.ruled_at, challenge.ruling_reason = by, now, reason
        challenge.save()
        _log("league.challenge.ruled", challenge, by, ruling=ruling, reason=reason, deadline=challenge.deadline)
    return challenge
