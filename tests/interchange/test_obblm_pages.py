"""The commissioner's OBBLM import pages through the test client: upload and dry run, refusals,
confirmation, progress polled by htmx, resume after a failure, the final report, French, and
nobody else reading or writing them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.core.services import league_create
from league.interchange.models import ImportRun
from league.interchange.obblm import load as loader
from matches.models import Match
from teams.models import Team
from tests.interchange import obblm_builders

pytestmark = pytest.mark.django_db


def signed_in(user, language: str = "en") -> Client:
    client = Client()
    client.cookies["django_language"] = language
    client.force_login(user)
    return client


def upload(client: Client, league, content: bytes = b"-- dump", version: str = "", follow: bool = True):
    url = reverse("league:import_obblm", args=[league.slug])
    return client.post(url, {"dump": SimpleUploadedFile("reikland.sql", content), "version": version}, follow=follow)


def test_upload_dry_run_confirm_progress_and_report(target, commissioner, decoded, django_capture_on_commit_callbacks):
    client = signed_in(commissioner)
    home = client.get(target.get_absolute_url()).content.decode()
    assert reverse("league:import_obblm", args=[target.slug]) in home  # the commissioner's link
    response = upload(client, target, version="obblm-lrb6")
    run = ImportRun.objects.get()
    assert response.redirect_chain[-1][0] == reverse("league:import_obblm_run", args=[target.slug, run.pk])
    assert decoded["calls"] == [("obblm-lrb6", "lrb6")]
    text = response.content.decode()
    assert "Reavers &amp; &lt;Co&gt;" in text and "Season 2014" in text and "JÃ¶rg Schmidt" in text
    assert 'id="start-form"' in text and not Team.objects.exists()
    start = reverse("league:import_obblm_start", args=[target.slug, run.pk])
    refused = client.post(start, {})
    assert refused.status_code == 400 and "Tick the box to confirm the import." in refused.content.decode()
    assert not Team.objects.exists()
    client.post(start, {"confirmed": "on"})  # queued: the worker has not run yet
    run.refresh_from_db()
    assert run.state == ImportRun.State.QUEUED
    progress = reverse("league:import_obblm_progress", args=[target.slug, run.pk])
    polled = client.get(progress)
    assert 'hx-trigger="every 1s"' in polled.content.decode() and "HX-Refresh" not in polled
    note = client.get(target.get_absolute_url()).content.decode()
    assert 'id="import-run-note"' in note  # the league page says its teams come when it is done
    from league.interchange.runs import run_execute

    assert run_execute(run.pk)
    ended = client.get(progress + "?was=running")
    assert ended["HX-Refresh"] == "true" and 'data-state="done"' in ended.content.decode()
    page = client.get(reverse("league:import_obblm_run", args=[target.slug, run.pk])).content.decode()
    assert 'id="final-report"' in page and "player 11" in page and 'id="start-form"' not in page
    assert Match.objects.filter(league=target, history=True).count() == 4
    assert 'id="import-run-note"' not in client.get(target.get_absolute_url()).content.decode()


def test_a_dump_with_unmapped_rows_shows_them_and_offers_no_import(target, commissioner, decoded):
    decoded["snapshot"] = obblm_builders.snapshot_with_unmapped
    text = upload(signed_in(commissioner), target).content.decode()
    assert 'id="refusals"' in text and "player 40: no such skill in this ruleset: Give and Go" in text
    assert 'id="start-form"' not in text


def test_an_unreadable_or_too_big_file_is_refused_in_words_and_nothing_is_kept(
    target, commissioner, decoded, monkeypatch
):
    client = signed_in(commissioner)
    response = upload(client, target, b"BAD dump")
    assert (
        response.status_code == 400
        and "This dump cannot be decoded: no players table: not an OBBLM/NAFLM dump." in response.content.decode()
    )
    monkeypatch.setattr("league.interchange.forms.MAX_BYTES", 4)
    response = upload(client, target, b"-- a dump of more than four bytes")
    assert response.status_code == 400 and "The file is larger than 0 MB." in response.content.decode()
    assert not ImportRun.objects.exists()


def test_a_failed_run_offers_to_resume_and_resumes(
    target, commissioner, decoded, monkeypatch, django_capture_on_commit_callbacks
):
    client = signed_in(commissioner)
    upload(client, target)
    run = ImportRun.objects.get()
    start = reverse("league:import_obblm_start", args=[target.slug, run.pk])

    def killed(load):
        raise RuntimeError("worker lost")

    with monkeypatch.context() as patch, django_capture_on_commit_callbacks(execute=True):
        patch.setattr(loader, "STAGES", tuple((n, killed if n == "matches" else s) for n, s in loader.STAGES))
        client.post(start, {"confirmed": "on"})
    page = client.get(reverse("league:import_obblm_run", args=[target.slug, run.pk])).content.decode()
    assert 'id="import-failure"' in page and "matches" in page and "Resume the import" in page
    assert "resumed" in client.get(target.get_absolute_url()).content.decode()
    assert not Team.objects.filter(status=Team.Status.READY).exists()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(start, {"confirmed": "on"})
    run.refresh_from_db()
    assert run.state == ImportRun.State.DONE and Match.objects.filter(league=target).count() == 4


def test_the_pages_read_in_french(target, commissioner, decoded, django_capture_on_commit_callbacks):
    client = signed_in(commissioner, "fr")
    text = client.get(reverse("league:import_obblm", args=[target.slug])).content.decode()
    assert "Importer une ligue depuis OBBLM ou NAFLM" in text and "Vérifier le fichier (essai à blanc)" in text
    text = upload(client, target).content.decode()
    assert "Essai à blanc" in text and "Importer" in text
    run = ImportRun.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("league:import_obblm_start", args=[target.slug, run.pk]), {"confirmed": "on"})
    text = client.get(reverse("league:import_obblm_run", args=[target.slug, run.pk])).content.decode()
    assert "Différences avec les chiffres gardés par OBBLM" in text and "Fait" in text
    assert "valeur d'équipe" in text.replace("&#x27;", "'")


def test_only_a_commissioner_of_the_league_reads_or_writes_the_pages(
    target, commissioner, coach_alice, user_factory, decoded
):
    upload(signed_in(commissioner), target)
    run = ImportRun.objects.get()
    other = user_factory("other_commissioner")
    league_create(name="Other League", ruleset="lrb6", commissioner=other)
    args = [target.slug, run.pk]
    reads = [
        reverse("league:import_obblm", args=[target.slug]),
        reverse("league:import_obblm_run", args=args),
        reverse("league:import_obblm_progress", args=args),
    ]
    for client in (Client(), signed_in(coach_alice), signed_in(user_factory("stranger")), signed_in(other)):
        for url in reads:
            assert client.get(url).status_code == 403, url
        assert upload(client, target, follow=False).status_code == 403
        assert client.post(reverse("league:import_obblm_start", args=args), {"confirmed": "on"}).status_code == 403
    assert ImportRun.objects.count() == 1 and not Team.objects.exists()


def test_a_run_whose_worker_vanished_is_shown_stalled_and_resumes(
    target, commissioner, decoded, django_capture_on_commit_callbacks
):
    # A worker killed with its message lost leaves the run "running" with no progress: after a
    # quarter of an hour the page says so, stops polling and offers to resume; resuming finishes it.
    client = signed_in(commissioner)
    upload(client, target)
    run = ImportRun.objects.get()
    page_url = reverse("league:import_obblm_run", args=[target.slug, run.pk])
    start = reverse("league:import_obblm_start", args=[target.slug, run.pk])
    ImportRun.objects.filter(pk=run.pk).update(state=ImportRun.State.RUNNING, stage="teams")
    page = client.get(page_url).content.decode()
    assert 'hx-trigger="every 1s"' in page and "Resume the import" not in page
    assert client.post(start, {"confirmed": "on"}, follow=True).status_code == 200
    assert ImportRun.objects.get().state == ImportRun.State.RUNNING  # a live run is not started twice
    ImportRun.objects.filter(pk=run.pk).update(updated_at=timezone.now() - timedelta(minutes=16))
    page = client.get(page_url).content.decode()
    assert 'id="import-stalled"' in page and "Resume the import" in page and "every 1s" not in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(start, {"confirmed": "on"})
    run.refresh_from_db()
    assert run.state == ImportRun.State.DONE and Match.objects.filter(league=target).count() == 4
