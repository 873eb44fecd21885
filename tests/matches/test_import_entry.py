"""The three ways in to the importer: the management command, the API and the upload page."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from league.core.services import league_join
from rest_framework.test import APIClient

from matches.models import Match
from tests.matches.test_import_service import example, row_counts

pytestmark = pytest.mark.django_db

URL = "/api/matches/import/"
PAGE = "/matches/import/"


@pytest.fixture
def carol(league, user_factory):
    """A coach of the same league with no team in the match."""
    user = user_factory("carol")
    league_join(league=league, user=user)
    return user


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


# --- python manage.py import_match ---


def test_the_command_reports_each_file_and_fails_when_one_is_refused(
    tmp_path, humans, orcs, django_capture_on_commit_callbacks
):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(example()), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({**example(), "report_id": "other", "league": "nowhere", "home": "Reavers"}))
    out, err = StringIO(), StringIO()
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(CommandError) as failed:
        call_command(
            "import_match", str(good), str(broken), str(wrong), str(tmp_path / "missing.json"), stdout=out, stderr=err
        )
    assert failed.value.returncode == 1 and "3 of 4 reports refused" in str(failed.value)
    match = Match.objects.get()
    assert match.status == Match.Status.PROCESSED  # no user behind the command: trusted, confirmed
    assert out.getvalue().strip() == f"{good}: created match {match.pk}, Reavers v Gouged Eye (/matches/{match.pk}/)."
    errors = err.getvalue()
    assert f"{broken}: refused:\n  - The report is not valid JSON" in errors
    assert f"{wrong}: refused:\n  - There is no league “nowhere”." in errors
    assert f"{tmp_path / 'missing.json'}: refused: the file cannot be read" in errors

    out = StringIO()
    before = row_counts()
    call_command("import_match", str(good), stdout=out, stderr=StringIO())  # exit code 0: no exception
    assert out.getvalue().strip() == (
        f"{good}: already imported as match {match.pk}, Reavers v Gouged Eye (/matches/{match.pk}/)."
    )
    assert row_counts() == before


# --- POST /api/matches/import/ ---


def test_the_api_imports_for_the_commissioner(humans, orcs, commissioner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(commissioner).post(URL, example(), format="json")
    assert response.status_code == 201, response.content
    match = Match.objects.get()
    # Confirmed when answered; the post-match sequence runs once the transaction has committed.
    assert response.json() == {
        "match": match.pk,
        "url": f"/matches/{match.pk}/",
        "status": "confirmed",
        "import_key": "test-league:2025-round-1-reavers-gouged-eye",
        "created": True,
    }
    match.refresh_from_db()
    assert match.status == Match.Status.PROCESSED
    again = client_for(commissioner).post(URL, example(), format="json")
    assert again.status_code == 200 and again.json()["created"] is False and again.json()["match"] == match.pk


def test_a_coach_imports_through_the_api_and_the_result_waits(humans, orcs, coach_alice):
    response = client_for(coach_alice).post(URL, example(), format="json")
    assert response.status_code == 201 and response.json()["status"] == "submitted"


def test_the_api_refuses_with_every_reason(humans, orcs, coach_alice):
    data = example()
    data["result"]["home_score"] = -1
    data["format_version"] = 3
    response = client_for(coach_alice).post(URL, data, format="json")
    assert response.status_code == 400
    reasons = ["$.format_version: must be 1.", "$.result.home_score: must be at least 0."]
    assert response.json() == {"code": "refused", "detail": " ".join(reasons), "errors": reasons, "fields": {}}
    data = example()
    data["players"]["home"].append({"number": 42, "touchdowns": 1})
    response = client_for(coach_alice).post(URL, data, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [
        "Reavers has no player #42.",
        "The home players scored 3 touchdowns but the score says 2.",
    ]
    malformed = client_for(coach_alice).post(URL, "{not json", content_type="application/json")
    assert malformed.status_code == 400 and malformed.json()["errors"][0].startswith("The report is not valid JSON")
    assert malformed.json()["code"] == "parse_error"
    assert Match.objects.count() == 0


def test_the_api_permissions(humans, orcs, carol):
    before = row_counts()
    anonymous = client_for().post(URL, example(), format="json")
    assert anonymous.status_code == 401 and "WWW-Authenticate" in anonymous.headers
    session = APIClient(enforce_csrf_checks=True)  # anonymous by session: still refused
    assert session.post(URL, example(), format="json").status_code in (401, 403)
    assert client_for(carol).post(URL, example(), format="json").status_code == 403
    assert row_counts() == before


def test_basic_authentication_works(humans, orcs, coach_alice):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Basic " + __import__("base64").b64encode(b"alice:pw-alice").decode())
    assert client.post(URL, example(), format="json").status_code == 201


def test_the_endpoint_is_in_the_openapi_schema():
    from drf_spectacular.validation import validate_schema

    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    validate_schema(schema)
    operation = schema["paths"][URL]["post"]
    assert operation["operationId"] == "matches_import"
    assert set(operation["responses"]) == {"200", "201", "400", "401", "403", "429"}
    body = operation["requestBody"]["content"]["application/json"]
    assert "report_id" in body["schema"]["properties"] and body["examples"]
    bad = operation["responses"]["400"]["content"]["application/json"]["schema"]
    assert bad == {"$ref": "#/components/schemas/Error"}
    assert set(schema["components"]["schemas"]["Error"]["required"]) == {"code", "detail", "errors", "fields"}


# --- /matches/import/ ---


def test_the_page_needs_a_login(client):
    response = client.get(PAGE)
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")


def test_the_page_imports_pasted_text_and_shows_the_match(client, humans, orcs, coach_alice):
    client.force_login(coach_alice)
    assert client.get(PAGE).status_code == 200
    response = client.post(PAGE, {"text": json.dumps(example())})
    match = Match.objects.get()
    assert response.status_code == 302 and response.url == match.get_absolute_url()
    again = client.post(PAGE, {"file": SimpleUploadedFile("report.json", json.dumps(example()).encode())})
    assert again.status_code == 302 and again.url == match.get_absolute_url() and Match.objects.count() == 1


def test_the_page_lists_every_error(client, humans, orcs, coach_alice):
    client.force_login(coach_alice)
    data = example()
    data["result"]["away_score"] = -1
    data["colour"] = "red"
    upload = SimpleUploadedFile("report.json", json.dumps(data).encode())
    response = client.post(PAGE, {"file": upload})
    assert response.status_code == 400
    html = response.content.decode()
    assert "$: unknown field “colour”." in html and "$.result.away_score: must be at least 0." in html
    assert html.count("<li>$") == 2
    assert "not valid JSON" in client.post(PAGE, {"text": "{"}).content.decode()
    assert "Choose a file or paste the report." in client.post(PAGE, {}).content.decode()
    assert Match.objects.count() == 0


def test_the_page_refuses_a_stranger(client, humans, orcs, carol):
    client.force_login(carol)
    response = client.post(PAGE, {"text": json.dumps(example())})
    assert response.status_code == 403 and "may import this match" in response.content.decode()
    assert Match.objects.count() == 0
