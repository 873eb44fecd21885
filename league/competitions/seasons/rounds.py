"""A season's round dates, one round or several at once, and the commissioner reopening a league
match once the play-offs have started. Write-side services; every change is audited.

Dates are kept within a sane range (FIRST_DAY to LAST_DAY, docs/decisions/seasons.md, "Round dates: a
sane range"): a year 9999 round was accepted once, and every calendar feed then failed on it.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from league.competitions.seasons.events import publish_season
from league.competitions.seasons.models import Round, Season
from league.competitions.seasons.services import require_commissioner
from league.core.audit import log_action

FIRST_DAY = date(2000, 1, 1)
LAST_DAY = date(2100, 12, 31)
MAX_DAYS = 365  # days between rounds, or from a round's first day to its deadline


def check_days(*days: date | None) -> None:
    """Refuses a day outside FIRST_DAY..LAST_DAY (None: no date, allowed)."""
    if any(day is not None and not FIRST_DAY <= day <= LAST_DAY for day in days):
        raise ValidationError(
            _("Dates must fall between %(first)s and %(last)s.")
            % {"first": date_format(FIRST_DAY, "SHORT_DATE_FORMAT"), "last": date_format(LAST_DAY, "SHORT_DATE_FORMAT")}
        )


def _open_for_dates(season: Season) -> None:
    if season.status == Season.Status.CLOSED:
        raise ValidationError(_("The season is closed."))


def round_dates_set(*, rnd: Round, starts_on: date | None, deadline: date | None, by: User) -> Round:
    """One round's first day and deadline (either may be empty)."""
    season = rnd.season
    require_commissioner(by, season.league)
    _open_for_dates(season)
    check_days(starts_on, deadline)
    if starts_on and deadline and deadline < starts_on:
        raise ValidationError(_("The deadline cannot come before the round's first day."))
    with transaction.atomic():
        old = {"starts_on": rnd.starts_on, "deadline": rnd.deadline}
        rnd.starts_on, rnd.deadline = starts_on, deadline
        rnd.save(update_fields=["starts_on", "deadline"])
        log_action(
            action="league.season.round_dates",
            actor=by,
            league=season.league,
            season=season.number,
            round=rnd.number,
            old=old,
            new={"starts_on": starts_on, "deadline": deadline},
        )
        if old != {"starts_on": starts_on, "deadline": deadline}:
            publish_season(
                "fixtures.changed",
                season,
                by,
                words={"change": "dates", "round": rnd.number},
                rounds=[_dates(rnd)],
            )
    return rnd


def _dates(rnd: Round) -> dict[str, Any]:
    """A round's dates as a webhook sends them (ISO days, None when unset)."""
    return {
        "round": rnd.number,
        "starts_on": rnd.starts_on.isoformat() if rnd.starts_on else None,
        "deadline": rnd.deadline.isoformat() if rnd.deadline else None,
    }


def round_dates_bulk(
    *,
    season: Season,
    first_round: int,
    last_round: int,
    starts_on: date,
    every_days: int,
    deadline_days: int | None,
    by: User,
) -> list[Round]:
    """The rounds numbered first_round..last_round dated in one go: the first of them starts on
    `starts_on`, each next one `every_days` later (in round order: a gap in the numbers is no
    week off), each deadline `deadline_days` after its round's first day (None: no deadline)."""
    require_commissioner(by, season.league)
    _open_for_dates(season)
    if first_round > last_round:
        raise ValidationError(_("The first round comes before the last one."))
    if not 1 <= every_days <= MAX_DAYS:
        raise ValidationError(_("The days between rounds must be between 1 and 365."))
    if deadline_days is not None and not 0 <= deadline_days <= MAX_DAYS:
        raise ValidationError(_("The deadline must fall 0 to 365 days after the round's first day."))
    with transaction.atomic():
        rounds = list(
            Round.objects.select_for_update()
            .filter(season=season, number__gte=first_round, number__lte=last_round)
            .order_by("number")
        )
        if not rounds:
            raise ValidationError(
                _("No round of this season is numbered from %(first)d to %(last)d.")
                % {"first": first_round, "last": last_round}
            )
        check_days(starts_on)  # first: a day near the calendar's end cannot be added to
        last_start = starts_on + timedelta(days=every_days * (len(rounds) - 1))
        check_days(starts_on, last_start + timedelta(days=deadline_days or 0))
        for index, rnd in enumerate(rounds):
            rnd.starts_on = starts_on + timedelta(days=every_days * index)
            rnd.deadline = rnd.starts_on + timedelta(days=deadline_days) if deadline_days is not None else None
        Round.objects.bulk_update(rounds, ["starts_on", "deadline"])
        log_action(
            action="league.season.round_dates_bulk",
            actor=by,
            league=season.league,
            season=season.number,
            rounds=[r.number for r in rounds],
            starts_on=starts_on,
            every_days=every_days,
            deadline_days=deadline_days,
        )
        publish_season(
            "fixtures.changed",
            season,
            by,
            words={"change": "dates", "round": rounds[0].number, "rounds": len(rounds)},
            rounds=[_dates(r) for r in rounds],
        )
    return rounds


def fixture_reopen(*, match: Any, by: User) -> Any:  # a matches.Match
    """The commissioner lets a league match of a season in its play-offs be played after all
    (docs/decisions/seasons.md, "Regular fixtures once the play-offs start")."""
    from league.competitions.seasons.selectors import NOT_PLAYED, fixture_locked
    from matches.models import Match

    require_commissioner(by, match.league)
    with transaction.atomic():
        # Only the match's row is locked: PostgreSQL cannot lock the nullable side of the outer
        # join to its season ("FOR UPDATE cannot be applied to the nullable side of an outer join").
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("league", "season", "home", "away")
            .get(pk=match.pk)
        )
        if match.status not in NOT_PLAYED or not fixture_locked(match):
            raise ValidationError(_("This match is not closed by the play-offs: there is nothing to reopen."))
        match.reopened_at = timezone.now()
        match.save(update_fields=["reopened_at"])
        log_action(
            action="league.season.fixture_reopened",
            actor=by,
            league=match.league,
            season=match.season.number,
            match=match.pk,
            home=match.home.name,
            away=match.away.name,
        )
        publish_season(
            "fixtures.changed",
            match.season,
            by,
            words={"change": "reopened", "home": match.home.name, "away": match.away.name},
            match=match.pk,
        )
    return match
