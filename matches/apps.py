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
