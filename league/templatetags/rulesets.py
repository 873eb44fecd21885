"""{% ruleset_badge %}: the ruleset a page's league or match is played under, and its version.

The section bases (league, teams, matches) call it without an argument: it finds the page's match,
league or team in the context, so every page of those sections shows it without its view doing
anything. A match shows the version its record was made under (Match.ruleset_version); a league or
a team shows the version its league plays now.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

from league.core.models import League
from league.rules import load_ruleset, ruleset_keys
from matches.models import Match
from teams.models import Team

register = template.Library()


def _key_and_version(subject: object) -> tuple[str, str] | None:
    """(ruleset key, version or "" for the ruleset's current one) of a Match, League or Team."""
    if isinstance(subject, Match):
        return subject.ruleset, subject.ruleset_version
    if isinstance(subject, Team):
        subject = subject.league
    if isinstance(subject, League):
        return subject.ruleset, ""
    return None


def _page_subject(context: template.Context) -> tuple[str, str] | None:
    # The match first: a match page knows the version its record was made under.
    for name in ("match", "league", "team"):
        found = _key_and_version(context.get(name))
        if found is not None:
            return found
    return None


@register.inclusion_tag("_ruleset_badge.html", takes_context=True)
def ruleset_badge(context: template.Context, subject: object = None) -> dict[str, Any]:
    """The badge of `subject` (a League, Team or Match), else of the page's match, league or team;
    nothing on a page that has none of them (a list of leagues, a new league)."""
    found = _key_and_version(subject) if subject is not None else _page_subject(context)
    if found is None:
        return {"badge": None}
    key, version = found
    if key not in ruleset_keys():  # a ruleset no longer shipped: its key is all there is to show
        return {"badge": {"key": key, "name": key, "version": version, "known": False}}
    ruleset = load_ruleset(key)
    return {
        "badge": {
            "key": key,
            "name": ruleset.name(get_language() or "en"),
            "version": version or ruleset.version,
            "known": True,
        }
    }
