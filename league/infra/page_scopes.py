"""The scopes of kept pages (league/infra/page_versions.py): the versions' ids, and the queries that find
which versions a page at a URL is keyed by and which a write claims. Re-exported by page_versions."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

SITE = 1
ANY = 2
LEAGUE = 1 << 40
USER = 2 << 40
PLAY = 3 << 40
TEAM = 4 << 40
ASIDE = 5 << 40
RATE = 6 << 40
STEP = 7 << 40

# A version's id, or a query (SQL, params) whose rows' first column are versions' ids, or a function
# giving scopes at the commit.
Scope = int | tuple[str, tuple[Any, ...]] | Callable[[], Iterable[Any]]


def _of(kind: int, pk: int | None) -> int:
    """The version of `kind` for one row, or SITE for none (what it changed is unknown)."""
    return kind + pk if pk else SITE


def league_scope(league_id: int | None) -> int:
    return _of(LEAGUE, league_id)


def user_scope(user_id: int | None) -> int:
    return _of(USER, user_id)


def play_scope(league_id: int | None) -> int:
    return _of(PLAY, league_id)


def team_scope(team_id: int | None) -> int:
    return _of(TEAM, team_id)


def aside_scope(league_id: int | None) -> int:
    return _of(ASIDE, league_id)


def rate_scope(league_id: int | None) -> int:
    return _of(RATE, league_id)


# --- What a page at a URL is keyed by (the reads' side) ---


def league_pages_of_slug(slug: str, aside: bool = False, ratings: bool = False, steps: bool = True) -> Scope:
    """A league's own page: everything of the league, and its results; its mail and webhooks pages
    (`aside`) what its events' listeners write too, its ratings pages (`ratings`) its ratings; and,
    unless it shows results only (`steps` False: its home, standings, statistics, ratings), its
    matches' progress before their result (a match's status on the season's pages)."""
    kinds = [LEAGUE, PLAY, *((STEP,) if steps else ()), *((ASIDE,) if aside else ()), *((RATE,) if ratings else ())]
    sql = " UNION ALL ".join(f"SELECT {kind} + id AS id FROM league_league WHERE slug = %s" for kind in kinds)
    return sql, (slug,) * len(kinds)


def team_pages_of_team(team_id: int) -> Scope:
    """A team's page and its players': its league's settings and names, and the team itself."""
    return (
        f"SELECT {LEAGUE} + league_id AS id FROM teams_team WHERE id = %s"  # noqa: S608
        f" UNION ALL SELECT {TEAM} + id FROM teams_team WHERE id = %s",
        (team_id, team_id),
    )


def match_pages_of_match(match_id: int) -> Scope:
    """A match's pages: its league's settings and names, and its two teams (their players, the match's
    own steps, which claim both teams)."""
    return (
        f"SELECT {LEAGUE} + league_id AS id FROM matches_match WHERE id = %s"  # noqa: S608
        f" UNION ALL SELECT {TEAM} + home_id FROM matches_match WHERE id = %s"
        f" UNION ALL SELECT {TEAM} + away_id FROM matches_match WHERE id = %s",
        (match_id,) * 3,
    )


# --- What a write claims (the writes' side) ---


def _league_part_and_teams(kind: int, match_id: int) -> Scope:
    """The match's league's version of `kind` and its two teams'."""
    return (
        f"SELECT {kind} + league_id AS id FROM matches_match WHERE id = %s"  # noqa: S608
        f" UNION ALL SELECT {TEAM} + home_id FROM matches_match WHERE id = %s"
        f" UNION ALL SELECT {TEAM} + away_id FROM matches_match WHERE id = %s",
        (match_id,) * 3,
    )


def match_step_of_match(match_id: int) -> Scope:
    """A step of a match (its result, its post-match sequence): its two teams, and its league's
    results (standings, leaders...), not the other teams' pages."""
    return _league_part_and_teams(PLAY, match_id)


def match_progress_of_match(match_id: int) -> Scope:
    """A step of a match before its result counts (its pre-match, a draft, its submission, a card
    played): its two teams, and its league's pages that show a match's progress (STEP), not those
    that show results only. A draft that moves the match's day claims its results too
    (matches.services.report.write_report: the home orders its next fixtures by it)."""
    return _league_part_and_teams(STEP, match_id)


def match_step_of_improvement(roll_id: int) -> Scope:
    """An improvement chosen after a match: a step of that match."""
    return (
        f"SELECT {PLAY} + m.league_id AS id FROM teams_improvementroll r"  # noqa: S608
        " JOIN matches_match m ON m.id = r.match_id WHERE r.id = %s"
        f" UNION ALL SELECT {TEAM} + p.team_id FROM teams_improvementroll r"
        " JOIN teams_player p ON p.id = r.player_id WHERE r.id = %s",
        (roll_id, roll_id),
    )


def team_step_of_team(team_id: int) -> Scope:
    """A write to one team only (its value refreshed): the team, and its league's tables that show it."""
    return (
        f"SELECT {PLAY} + league_id AS id FROM teams_team WHERE id = %s"  # noqa: S608
        f" UNION ALL SELECT {TEAM} + id FROM teams_team WHERE id = %s",
        (team_id, team_id),
    )


def aside_of_delivery(delivery_id: int) -> Scope:
    """A webhook's delivery: its league's webhooks page."""
    return (
        f"SELECT {ASIDE} + w.league_id AS id FROM league_delivery d"  # noqa: S608
        " JOIN league_webhook w ON w.id = d.webhook_id WHERE d.id = %s",
        (delivery_id,),
    )


def league_of_slug(slug: str) -> Scope:
    return (f"SELECT {LEAGUE} + id AS id FROM league_league WHERE slug = %s", (slug,))  # noqa: S608


def league_of_team(team_id: int) -> Scope:
    return (f"SELECT {LEAGUE} + league_id AS id FROM teams_team WHERE id = %s", (team_id,))  # noqa: S608


def league_of_match(match_id: int) -> Scope:
    return (f"SELECT {LEAGUE} + league_id AS id FROM matches_match WHERE id = %s", (match_id,))  # noqa: S608


def league_of_player(player_id: int) -> Scope:
    return (
        f"SELECT {LEAGUE} + t.league_id AS id FROM teams_player p"  # noqa: S608
        " JOIN teams_team t ON t.id = p.team_id WHERE p.id = %s",
        (player_id,),
    )


def league_of_correction(correction_id: int) -> Scope:
    return (
        f"SELECT {LEAGUE} + m.league_id AS id FROM matches_matchcorrection c"  # noqa: S608
        " JOIN matches_match m ON m.id = c.match_id WHERE c.id = %s",
        (correction_id,),
    )


def aside_of_deliveries(delivery_ids: Iterable[int]) -> Scope:
    """A batch of webhook deliveries: their leagues' webhooks pages."""
    ids = [int(pk) for pk in delivery_ids] or [0]
    return (
        f"SELECT DISTINCT {ASIDE} + w.league_id AS id FROM league_delivery d"  # noqa: S608
        f" JOIN league_webhook w ON w.id = d.webhook_id WHERE d.id IN ({', '.join(['%s'] * len(ids))})",
        tuple(ids),
    )


def notifications_scope(where: str, params: tuple[Any, ...]) -> Scope:
    """The readers and leagues of the notifications `where` selects (a league's mail page shows their mail)."""
    return (
        f"SELECT {USER} + user_id AS id FROM league_notification WHERE {where}"  # noqa: S608
        f" UNION SELECT {ASIDE} + league_id FROM league_notification WHERE league_id IS NOT NULL AND {where}",
        params * 2,
    )
