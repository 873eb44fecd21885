from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = _("Matches")

    def ready(self) -> None:
        # The API answers this app's rule refusals as "refused" (league.api_exceptions).
        from league.api_exceptions import register_rule_refusal
        from matches.services.common import MatchError

        register_rule_refusal(MatchError)

        # Register the tasks in every process, not only in the worker: the web process queues the
        # post-match sequence by the task's name (postgame.queue_postgame), and Celery's
        # autodiscovery imports tasks modules only when a worker or beat starts. Without this the
        # name is unknown there and a confirmed match waits for the periodic sweep.
        from matches import tasks  # noqa: F401
