"""manage.py import_obblm: dry run, refusal (exit code 1 with the reasons), real run, resume."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from league.interchange.models import ImportRun
from league.interchange.obblm import load as loader
from matches.models import Match
from teams.models import Player, Team
from tests.interchange import obblm_builders

pytestmark = pytest.mark.django_db


@pytest.fixture
def dump(tmp_path):
    path = tmp_path / "reikland.sql"
    path.write_bytes(b"-- an OBBLM dump")
    return str(path)


def run(*args: str) -> str:
    out = StringIO()
    call_command("import_obblm", *args, stdout=out)
    return out.getvalue()


def test_the_dry_run_prints_the_report_and_writes_nothing(target, dump, decoded):
    out = run(dump, "--league", target.slug, "--dry-run")
    assert "Coaches: 3, teams: 3, players: 9, seasons: 1, matches: 4." in out
    assert "Reavers & <Co> (human), Jörg Schmidt: 4 players" in out and "Season 2014: 4 matches" in out
    assert "Repaired coach 1 name: “JÃ¶rg Schmidt” → “Jörg Schmidt”" in out
    assert not ImportRun.objects.exists() and not Team.objects.exists()


def test_a_refused_import_exits_with_the_reasons_and_writes_nothing(target, dump, decoded):
    decoded["snapshot"] = obblm_builders.snapshot_with_unmapped
    with pytest.raises(CommandError) as refused:
        run(dump, "--league", target.slug)
    assert "player 40: no such skill in this ruleset: Give and Go" in str(refused.value)
    assert not Team.objects.exists() and not Player.objects.exists()
    with pytest.raises(CommandError, match="No league “nowhere”"):
        run(dump, "--league", "nowhere")


def test_the_import_runs_prints_its_report_and_a_second_run_changes_nothing(
    target, dump, decoded, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):  # the invitations leave when a stage commits
        out = run(dump, "--league", target.slug, "--site-url", "https://bb.example.org")
    assert "Imported into reikland-reborn." in out and "player 11 (Hans), SPP: OBBLM 15, here 14." in out
    assert Match.objects.filter(league=target, history=True).count() == 4
    assert "https://bb.example.org/accounts/reset/" in mailoutbox[0].body
    teams = sorted(Team.objects.values_list("name", "status", "treasury", "team_value"))
    assert sorted(m.to[0] for m in mailoutbox) == ["dora@example.org", "jorg@example.org"]
    with django_capture_on_commit_callbacks(execute=True):
        run(dump, "--league", target.slug)
    assert sorted(Team.objects.values_list("name", "status", "treasury", "team_value")) == teams
    assert Match.objects.count() == 4 and len(mailoutbox) == 2  # nobody invited twice


def test_a_stopped_import_is_resumed(target, dump, decoded, monkeypatch):
    def killed(load):
        raise RuntimeError("worker lost")

    with monkeypatch.context() as patch:
        patch.setattr(loader, "STAGES", tuple((n, killed if n == "derived" else s) for n, s in loader.STAGES))
        with pytest.raises(CommandError, match="stopped at the stage “derived”: worker lost"):
            run(dump, "--league", target.slug)
    assert Match.objects.count() == 4 and not Team.objects.filter(status=Team.Status.READY).exists()
    out = run("--league", target.slug, "--resume")
    assert "Resuming the import of reikland.sql at the stage “derived”." in out
    assert Team.objects.filter(status=Team.Status.READY).count() == 2
    with pytest.raises(CommandError, match="no failed import"):
        run("--league", target.slug, "--resume")
