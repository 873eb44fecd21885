"""Which versions key the page at a URL and which a form posted to it claims
(league/infra/page_versions.py), for the page cache's middleware (league/infra/page_cache.py)."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import Resolver404, ResolverMatch, resolve

from league.infra.page_versions import (
    Scope,
    league_of_correction,
    league_of_player,
    league_of_slug,
    league_of_team,
    league_pages_of_slug,
    match_pages_of_match,
    match_progress_of_match,
    match_step_of_improvement,
    match_step_of_match,
    team_pages_of_team,
)


def _resolved(request: HttpRequest) -> ResolverMatch | None:
    """The URL's view and arguments, resolved once per request (Django resolves it again below)."""
    if not hasattr(request, "_page_resolved"):
        try:
            request._page_resolved = resolve(request.path_info)  # type: ignore[attr-defined]
        except Resolver404:
            request._page_resolved = None  # type: ignore[attr-defined]
    return request._page_resolved  # type: ignore[attr-defined,no-any-return]


def _url_scopes(request: HttpRequest) -> tuple[Scope | None, Scope | None]:
    """What keys the page at this URL, and what a form posted to it claims to change
    (league/infra/page_versions.py): a league's page, everything of the league and its results; a
    team's or a player's page, the league and the team; a match's, the league and its two teams. A form
    posted under a league's or a team's URL claims the whole league; one posted under a match's URL (its
    pre-match, its result, an improvement after it) a step of that match: its teams and its league's
    results. None: a page that is no one league's, or a URL whose ids are not known here (a decision's
    `pk` is of its kind's own table): its writes claim nothing, so they bump the whole site."""
    if not hasattr(request, "_page_scopes"):
        request._page_scopes = _scopes_of(_resolved(request))  # type: ignore[attr-defined]
    return request._page_scopes  # type: ignore[attr-defined,no-any-return]


# A league's pages that show what its events' listeners write (notifications mailed, webhooks' deliveries).
_ASIDE_PAGES = ("mail", "webhooks", "webhook")
# Its pages that show its ratings (the ratings' batch bumps them; league/ratings/writes.py).
_RATING_PAGES = ("ratings", "coach_rating")
# Its pages that show results only (processed or confirmed matches, their lines, the table, the
# ratings): a match's progress before its result (STEP) leaves them kept. Any other page of the
# league carries STEP. Its home's next fixtures list the matches not played, by round, day and id:
# a draft that moves a match's day claims the results (matches.services.report.write_report).
_RESULTS_PAGES = (
    "detail",
    "season_standings",
    "stats",
    "stats_records",
    "stats_hall_of_fame",
    "stats_cemetery",
    *_RATING_PAGES,
)
# A match's pages whose forms record its progress before its result counts (pre-match, petty cash,
# inducements, cards bought or played, dice, a draft and its submission): they claim STEP, not PLAY.
_PROGRESS_FORMS = (
    "prematch",
    "prematch_budget",
    "petty_cash",
    "inducements",
    "card_buy",
    "card_play",
    "result",
    "dice",
    "submit",
)


def _scopes_of(match: ResolverMatch | None) -> tuple[Scope | None, Scope | None]:
    if match is None:
        return None, None
    names, kwargs, name = match.namespaces, match.kwargs, match.url_name or ""
    if "kind" in kwargs and "pk" in kwargs and ("matches" in names or name.startswith("api-matches-")):
        return None, None  # a decision: its pk is not a match's
    if "slug" in kwargs and ("league" in names or "matches" in names or name.startswith("api-")):
        keyed = league_pages_of_slug(
            kwargs["slug"],
            aside=name in _ASIDE_PAGES,
            ratings=name in _RATING_PAGES,
            steps=not ("league" in names and name in _RESULTS_PAGES),
        )
        return keyed, league_of_slug(kwargs["slug"])
    if "teams" in names and "pk" in kwargs:
        return team_pages_of_team(kwargs["pk"]), league_of_team(kwargs["pk"])
    if "matches" in names or name.startswith(("api-matches-", "api-correction")):
        if "pk" in kwargs:
            if "matches" in names and name in _PROGRESS_FORMS:
                return match_pages_of_match(kwargs["pk"]), match_progress_of_match(kwargs["pk"])
            return match_pages_of_match(kwargs["pk"]), match_step_of_match(kwargs["pk"])
        if "cid" in kwargs:  # a correction replays the later matches of its teams: the whole league
            return league_of_correction(kwargs["cid"]), league_of_correction(kwargs["cid"])
        if "roll_id" in kwargs:
            return match_step_of_improvement(kwargs["roll_id"]), match_step_of_improvement(kwargs["roll_id"])
    if name.startswith("api-") and "team_id" in kwargs:
        return league_of_team(kwargs["team_id"]), league_of_team(kwargs["team_id"])
    if name.startswith("api-") and "player_id" in kwargs:
        return league_of_player(kwargs["player_id"]), league_of_player(kwargs["player_id"])
    return None, None
