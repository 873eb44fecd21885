from collections.abc import Callable
from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        # Load the Celery app here rather than in league/__init__.py, so that importing the
        # pure rules engine (league.rules) never drags Django or Celery in.
        from django.db.backends.signals import connection_created

        from league.config import celery  # noqa: F401
        from league.infra.page_cache import install

        # Every connection, of requests and tasks alike, bumps the page cache's revision after a
        # committed write (league/infra/page_cache.py).
        connection_created.connect(install, dispatch_uid="league.infra.page_cache")
        _claim_task_scopes()

        # Validate every shipped ruleset at start-up: a broken data file stops the process
        # with RulesetDataError naming the file and the row, instead of failing on some page.
        from league.rules import load_ruleset, ruleset_keys

        for key in ruleset_keys():
            load_ruleset(key)

        _tell_teams_and_matches()
        _listen_to_events()
        _rate_matches()
        _derive_tables()
        _warm_pages()

        # In-app and mail notifications hear every event (league/core/events.py); importing the
        # tasks here also registers them with the Celery app (autodiscovery finds league.tasks only).
        from league.core import outbox  # noqa: F401  (the outbox's tasks)
        from league.core.events import listen_events
        from league.notices.tasks import on_events

        listen_events("notices", on_events)


def _claim_task_scopes() -> None:
    """The tasks whose writes change one league's pages, not the whole site's (league/infra/task_scopes.py):
    a post-match sequence (its two teams and its league's results), a correction (the whole league: it
    replays other teams' matches), a team's value (that team), a webhook's delivery (its league's
    webhooks page). Any other task's writes bump the whole site's version."""
    from league.infra import page_versions as v
    from league.infra.task_scopes import claim_task

    claim_task("matches.run_postgame", lambda match_id, **_: [v.match_step_of_match(match_id)])
    claim_task("matches.ping", lambda match_id, **_: [v.match_step_of_match(match_id)])
    claim_task("matches.apply_correction", lambda correction_id, **_: [v.league_of_correction(correction_id)])
    claim_task("teams.refresh_team_value", lambda team_id, **_: [v.team_step_of_team(team_id)])
    claim_task("webhooks.deliver", lambda delivery_id, **_: [v.aside_of_delivery(delivery_id)])
    claim_task("webhooks.deliver_batch", lambda delivery_ids, **_: [v.aside_of_deliveries(delivery_ids)])


def _tell_teams_and_matches() -> None:
    """The competitions sit above teams and matches, which read what they need of a season, a
    trophy or a challenge through these registrations (teams/hooks.py, matches/hooks.py)."""
    from league.competitions.challenges import selectors as challenges
    from league.competitions.challenges.trophies import selectors as trophies
    from league.competitions.seasons import fixtures
    from league.competitions.seasons import selectors as seasons
    from league.competitions.standings.derived import derived_state
    from league.competitions.standings.playoffs.redraw import redraw_brackets
    from league.competitions.standings.playoffs.services import match_processed as advance_bracket
    from matches import hooks as match_hooks
    from teams import hooks as team_hooks

    team_hooks.provide(team_benefits=trophies.team_benefits, held_keys=trophies.held_keys)
    match_hooks.provide(
        fixture_locked=seasons.fixture_locked,
        locked_q=seasons.locked_q,
        arranged_match_problems=fixtures.arranged_match_problems,
        current_regular_season=fixtures.current_regular_season,
        season_final_trophy=trophies.season_final_trophy,
        challenges_waiting=challenges.challenges_waiting,
        derived_state=derived_state,
        redraw_brackets=redraw_brackets,
    )
    match_hooks.match_processed.connect(
        lambda sender, match_id, **kwargs: _advance_bracket(advance_bracket, match_id),
        weak=False,
        dispatch_uid="league.playoffs",
    )


def _advance_bracket(advance: Callable[[int], Any], match_id: int) -> Any:
    """A play-off result may place its winner against a third team and move a trophy from its holder:
    beyond the match's two teams, so its writes claim the whole league (league/infra/page_versions.py)."""
    from league.infra.page_versions import league_of_match, page_scope

    with page_scope(league_of_match(match_id)):
        return advance(match_id)


def _listen_to_events() -> None:
    """The league's events (league/core/events.py) posted to its webhooks; the task module is
    imported so that a worker knows the task."""
    from league.core.events import listen_events
    from league.interchange import tasks as interchange_tasks  # noqa: F401  (the import runs' task)
    from league.webhooks import tasks  # noqa: F401
    from league.webhooks.services import events_heard

    listen_events("webhooks", events_heard)


def _derive_tables() -> None:
    """The standings and statistics kept at write time follow the matches' history and what a
    season's table is made of (league.competitions.derived.receivers)."""
    from league.competitions.derived.receivers import connect

    connect()


def _warm_pages() -> None:
    """A league's busiest pages rendered once its derived tables are built (league/infra/page_warm.py)."""
    from league.infra.page_warm import register
    from league.pages.warm import league_paths, league_readers

    register(league_paths, league_readers)


def _rate_matches() -> None:
    """The ratings follow the matches' history (league.ratings.services), and a new K factor or
    starting rating computes the league's ratings again; a table that ranks by rating makes the
    ratings' writes change its league's results pages (league/ratings/writes.py)."""
    from league.competitions.standings.table import ranks_by_rating
    from league.ratings.receivers import connect
    from league.ratings.writes import read_by_tables

    connect()
    read_by_tables(ranks_by_rating)
