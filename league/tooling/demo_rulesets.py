"""A demo league for every other shipped ruleset, beside the main demo (`make run`): the same
coaches, four of the demo teams built under that ruleset's own rules, and a season drawn, so each
ruleset's pages (roster, pre-match, result sheet, settings) can be tried at once.

No ruleset is named here: the leagues follow league.rules.ruleset_keys(), each league named after
its ruleset in both languages (the league's name is one text: the English name, the French one
in its description)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from league.core.models import League
from league.core.services import league_create, membership_add
from league.rules import default_ruleset_key, load_ruleset, ruleset_keys

from .demo import DEMO_TEAMS, _demo_season, demo_team

TEAMS_PER_LEAGUE = 4


def ruleset_demo_name(key: str) -> str:
    return f"Demo — {load_ruleset(key).name_en}"[:80]


def load_ruleset_demos(stdout: Any = None) -> list[League]:
    """One demo league per shipped ruleset other than the default; a second call changes nothing."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    leagues = []
    for key in ruleset_keys():
        if key == default_ruleset_key():
            continue
        existing = League.objects.filter(ruleset=key, name=ruleset_demo_name(key)).first()
        if existing:
            leagues.append(existing)
            continue
        rs = load_ruleset(key)
        with transaction.atomic():
            commissioner = User.objects.get(username="commissioner")
            league = league_create(
                name=ruleset_demo_name(key),
                ruleset=key,
                commissioner=commissioner,
                description=f"{rs.name_en} / {rs.name_fr}",
            )
            for entry in DEMO_TEAMS[:TEAMS_PER_LEAGUE]:
                coach = User.objects.get(username=entry[0])
                membership_add(league=league, user=coach)
                demo_team(league, coach, entry, rs.params.fan_factor_min_at_creation, rs.params.apothecary_max > 0)
            _demo_season(league)
        if stdout:
            stdout.write(f"  {league.name}: {league.teams.count()} teams\n")
        leagues.append(league)
    return leagues
