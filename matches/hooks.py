"""What the competitions (seasons, play-offs, challenges, trophies: a layer above matches) tell the
matches, without matches importing them.

A match may be a fixture of a season: whether the play-offs closed it,
whether a coach may arrange it, and the trophy a final is played for all come from the season.
The competitions register their readers in LeagueConfig.ready(); with nothing registered a match
belongs to no season. A processed match is announced by the `match_processed` signal, which the
play-offs receive to advance their bracket.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from django.db.models import Q
from django.dispatch import Signal

# Sent once a match's post-match sequence is applied and committed: match_id=<pk>.
match_processed = Signal()
# Sent, inside the transaction, whenever what a league's history says of a match may have changed:
# its sequence ran, a replay ran it again, a correction voided it (match_id=<pk>, league_id=<pk>). The ratings
# (league.ratings) hear it and bring the league's ratings up to date once it commits.
history_changed = Signal()

_NAMES = frozenset(
    {
        "fixture_locked",
        "locked_q",
        "arranged_match_problems",
        "current_regular_season",
        "season_final_trophy",
        "challenges_waiting",
        "derived_state",
        "redraw_brackets",
    }
)
_provided: dict[str, Callable[..., Any]] = {}
T = TypeVar("T")


def provide(**functions: Callable[..., Any]) -> None:
    """Register the competitions' readers, by the names of the functions below."""
    unknown = set(functions) - _NAMES
    if unknown:
        raise ValueError(f"unknown match hooks: {sorted(unknown)}")
    _provided.update(functions)


def _call(name: str, default: T, *args: Any, **kwargs: Any) -> T:
    reader = _provided.get(name)
    return default if reader is None else cast(T, reader(*args, **kwargs))


def fixture_locked(match: Any) -> bool:
    """Whether the play-offs of its season closed this league match."""
    return _call("fixture_locked", False, match)


def locked_q() -> Q:
    """The matches closed to play by their season's play-offs, as a filter."""
    return _call("locked_q", Q(pk__in=[]))


def arranged_match_problems(*, league: Any, home: Any, away: Any, season: Any) -> list[str]:
    """Why a coach may not arrange `home` v `away` now (empty: allowed)."""
    return _call("arranged_match_problems", list[str](), league=league, home=home, away=away, season=season)


def current_regular_season(league: Any) -> Any:
    """The league's season in its regular phase, if any."""
    return _call("current_regular_season", None, league)


def season_final_trophy(season_id: int | None) -> Any:
    """The trophy a season's final is played for, if any."""
    return _call("season_final_trophy", None, season_id)


def challenges_waiting(user: Any) -> list[dict[str, Any]]:
    """The challenges waiting for a user's answer or ruling."""
    return _call("challenges_waiting", list[dict[str, Any]](), user)


def derived_state(league_id: int) -> dict[str, Any]:
    """What the competitions derive from a league's results, as plain comparable values (standings
    by season, play-off seeding, trophies held): a replay's preview shows what moves."""
    return _call("derived_state", dict[str, Any](), league_id)


def redraw_brackets(season_ids: list[int], *, by: Any, match_id: int, correction: int) -> list[dict[str, Any]]:
    """Draw these seasons' play-off brackets again from their corrected tables, in the caller's
    transaction (a correction confirmed with “Redraw the bracket”); what was redrawn, old and new seeds."""
    if not season_ids:
        return []
    return _call("redraw_brackets", list[dict[str, Any]](), season_ids, by=by, match_id=match_id, correction=correction)
