"""The OBBLM loader through its services: dry run, refusal, real run, re-run, interrupted run, standings."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from league.competitions.seasons.models import Season
from league.competitions.standings.table import season_table
from league.core.models import Membership
from league.interchange.models import ImportedObject, ImportRun
from league.interchange.obblm import load as loader
from league.interchange.runs import ImportRefused, run_check, run_start
from matches.models import Match, MatchEffect, MatchPlayer
from teams.models import Advancement, Injury, Player, Team, TreasuryEntry
from tests.interchange import obblm_builders

pytestmark = pytest.mark.django_db
DUMP = b"-- an OBBLM dump"


def counts() -> dict[str, int]:
    User = get_user_model()
    models = (
        User,
        Membership,
        Team,
        Player,
        Advancement,
        Injury,
        TreasuryEntry,
        Season,
        Match,
        MatchPlayer,
        MatchEffect,
        ImportedObject,
    )
    return {m.__name__: m.objects.count() for m in models} | {
        "gold": sum(TreasuryEntry.objects.values_list("amount", flat=True)),
        "spp": sum(Player.objects.values_list("spp", flat=True)),
    }


@pytest.fixture
def imported_into(commissioner, django_capture_on_commit_callbacks):
    """Check then start an import into a league; the task runs when the start commits (eager Celery)."""

    def run_it(league, run: ImportRun | None = None) -> ImportRun:
        if run is None:
            run = run_check(
                league=league, by=commissioner, file_name="old.sql", data=DUMP, site_url="http://testserver"
            )
        with django_capture_on_commit_callbacks(execute=True):
            run_start(run=run, by=commissioner)
        run.refresh_from_db()
        return run

    return run_it


@pytest.fixture
def imported(target, imported_into):
    return lambda run=None: imported_into(target, run)


def test_the_dry_run_reports_what_would_be_created_and_writes_nothing_but_the_run(target, commissioner, decoded):
    before = counts()
    run = run_check(league=target, by=commissioner, file_name="old.sql", data=DUMP)
    assert counts() == before
    report = run.dry_report
    assert report["counts"] == {"coaches": 3, "teams": 3, "players": 9, "seasons": 1, "matches": 4, "lines": 14}
    assert report["new"]["teams"] == 3
    assert [t["name"] for t in report["teams"]] == ["Reavers & <Co>", "Gouged Eye", "Longbeards"]
    assert report["matches"][-1]["stage"] == "final"
    assert report["repairs"][0]["after"] == "Jörg Schmidt"
    assert report["unmapped"] == [] and report["problems"] == []
    assert run.state == ImportRun.State.CHECKED and bytes(run.data) == DUMP


def test_a_run_with_an_unmapped_row_is_refused_naming_it_and_writes_nothing(target, commissioner, decoded):
    decoded["snapshot"] = obblm_builders.snapshot_with_unmapped
    run = run_check(league=target, by=commissioner, file_name="old.sql", data=DUMP)
    before = counts()
    with pytest.raises(ImportRefused) as refused:
        run_start(run=run, by=commissioner)
    assert any("player 40: no such skill in this ruleset: Give and Go" in p for p in refused.value.problems)
    assert counts() == before
    run.refresh_from_db()
    assert run.state == ImportRun.State.CHECKED


def test_a_team_name_the_league_has_and_an_unknown_position_are_problems(target, commissioner, coach_alice, decoded):
    from tests.builders import orc_team

    orc_team(target, commissioner, name="Gouged Eye")
    snap = obblm_builders.snapshot()
    snap.players[0].position = "ogre_king"
    decoded["snapshot"] = lambda: snap
    report = run_check(league=target, by=commissioner, file_name="old.sql", data=DUMP).dry_report
    reasons = {(p["key"], p["reason"] % p["params"]) for p in report["problems"]}
    assert ("teams:2", "the league already has a team called “Gouged Eye”.") in reasons
    assert ("players:11", "“ogre_king” is not a position of this team.") in reasons


def test_the_real_run_creates_the_league_history(target, imported, decoded, user_factory, mailoutbox):
    dora = user_factory("dora_here", email="dora@example.org")
    run = imported()
    assert run.dry_report["coaches_linked"] == ["dora"]
    assert run.state == ImportRun.State.DONE, run.error
    teams = {t.name: t for t in Team.objects.filter(league=target)}
    reavers, orcs, dwarfs = teams["Reavers & <Co>"], teams["Gouged Eye"], teams["Longbeards"]
    assert (reavers.status, dwarfs.status) == (Team.Status.READY, Team.Status.RETIRED)
    assert orcs.coach == dora  # the e-mail of an existing account links it
    jorg = reavers.coach
    assert jorg.username == "Jörg_Schmidt" and not jorg.has_usable_password() and jorg.email == "jorg@example.org"
    assert Membership.objects.filter(league=target, user__in=[jorg, dora]).count() == 2
    assert [m.to for m in mailoutbox] == [["jorg@example.org"]]  # Balin has no address; Dora has an account
    assert "/accounts/reset/" in mailoutbox[0].body
    assert reavers.treasury == 120000 and reavers.ledger.get().kind == TreasuryEntry.Kind.STARTING_BUDGET
    assert reavers.fan_factor == 4 + 1 + 1 and reavers.team_value > 0
    players = {p.name: p for p in Player.objects.filter(team__league=target)}
    assert players["Hans"].spp == 16 and players["Otto"].spp == 3 + 5 + 8
    assert players["Otto"].status == Player.Status.DEAD and players["Fired Fritz"].status == Player.Status.FIRED
    assert players["Jo"].journeyman
    assert sorted(players["Hans"].advancements.values_list("kind", "skill")) == [
        ("new_skill", "block"),
        ("new_skill_double", "dodge"),
    ]
    assert list(players["Karl"].advancements.values_list("kind", flat=True)) == ["st_increase"]
    gim = players["Gim"]
    assert sorted(gim.injuries.values_list("casualty", "stat")) == [("smashed_hip", "ma"), ("smashed_knee", "")]
    assert gim.niggling_injuries == 1 and gim.miss_next_game  # hurt in his team's last match
    assert gim.injuries.get(stat="ma").match.import_key.endswith("matches:103")
    matches = Match.objects.filter(league=target)
    assert matches.count() == 4 and all(m.history and m.status == Match.Status.PROCESSED for m in matches)
    final = matches.get(stage=Match.Stage.FINAL)
    assert final.round.phase == "playoff" and final.round.code == "final" and final.round.number == 4
    assert MatchEffect.objects.filter(match=final, kind="winnings", team=reavers).get().amount == 80000
    assert run.report["counts"]["matches"] == 4
    assert {(v["key"], v["what"]) for v in run.report["values"]} >= {("players:11", "spp"), ("teams:1", "tv")}


def test_the_imported_season_has_its_standings(target, imported, decoded):
    imported()
    season = Season.objects.get(league=target)
    assert season.status == Season.Status.CLOSED and season.name == "Season 2014"
    table = season_table(season)
    teams = {t.name: t.pk for t in Team.objects.filter(league=target)}
    figures = {
        name: (table.row(pk).played, table.row(pk).won, table.row(pk).drawn, table.row(pk).lost)
        for name, pk in teams.items()
    }
    # The final (round 255) is a play-off match: the table counts the three regular ones.
    assert figures == {"Reavers & <Co>": (2, 2, 0, 0), "Gouged Eye": (2, 0, 1, 1), "Longbeards": (2, 0, 1, 1)}
    assert table.rows[0].team == teams["Reavers & <Co>"]
    assert (table.row(teams["Gouged Eye"]).td_for, table.row(teams["Gouged Eye"]).td_against) == (2, 3)


def test_importing_again_changes_nothing(imported, decoded):
    imported()
    before = counts()
    second = imported()
    assert second.state == ImportRun.State.DONE
    assert second.dry_report["new"] == {"coaches": 0, "teams": 0, "players": 0, "seasons": 0, "matches": 0}
    assert counts() == before


def test_a_run_killed_after_the_teams_resumes_to_the_same_end(target, imported, imported_into, decoded, monkeypatch):
    def killed(load):
        raise RuntimeError("worker lost")

    with monkeypatch.context() as patch:
        patch.setattr(loader, "STAGES", tuple((n, killed if n == "seasons" else s) for n, s in loader.STAGES))
        run = imported()
    assert run.state == ImportRun.State.FAILED and "worker lost" in run.error
    assert Team.objects.filter(league=target).count() == 3 and not Match.objects.exists()
    assert not Team.objects.filter(league=target, status=Team.Status.READY).exists()  # not shown as finished
    run = imported(run)  # resumed
    assert run.state == ImportRun.State.DONE
    assert fingerprint(target) == uninterrupted(imported_into)


def fingerprint(league) -> dict:
    """What a league holds after an import, coach accounts aside (a second import links them by e-mail)."""
    teams = Team.objects.filter(league=league)
    return {
        "teams": sorted(teams.values_list("name", "status", "treasury", "team_value", "fan_factor")),
        "players": sorted(
            Player.objects.filter(team__league=league).values_list(
                "name", "status", "spp", "niggling_injuries", "miss_next_game"
            )
        ),
        "gains": Advancement.objects.filter(player__team__league=league).count(),
        "injuries": Injury.objects.filter(player__team__league=league).count(),
        "matches": sorted(
            Match.objects.filter(league=league).values_list(
                "home__name", "home_score", "away_score", "stage", "played_on"
            )
        ),
        "lines": MatchPlayer.objects.filter(match__league=league).count(),
        "effects": sorted(
            MatchEffect.objects.filter(match__league=league).values_list("kind", "team__name", "player__name", "amount")
        ),
        "ledger": sorted(TreasuryEntry.objects.filter(team__league=league).values_list("kind", "amount")),
    }


def uninterrupted(imported_into) -> dict:
    from league.core.services import league_create

    other = league_create(
        name="Control", ruleset="lrb6", commissioner=get_user_model().objects.get(username="commissioner")
    )
    assert imported_into(other).state == ImportRun.State.DONE
    return fingerprint(other)
