from __future__ import annotations

import pytest
from django.core.management import call_command

from league.demo import DEMO_TEAMS, load_demo
from league.models import League
from league.rules.team_building import NewTeam, check_new_team
from league.selectors import league_ruleset
from teams.selectors import compute_team_value, ledger_balance

pytestmark = pytest.mark.django_db


def test_demo_league_has_legal_teams_of_different_races():
    league = load_demo()
    teams = list(league.teams.all())
    assert len(teams) == len(DEMO_TEAMS) >= 4
    assert len({t.race for t in teams}) == len(teams)
    ruleset = league_ruleset(league)
    for team in teams:
        counts: dict[str, int] = {}
        for p in team.players.all():
            counts[p.position] = counts.get(p.position, 0) + 1
        order = NewTeam(team_key=team.race, positions=counts, rerolls=team.rerolls, fan_factor=team.fan_factor,
                        assistant_coaches=team.assistant_coaches, cheerleaders=team.cheerleaders,
                        apothecary=team.apothecary)
        assert check_new_team(ruleset, order) == ()
        assert ledger_balance(team) == team.treasury >= 0
        assert compute_team_value(team) == team.team_value
        assert team.team_value + team.treasury == ruleset.params.starting_treasury


def test_load_demo_twice_changes_nothing(capsys):
    call_command("load_demo")
    call_command("load_demo")
    assert League.objects.count() == 1
    assert League.objects.get().teams.count() == len(DEMO_TEAMS)
