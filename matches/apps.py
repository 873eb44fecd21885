from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = _("Matches")

    def ready(self) -> None:
        from league.infra.api_exceptions import register_rule_refusal
        from matches.services.common import MatchError

        # The coach's decisions after a match the site offers (matches.decisions).
        from matches.views.decision_types import register

        # The tasks register with Celery when their module is imported: in every process, not
        # only in a worker (whose autodiscovery would), so that the services can queue them by
        # name (matches.services.postgame_queue.queue_postgame) in a web process or a command.
        from . import tasks  # noqa: F401

        # The pre-match steps' page and service parts register by name (matches.prematch_steps).
        from .prematch_steps import choice, inducements, journeymen, petty_cash, rookies, table_roll  # noqa: F401

        register()

        # The API answers this app's rule refusals as "refused" (league.infra.api_exceptions).
        register_rule_refusal(MatchError)

        # A coach's improvement choice, made on the team's side, is kept with the match's decisions.
        from matches.services.dice import improvement_decision_keep
        from teams.hooks import improvement_chosen

        improvement_chosen.connect(improvement_decision_keep, dispatch_uid="matches.improvement_decision")

        # The post-match effect kinds' applications (apply, describe, undo) register themselves:
        # every kind the rules engine declares must have one, or no match could be applied.
        from django.core.exceptions import ImproperlyConfigured

        from .effects import cards, money, players, teams  # noqa: F401
        from .services.appliers import missing_apps

        if missing_apps():
            raise ImproperlyConfigured(f"post-match effect kinds without an application: {missing_apps()}")
