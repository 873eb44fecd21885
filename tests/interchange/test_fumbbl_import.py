"""Importing a FUMBBL team the way a coach does: the league's page (upload, preview, confirm) and
the command. Every refusal writes nothing."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from league.core.models import AuditEntry
from league.interchange.fumbbl.parse import MAX_BYTES
from teams.models import Advancement, Injury, Player, Team, TreasuryEntry
from tests.interchange.fumbbl_files import EXAMPLES, as_bytes, changed, roster_json, team_json

pytestmark = pytest.mark.django_db


def upload(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/json")


def page(league) -> str:
    return reverse("league:import_fumbbl", args=[league.slug])


def preview(client, league, team: bytes, roster: bytes | None = None):
    files = {"team_file": upload("team.json", team)}
    if roster is not None:
        files["roster_file"] = upload("roster.json", roster)
    return client.post(page(league), {"action": "preview", **files})


def confirm(client, league, response):
    form = response.context["confirm"]
    data = {"action": "confirm", "team_json": form.initial["team_json"], "roster_json": form.initial["roster_json"]}
    return client.post(page(league), data)


def nothing_written(league) -> bool:
    return not Team.objects.filter(league=league).exists() and not Player.objects.exists()


def test_a_coach_previews_then_creates_the_team(client, league, coach_alice):
    client.force_login(coach_alice)
    assert client.get(league.get_absolute_url()).text.count(page(league)) == 1  # linked beside "Create a team"
    assert page(league) in client.get(reverse("league:team_new", args=[league.slug])).text
    shown = preview(client, league, as_bytes(team_json()), as_bytes(roster_json()))
    assert shown.status_code == 200 and "fumbbl-confirm" in shown.text
    assert (
        "Da Krumpin&#x27; Boyz" in shown.text
        and "Black Orc Blocker" in shown.text
        and "Smashed Hip" in shown.text
        and "+1 ST" in shown.text
    )
    assert nothing_written(league)  # the preview writes nothing
    response = confirm(client, league, shown)
    team = Team.objects.get(league=league)
    assert response.status_code == 302 and response["Location"] == team.get_absolute_url()
    assert (team.coach, team.status, team.race, team.name) == (
        coach_alice,
        Team.Status.READY,
        "orc",
        "Da Krumpin' Boyz",
    )
    assert (team.rerolls, team.fan_factor, team.assistant_coaches, team.cheerleaders, team.apothecary) == (
        3,
        5,
        1,
        1,
        True,
    )
    assert team.treasury == 60000
    entry = TreasuryEntry.objects.get(team=team)
    assert (entry.kind, entry.amount, entry.key) == ("starting_budget", 60000, "import:fumbbl:710001")
    assert team.players.count() == 12
    grimgor = team.players.get(number=8)
    assert (grimgor.name, grimgor.position, grimgor.spp) == ("Grimgor", "blitzer", 21)
    assert list(grimgor.advancements.values_list("kind", "skill")) == [
        ("new_skill", "mighty_blow"),
        ("st_increase", ""),
    ]
    snorg = team.players.get(number=2)
    assert list(snorg.injuries.values_list("casualty", "stat")) == [("smashed_hip", "ma")] and snorg.miss_next_game
    assert Advancement.objects.filter(player__team=team).count() == 7 and Injury.objects.count() == 1
    assert team.team_value > 0
    assert AuditEntry.objects.filter(action="teams.team.imported", team=team, data__fumbbl_team=710001).exists()
    shown_team = client.get(team.get_absolute_url())
    assert "Grimgor" in shown_team.text and "Da Krumpin&#x27; Boyz was imported from FUMBBL." in shown_team.text


def test_the_same_fumbbl_team_twice_is_refused(client, league, coach_alice):
    client.force_login(coach_alice)
    confirm(client, league, preview(client, league, as_bytes(team_json())))
    again = preview(client, league, as_bytes(changed(team_json(), name="Another Name")))
    assert "This FUMBBL team was already imported as Da Krumpin&#x27; Boyz." in again.text
    assert "fumbbl-confirm" not in again.text
    assert Team.objects.filter(league=league).count() == 1


def test_a_bb2020_team_is_refused_naming_every_missing_part(client, league, coach_alice):
    client.force_login(coach_alice)
    shown = preview(client, league, (EXAMPLES / "team-bb2020.json").read_bytes())
    problems = shown.context["problems"]
    assert problems == [
        "No characteristic PA in this ruleset (#3 Carl Ritter, #9 Ida Sommer).",
        "No skill “Brawler” in this ruleset (#5 Emil Brandt).",
        "No skill “Arm Bar” in this ruleset (#10 Jonas Berg).",
    ]
    assert "fumbbl-confirm" not in shown.text
    # A confirmation forged around the preview is checked again.
    forged = {"action": "confirm", "team_json": (EXAMPLES / "team-bb2020.json").read_text(), "roster_json": ""}
    response = client.post(page(league), forged)
    assert response.status_code == 200 and "No skill “Brawler”" in response.text
    assert nothing_written(league)


def test_refusals_read_in_french(client, league, coach_alice):
    client.force_login(coach_alice)
    client.cookies["django_language"] = "fr"
    assert "Importer une équipe de FUMBBL" in client.get(page(league)).text
    shown = preview(client, league, as_bytes(changed(team_json("team-bb2020.json"), treasury=-500000)))
    problems = shown.context["problems"]
    assert "Aucune caractéristique PA dans ce jeu de règles (#3 Carl Ritter, #9 Ida Sommer)." in problems
    assert "Aucune compétence « Brawler » dans ce jeu de règles (#5 Emil Brandt)." in problems
    assert any(p.startswith("L'équipe a une dette de 500\u00a0000 po sur FUMBBL") for p in problems), problems
    hostile = preview(client, league, '{"name": "Café"}'.encode("latin-1"))
    assert hostile.context["problems"] == ["Le fichier n'est pas du texte UTF-8."]
    assert nothing_written(league)


@pytest.mark.parametrize(
    "data",
    [
        b"{" * (MAX_BYTES + 10),  # huge
        '{"id": 1, "name": "Équipe"}'.encode("utf-16"),  # another encoding
        b"\xff\xfe\x00garbage",  # broken bytes
        b"[" * 50_000 + b"]" * 50_000,  # nesting deep enough to break a recursive reader
        as_bytes({"id": 1, "roster": {"name": "Orc"}, "players": "all of them"}),
    ],
)
def test_hostile_files_are_refused_and_nothing_is_written(client, league, coach_alice, data):
    client.force_login(coach_alice)
    shown = preview(client, league, data)
    assert shown.status_code == 200 and (shown.context.get("problems") or shown.context["form"].errors)
    forged = client.post(page(league), {"action": "confirm", "team_json": data.decode("latin-1"), "roster_json": ""})
    assert forged.status_code in (200, 302, 400)  # 400: the site refuses NUL characters in any form
    assert nothing_written(league)


def test_who_may_import(client, league, user_factory):
    url = page(league)
    anonymous = client.post(url, {"action": "preview"})
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))
    client.force_login(user_factory("stranger"))
    assert client.get(url).status_code == 403
    assert preview(client, league, as_bytes(team_json())).status_code == 403
    forged = {"action": "confirm", "team_json": as_bytes(team_json()).decode(), "roster_json": ""}
    assert client.post(url, forged).status_code == 403
    assert nothing_written(league)


def test_the_command_dry_run_then_import(league, coach_alice, user_factory, capsys):
    team_file, roster_file = EXAMPLES / "team.json", EXAMPLES / "roster.json"
    args = [str(team_file), "--roster", str(roster_file), "--league", league.slug, "--coach", "alice"]
    call_command("import_fumbbl_team", *args, "--dry-run")
    assert "Dry run: Da Krumpin' Boyz can be imported." in capsys.readouterr().out
    assert nothing_written(league)
    call_command("import_fumbbl_team", *args)
    team = Team.objects.get(league=league)
    assert (team.coach, team.players.count(), team.treasury) == (coach_alice, 12, 60000)
    with pytest.raises(CommandError, match="already imported as Da Krumpin' Boyz"):
        call_command("import_fumbbl_team", *args)
    bb2020 = EXAMPLES / "team-bb2020.json"
    with pytest.raises(CommandError, match="(?s)PA.*Brawler.*Arm Bar"):
        call_command("import_fumbbl_team", str(bb2020), "--league", league.slug, "--coach", "alice")
    user_factory("stranger")
    with pytest.raises(CommandError, match="stranger is not a coach of Test League"):
        call_command("import_fumbbl_team", str(team_file), "--league", league.slug, "--coach", "stranger")
    with pytest.raises(CommandError, match="No user 'nobody'"):
        call_command("import_fumbbl_team", str(team_file), "--league", league.slug, "--coach", "nobody")
    assert Team.objects.filter(league=league).count() == 1
