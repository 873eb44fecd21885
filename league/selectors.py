"""Read-side queries for leagues and the rulesets they play."""

from __future__ import annotations

from django.db.models import QuerySet

from league.models import AuditEntry, League
from league.rules import Ruleset, load_ruleset


def league_ruleset(league: League) -> Ruleset:
    """The league's ruleset with its house rules applied."""
    overrides = {rule.key: rule.value for rule in league.house_rules.all()}
    base = load_ruleset(league.ruleset)
    return base.with_overrides(overrides) if overrides else base


def league_list() -> QuerySet[League]:
    return League.objects.select_related("commissioner").order_by("name")


def league_setting_values(league: League) -> dict[str, object]:
    """Each setting of the league's ruleset ([settings] in its data) with the value in force."""
    ruleset = league_ruleset(league)
    return {
        s.key: getattr(league, s.key) if s.league_field else getattr(ruleset.params, s.key)
        for s in ruleset.league_settings
    }


def league_setting_changes(league: League, limit: int = 50) -> QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(league=league, action="league.setting.changed").select_related("actor")[:limit]
