from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TeamsConfig(AppConfig):
    name = "teams"
    verbose_name = _("Teams")

    def ready(self) -> None:
        # The API answers this app's rule refusals as "refused" (league.infra.api_exceptions).
        from league.infra.api_exceptions import register_rule_refusal

        from teams.errors import TeamRuleError

        register_rule_refusal(TeamRuleError)
