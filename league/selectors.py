"""Read-side queries for leagues and the rulesets they play."""

from __future__ import annotations

from django.db.models import QuerySet

from league.models import League
from league.rules import Ruleset, load_ruleset


def league_ruleset(league: League) -> Ruleset:
    """The league's ruleset with its house rules applied."""
    overrides = {rule.key: rule.value for rule in league.house_rules.all()}
    base = load_ruleset(league.ruleset)
    return base.with_overrides(overrides) if overrides else base


def league_list() -> QuerySet[League]:
    return League.objects.select_related("commissioner").order_by("name")
