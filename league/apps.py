from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        # Load the Celery app here rather than in league/__init__.py, so that importing the
        # pure rules engine (league.rules) never drags Django or Celery in.
        from django.db.backends.signals import connection_created

        from . import celery  # noqa: F401
        from .page_cache import install

        # Every connection, of requests and tasks alike, bumps the page cache's revision after a
        # committed write (league/infra/page_cache.py).
        connection_created.connect(install, dispatch_uid="league.infra.page_cache")

        # Validate every shipped ruleset at start-up: a broken data file stops the process
        # with RulesetDataError naming the file and the row, instead of failing on some page.
        from .rules import load_ruleset, ruleset_keys

        for key in ruleset_keys():
            load_ruleset(key)
