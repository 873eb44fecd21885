"""Seasons and their teams: create a season, move it through its statuses, register
teams. Write-side services; every change is audited. Fixtures and rounds: services_fixtures.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.seasons.events import publish_season
from league.competitions.seasons.models import Season, SeasonTeam
from league.core.audit import log_action
from league.core.models import League
from league.core.permissions import is_commissioner
from teams.models import Team

Status = Season.Status
Entry = SeasonTeam.Status

# The commissioner's next steps from each status (the rulebook: a season may end without
# play-offs). Anything else is refused.
TRANSITIONS: dict[str, tuple[str, ...]] = {
    Status.DRAFT: (Status.REGISTRATION,),
    Status.REGISTRATION: (Status.REGULAR,),
    Status.REGULAR: (Status.PLAYOFFS, Status.CLOSED),
    Status.PLAYOFFS: (Status.CLOSED,),
    Status.CLOSED: (),
}


def require_commissioner(by: User | None, league: League) -> None:
    if not is_commissioner(by, league):
        raise PermissionDenied(_("Only a commissioner of the league may run its seasons."))


def season_create(*, league: League, name: str, by: User, carry_over: bool = False) -> Season:
    """The league's next season, in draft. With `carry_over`, every team approved in the previous
    season that is still ready is registered (approved) again: teams carry over."""
    require_commissioner(by, league)
    name = name.strip()
    if not name:
        raise ValidationError(_("The season needs a name."))
    with transaction.atomic():
        # Locks the league row so that two creations in a row cannot take the same number.
        League.objects.select_for_update().filter(pk=league.pk).first()
        last = Season.objects.filter(league=league).aggregate(n=Max("number"))["n"] or 0
        if Season.objects.filter(league=league, name__iexact=name).exists():
            raise ValidationError(_("A season called “%(name)s” already exists.") % {"name": name})
        season = Season.objects.create(league=league, number=last + 1, name=name)
        carried: list[str] = []
        if carry_over and last:
            previous = (
                SeasonTeam.objects.filter(
                    season__league=league,
                    season__number=last,
                    status=Entry.APPROVED,
                    team__status=Team.Status.READY,
                    team__league=league,
                )
                .select_related("team")
                .order_by("team__name")
            )
            now = timezone.now()
            SeasonTeam.objects.bulk_create(
                SeasonTeam(
                    season=season,
                    team=entry.team,
                    status=Entry.APPROVED,
                    requested_by=by,
                    decided_by=by,
                    decided_at=now,
                )
                for entry in previous
            )
            carried = [entry.team.name for entry in previous]
        log_action(
            action="league.season.created",
            actor=by,
            league=league,
            season=season.number,
            name=name,
            carried_over=carried,
        )
    return season


def season_advance(*, season: Season, to: str, by: User) -> Season:
    """Move the season to its next status (the commissioner's buttons)."""
    league = season.league
    require_commissioner(by, league)
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
        if to not in TRANSITIONS.get(season.status, ()):
            labels = dict(Status.choices)
            raise ValidationError(
                _("A season in “%(current)s” cannot go to “%(next)s”.")
                % {"current": season.get_status_display(), "next": labels.get(to, to)}
            )
        old = season.status
        data: dict[str, object] = {}
        if to == Status.REGULAR:
            approved = SeasonTeam.objects.filter(season=season, status=Entry.APPROVED).count()
            if approved < 2:
                raise ValidationError(
                    _("The regular season needs at least two approved teams (%(count)d now).") % {"count": approved}
                )
            from league.competitions.standings.table import standings_settings

            # The table keeps the scheme in force today: a later change of the league's settings
            # never alters this season (docs/design-seasons.md).
            season.standings_settings = standings_settings(league)
            season.started_at = timezone.now()
            # Requests nobody answered are refused when the season starts: the field is set.
            SeasonTeam.objects.filter(season=season, status=Entry.PENDING).update(
                status=Entry.REFUSED, decided_by=by, decided_at=timezone.now()
            )
        if to == Status.CLOSED:
            season.closed_at = timezone.now()
            if old == Status.REGULAR:
                season.winner_id = sole_leader(season)
                data["winner"] = season.winner_id
        season.status = to
        season.save()
        log_action(
            action="league.season.status_changed", actor=by, league=league, season=season.number, old=old, new=to
        )
        if to == Status.REGULAR:
            publish_season("season.started", season, by)
    return season


def sole_leader(season: Season) -> int | None:
    """The team alone at the top of the season's table; None when the first place is shared."""
    from league.competitions.standings.table import season_table

    table = season_table(season)
    if not table.rows or table.rows[0].tied:
        return None
    return int(table.rows[0].team)


def _open_for_entries(season: Season) -> None:
    if season.status not in (Status.DRAFT, Status.REGISTRATION):
        raise ValidationError(_("Teams enter a season before its regular season starts."))


def _check_team(season: Season, team: Team) -> None:
    if team.league_id != season.league_id:
        raise ValidationError(_("%(team)s does not play in this league.") % {"team": team.name})
    if team.status != Team.Status.READY:
        raise ValidationError(_("%(team)s is not ready to play.") % {"team": team.name})


def _enter(season: Season, team: Team, by: User, status: str) -> SeasonTeam:
    _open_for_entries(season)
    _check_team(season, team)
    now = timezone.now()
    existing = SeasonTeam.objects.select_for_update().filter(season=season, team=team).first()
    if existing is not None:
        # A team enters a season once; after a withdrawal or a refusal it may ask again.
        if existing.status in (Entry.PENDING, Entry.APPROVED):
            raise ValidationError(_("%(team)s is already entered in this season.") % {"team": team.name})
        existing.status, existing.requested_by = status, by
        existing.decided_by = by if status == Entry.APPROVED else None
        existing.decided_at = now if status == Entry.APPROVED else None
        existing.save()
        return existing
    try:
        with transaction.atomic():
            return SeasonTeam.objects.create(
                season=season,
                team=team,
                status=status,
                requested_by=by,
                decided_by=by if status == Entry.APPROVED else None,
                decided_at=now if status == Entry.APPROVED else None,
            )
    except IntegrityError:
        raise ValidationError(_("%(team)s is already entered in this season.") % {"team": team.name}) from None


def entry_request(*, season: Season, team: Team, by: User) -> SeasonTeam:
    """A coach asks to enter his ready team; the commissioner approves or refuses it."""
    if team.coach_id != by.pk:
        raise PermissionDenied(_("Only the team's coach may enter it in a season."))
    with transaction.atomic():
        entry = _enter(season, team, by, Entry.PENDING)
        log_action(action="league.season.team_requested", actor=by, team=team, season=season.number)
    return entry


def entry_add(*, season: Season, team: Team, by: User) -> SeasonTeam:
    """The commissioner registers a team directly (approved)."""
    require_commissioner(by, season.league)
    with transaction.atomic():
        entry = _enter(season, team, by, Entry.APPROVED)
        log_action(action="league.season.team_added", actor=by, team=team, season=season.number)
    return entry


def entry_decide(*, entry: SeasonTeam, by: User, approve: bool) -> SeasonTeam:
    season = entry.season
    require_commissioner(by, season.league)
    with transaction.atomic():
        entry = SeasonTeam.objects.select_for_update().select_related("season", "team").get(pk=entry.pk)
        if entry.status != Entry.PENDING:
            raise ValidationError(_("This request has already been answered."))
        _open_for_entries(entry.season)
        if approve:
            _check_team(entry.season, entry.team)
        entry.status = Entry.APPROVED if approve else Entry.REFUSED
        entry.decided_by, entry.decided_at = by, timezone.now()
        entry.save()
        log_action(
            action="league.season.team_approved" if approve else "league.season.team_refused",
            actor=by,
            team=entry.team,
            season=entry.season.number,
        )
    return entry


def entry_withdraw(*, entry: SeasonTeam, by: User) -> SeasonTeam:
    """The team's coach or the commissioner takes a team out before the regular season starts."""
    season = entry.season
    if entry.team.coach_id != by.pk and not is_commissioner(by, season.league):
        raise PermissionDenied(_("Only the team's coach or a commissioner may withdraw it."))
    with transaction.atomic():
        entry = SeasonTeam.objects.select_for_update().select_related("season", "team").get(pk=entry.pk)
        if entry.status not in (Entry.PENDING, Entry.APPROVED):
            raise ValidationError(_("This team is not entered in the season."))
        if entry.season.status not in (Status.DRAFT, Status.REGISTRATION):
            raise ValidationError(_("A team cannot withdraw once the regular season has started."))
        from matches.models import Match

        if (
            Match.objects.filter(season=entry.season).filter(home=entry.team).exists()
            or Match.objects.filter(season=entry.season, away=entry.team).exists()
        ):
            raise ValidationError(_("%(team)s already has fixtures in this season.") % {"team": entry.team.name})
        entry.status = Entry.WITHDRAWN
        entry.save(update_fields=["status"])
        log_action(action="league.season.team_withdrawn", actor=by, team=entry.team, season=entry.season.number)
    return entry


def _each(items: list, one: Callable[[Any], Any]) -> list:
    """Applies `one` to every item in one transaction: all or nothing, every refusal listed."""
    if not items:
        raise ValidationError(_("Tick at least one team."))
    done, problems = [], []
    with transaction.atomic():
        for item in items:
            try:
                with transaction.atomic():
                    done.append(one(item))
            except ValidationError as refusal:
                problems += refusal.messages
        if problems:
            raise ValidationError(problems)  # inside the transaction: nothing is kept
    return done


def entries_add(*, season: Season, teams: list[Team], by: User) -> list[SeasonTeam]:
    """The commissioner registers several teams at once (approved): all of them, or none."""
    require_commissioner(by, season.league)
    return _each(teams, lambda team: entry_add(season=season, team=team, by=by))


def entries_request(*, season: Season, teams: list[Team], by: User) -> list[SeasonTeam]:
    """A coach asks to enter several of his ready teams at once: all of them, or none."""
    return _each(teams, lambda team: entry_request(season=season, team=team, by=by))


def entries_decide(*, season: Season, entries: list[SeasonTeam], by: User, approve: bool) -> list[SeasonTeam]:
    """The commissioner approves (or refuses) several requests of `season` at once: all, or none."""
    require_commissioner(by, season.league)
    return _each(entries, lambda entry: entry_decide(entry=entry, by=by, approve=approve))
