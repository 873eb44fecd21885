from __future__ import annotations

import pytest
from django.core.management import call_command

from league.core.models import League
from league.core.selectors import league_ruleset
from league.rules import ruleset_keys
from league.rules.catalogue.team_building import NewTeam, check_new_team
from league.tooling.demo import DEMO_TEAMS, load_demo
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
        order = NewTeam(
            team_key=team.race,
            positions=counts,
            rerolls=team.rerolls,
            fan_factor=team.fan_factor,
            assistant_coaches=team.assistant_coaches,
            cheerleaders=team.cheerleaders,
            apothecary=team.apothecary,
        )
        assert ledger_balance(team) == team.treasury >= 0
        assert compute_team_value(team) == team.team_value
        played = (
            team.home_matches.filter(status="processed").exists()
            or team.away_matches.filter(status="processed").exists()
        )
        if not played:
            assert check_new_team(ruleset, order) == ()
            assert team.team_value + team.treasury == ruleset.params.starting_treasury


def test_the_demo_match_is_processed_with_the_rulebook_figures(django_capture_on_commit_callbacks):
    from matches.models import Match

    with django_capture_on_commit_callbacks(execute=True):  # the sequence runs once the demo commits
        league = load_demo()
    match = Match.objects.get(league=league, status=Match.Status.PROCESSED)
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    reavers = league.teams.get(name="Reikland Reavers")
    # Winner: (D6 4 + FAME 1) x 10,000 + 10,000; FF 3 -> 4 (3D6 = 15 > 3); #3 misses the next game.
    assert reavers.treasury == 10_000 + 60_000
    assert reavers.fan_factor == 4
    assert reavers.team_value == 990_000 - 50_000 + 10_000


def test_load_demo_twice_changes_nothing(capsys):
    call_command("load_demo")
    call_command("load_demo")
    assert League.objects.count() == len(ruleset_keys())  # the demo and one league per other ruleset
    assert League.objects.get(slug="demo-league").teams.count() == len(DEMO_TEAMS)


def test_every_other_ruleset_has_a_demo_league_of_legal_teams_and_pages_that_open(client):
    from league.tooling.demo_rulesets import TEAMS_PER_LEAGUE, load_ruleset_demos

    load_demo()
    leagues = load_ruleset_demos()
    assert sorted(league.ruleset for league in leagues) == sorted(k for k in ruleset_keys() if k != "lrb6")
    assert {"fr_house", "dungeon_lutece", "classic3"} <= {league.ruleset for league in leagues}
    for league in leagues:
        ruleset = league_ruleset(league)
        assert league.teams.count() == TEAMS_PER_LEAGUE
        for team in league.teams.all():
            assert team.fan_factor >= ruleset.params.fan_factor_min_at_creation
            assert compute_team_value(team) == team.team_value
        assert league.seasons.get().rounds.count() >= 3
        for url in (league.get_absolute_url(), f"/rulesets/{league.ruleset}/", league.teams.first().get_absolute_url()):
            assert client.get(url).status_code == 200, url
    assert load_ruleset_demos() == leagues  # a second call finds them


def test_the_command_creates_the_pbbl_demo_league_beside_the_lrb6_one(client, capsys):
    from league.tooling.demo_rulesets import TEAMS_PER_LEAGUE, ruleset_demo_name

    call_command("load_demo")
    assert "Demo — PBBL Living Rulebook 1.10: 4 teams" in capsys.readouterr().out
    league = League.objects.get(ruleset="pbbl110")
    assert league.name == ruleset_demo_name("pbbl110") and league.teams.count() == TEAMS_PER_LEAGUE
    ruleset = league_ruleset(league)
    for team in league.teams.all():
        # Built under PBBL's own lists and prices: its treasury counts in the team value (P32/L72).
        assert compute_team_value(team) == team.team_value
        assert team.team_value >= team.treasury and ledger_balance(team) == team.treasury
        assert all(p.position in {q.key for q in ruleset.team(team.race).positions} for p in team.players.all())
    assert league.seasons.get().rounds.count() >= 3
    assert client.get(league.get_absolute_url()).status_code == 200
