"""iCalendar feeds (RFC 5545) of a league's and a team's season matches, made by `icalendar`
(which folds lines and ends them with CRLF). One all-day event per match on its round's first day
(or the day it was played); its UID is stable (match-<pk>@<host>) so a subscriber's calendar
updates the event instead of duplicating it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from league.competitions.seasons.round_labels import round_label
from league.competitions.seasons.rounds import FIRST_DAY, LAST_DAY
from league.competitions.seasons.selectors import calendar_matches
from league.core.selectors import league_or_404
from teams.selectors import team_or_404

PLAYED = ("confirmed", "processing", "processed", "failed")


def _feed(request: HttpRequest, name: str, matches: Iterable[Any]) -> HttpResponse:
    calendar = Calendar()
    calendar.add("prodid", "-//Blood Bowl league manager//calendar//EN")
    calendar.add("version", "2.0")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    host = request.get_host().split(":")[0] or "localhost"
    now = timezone.now()
    for match in matches:
        day = match.played_on or match.round.starts_on
        if not FIRST_DAY <= day <= LAST_DAY:
            continue  # a day from before the range was enforced: no event rather than no feed
        event = Event()
        event.add("uid", f"match-{match.pk}@{host}")
        event.add("dtstamp", now)
        event.add("dtstart", day)
        event.add("dtend", day + timedelta(days=1))
        summary = _("%(home)s v %(away)s") % {"home": match.home.name, "away": match.away.name}
        if match.round_id is not None and match.round.phase == match.round.Phase.PLAYOFF:
            summary = _("%(round)s: %(match)s") % {"round": round_label(match.round, match), "match": summary}
        if match.status in PLAYED and match.home_score is not None:
            summary += f" ({match.home_score}-{match.away_score})"
        event.add("summary", summary)
        lines = [f"{match.league.name} · {match.season.name}"]
        if match.round_id is not None:
            lines.append(round_label(match.round, match))
            if match.round.deadline:
                lines.append(_("Deadline: %(date)s") % {"date": match.round.deadline.isoformat()})
        event.add("description", "\n".join(lines))
        event.add("url", request.build_absolute_uri(match.get_absolute_url()))
        calendar.add_component(event)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="calendar.ics"'
    return response


def league_calendar(request: HttpRequest, slug: str) -> HttpResponse:
    league = league_or_404(slug)
    return _feed(request, league.name, calendar_matches(league=league))


def team_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    team = team_or_404(pk)
    return _feed(request, team.name, calendar_matches(team_id=team.pk))
