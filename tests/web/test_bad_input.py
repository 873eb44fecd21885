"""Bad input as a new user sends it: a clear 400 (or the form again, with the reason), nothing written, never a 500.

A NUL character in a name, JSON nested 100,000 deep, an integer of 5,000 digits, `?league=%00`,
through the import (page, API, command), the team API and the pages. SQLite is made to refuse a
NUL as PostgreSQL does (refuse_nul_like_postgres), so none can slip through to the database.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from rest_framework.test import APIClient

from matches.models import Match
from tests.api.conftest import body
from tests.matches.test_import_service import example, row_counts
from tests.web.test_team_creation_pages import LEGAL, form_data, new_url

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("refuse_nul_like_postgres")]

IMPORT_API = "/api/matches/import/"
IMPORT_PAGE = "/matches/import/"
DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5000
NUL_REASON = "contains a NUL character"
ERROR_KEYS = {"code", "detail", "errors", "fields"}


def api(user=None) -> APIClient:
    client = APIClient(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def refused(response, status: int, code: str, *fragments: str) -> None:
    assert response.status_code == status, response.content
    data = response.json()
    assert set(data) == ERROR_KEYS and data["code"] == code, data
    for fragment in fragments:
        assert any(fragment in e for e in data["errors"]), (fragment, data["errors"])


@pytest.fixture
def unchanged():
    from contextlib import contextmanager

    @contextmanager
    def check():
        before = row_counts()
        yield
        assert row_counts() == before

    return check


# --- A NUL character in a name ---


def test_nul_in_a_team_name_is_refused_by_the_import_api_and_page(client, humans, orcs, commissioner, unchanged):
    report = {**example(), "home": "Reav\x00ers"}
    with unchanged():
        refused(api(commissioner).post(IMPORT_API, report, format="json"), 400, "parse_error", "$.home: " + NUL_REASON)
        client.force_login(commissioner)
        page = client.post(IMPORT_PAGE, {"file": SimpleUploadedFile("r.json", json.dumps(report).encode())})
    assert page.status_code == 400 and "$.home: " + NUL_REASON in page.text
    assert not Match.objects.exists()


def test_nul_in_team_and_player_names_is_refused_by_the_api(coach_alice, league, humans, unchanged):
    player = humans.players.first()
    players = body(("lineman", 11))
    players[3]["name"] = "Bad\x00Name"
    requests = [
        (
            "post",
            "/api/teams/",
            {"league": league.slug, "name": "A\x00", "race": "human", "players": body(("lineman", 11))},
        ),
        ("post", "/api/teams/", {"league": league.slug, "name": "Fine", "race": "human", "players": players}),
        ("post", f"/api/teams/{humans.pk}/hire/", {"position": "lineman", "name": "Nul\x00"}),
        ("patch", f"/api/players/{player.pk}/", {"name": "Nul\x00"}),
        ("post", "/api/teams/", {"league": league.slug, "name": "Key", "race": "human", "players": [], "\x00": 1}),
    ]
    with unchanged():
        for method, url, data in requests:
            refused(getattr(api(coach_alice), method)(url, data, format="json"), 400, "parse_error", NUL_REASON)
        # The same as a form body (the API also reads forms): refused before any view.
        form = api(coach_alice).post(f"/api/teams/{humans.pk}/hire/", {"position": "lineman", "name": "Nul\x00"})
        refused(form, 400, "bad_request", "“name”: " + NUL_REASON)


def test_nul_in_a_name_on_the_team_pages_is_refused(alice_client, league, humans, unchanged):
    with unchanged():
        response = alice_client.post(new_url(league), form_data(name="Reav\x00ers", rows=LEGAL))
        assert response.status_code == 400 and NUL_REASON in response.text and "Nothing was changed" in response.text
        rows = [(p, n, "Ne\x00d" if n == 3 else name) for p, n, name in LEGAL]
        assert alice_client.post(new_url(league), form_data(name="Fine", rows=rows)).status_code == 400
        hire = alice_client.post(
            reverse("teams:player_hire", args=[humans.pk]), {"position": "lineman", "name": "Griff\x00"}
        )
        assert hire.status_code == 400 and NUL_REASON in hire.text


# --- JSON nested 100,000 deep; an integer of 5,000 digits ---


@pytest.mark.parametrize(
    "text, reason",
    [
        (DEEP, "nested too deeply"),
        ('{"report_id": ' + HUGE + "}", "5000 digits is too large"),
        ('{"a": [NaN]}', "NaN is not a JSON value"),
        ('{"a": "\\ud800"}', "unpaired surrogate"),
    ],
)
def test_unreadable_json_is_a_400_on_every_json_endpoint(client, humans, coach_alice, text, reason, unchanged):
    player = humans.players.first()
    with unchanged():
        for method, url in [
            ("post", IMPORT_API),
            ("post", "/api/teams/"),
            ("post", f"/api/teams/{humans.pk}/hire/"),
            ("patch", f"/api/players/{player.pk}/"),
            ("put", f"/api/teams/{humans.pk}/"),
        ]:
            response = getattr(api(coach_alice), method)(url, text, content_type="application/json")
            refused(response, 400, "parse_error", reason)
        client.force_login(coach_alice)
        for data in ({"text": text}, {"file": SimpleUploadedFile("r.json", text.encode())}):
            page = client.post(IMPORT_PAGE, data)
            assert page.status_code == 400 and reason in page.text


def test_numbers_no_column_holds_are_refused(coach_alice, league, humans, unchanged):
    too_big = 2**63
    with unchanged():
        for data in (
            {"position": "lineman", "name": "Big", "number": too_big},
            {"position": "lineman", "name": "Big", "number": -too_big - 1},
        ):
            refused(api(coach_alice).post(f"/api/teams/{humans.pk}/hire/", data, format="json"), 400, "parse_error")
        report = {**example(), "result": {**example()["result"], "gate": 2**31}}
        refused(
            api(coach_alice).post(IMPORT_API, report, format="json"), 400, "refused", "$.result.gate: must be at most"
        )


def test_a_result_too_large_for_its_column_is_a_form_error(client, ready_match, humans, coach_alice):
    from tests.builders import pid
    from tests.matches.test_views_support import report_data

    h1 = pid(humans, 1)
    client.force_login(coach_alice)
    url = reverse("matches:result", args=[ready_match.pk])
    for fields in ({"home_score": 40000, f"p{h1}_td": 40000}, {"gate": 10**30}, {f"p{h1}_comp": 10**6}):
        response = client.post(url, report_data(ready_match, **fields))
        assert response.status_code == 200 and "Ensure this value is less than or equal to" in response.text
        ready_match.refresh_from_db()
        assert ready_match.home_score is None and ready_match.gate is None


# --- A NUL character in the query string or the address ---


@pytest.mark.parametrize(
    "url",
    [
        "/matches/?league=%00",
        "/rosters/?ruleset=%00",
        "/rosters/?team=x%00",
        "/accounts/login/?next=%00",
        "/accounts/signup/?next=/%00",
        "/teams/%00/",
        "/?%00=1",
    ],
)
def test_nul_in_a_page_address_is_a_400_page(client, league, url):
    response = client.get(url)
    assert response.status_code == 400 and NUL_REASON in response.text


@pytest.mark.parametrize("url", ["/api/teams/?league=%00", "/api/teams/?limit=%00", "/api/rulesets/%00/"])
def test_nul_in_an_api_address_is_a_400(league, url):
    refused(api().get(url), 400, "bad_request", NUL_REASON)


def test_filters_and_pages_out_of_range_are_not_errors(league, humans):
    assert api().get("/api/teams/", {"limit": "9" * 30}).json()["count"] == 1
    assert api().get("/api/teams/", {"offset": "9" * 30, "limit": HUGE}).json()["results"] == []
    assert api().get(f"/api/teams/{'9' * 30}/").status_code == 404
    refused(api().get("/api/teams/", {"league": "no-such-league"}), 400, "invalid", "league: ")


# --- manage.py import_match ---


def test_the_command_reports_every_bad_file_and_imports_the_good_one(tmp_path, humans, orcs, capsys):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(example()), encoding="utf-8")
    files = {
        "deep.json": DEEP,
        "huge.json": '{"report_id": ' + HUGE + "}",
        "nul.json": json.dumps({**example(), "report_id": "other", "home": "Reav\x00ers"}),
        "latin1.json": b"{\xe9}",
    }
    for name, content in files.items():
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    (tmp_path / "folder.json").mkdir()
    names = [str(tmp_path / n) for n in ("deep.json", "huge.json", "folder.json", "nul.json", "latin1.json")]
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("import_match", *names[:3], str(good), *names[3:], stdout=out, stderr=err)
    assert failed.value.returncode == 1 and "5 of 6 reports refused" in str(failed.value)
    match = Match.objects.get()
    assert out.getvalue().strip() == f"{good}: created match {match.pk}, Reavers v Gouged Eye (/matches/{match.pk}/)."
    errors = err.getvalue()
    assert f"{names[0]}: refused:\n  - The JSON is nested too deeply" in errors
    assert f"{names[1]}: refused:\n  - A number of 5000 digits is too large" in errors
    assert f"{names[2]}: refused: the file cannot be read" in errors
    assert f"{names[3]}: refused:\n  - $.home: {NUL_REASON}" in errors
    assert f"{names[4]}: refused:\n  - The report is not UTF-8 text." in errors


def test_the_command_goes_on_after_an_unexpected_error(tmp_path, humans, orcs, monkeypatch):
    from matches.management.commands import import_match as command

    real = command.import_match
    calls = []

    def flaky(data, **kwargs):
        calls.append(data["report_id"])
        if len(calls) == 1:
            raise RuntimeError("boom")
        return real(data, **kwargs)

    monkeypatch.setattr(command, "import_match", flaky)
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps({**example(), "report_id": "first"}))
    second.write_text(json.dumps({**example(), "report_id": "second"}))
    err = StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("import_match", str(first), str(second), stdout=StringIO(), stderr=err)
    assert failed.value.returncode == 1 and "1 of 2 reports refused" in str(failed.value)
    assert f"{first}: failed: unexpected error (RuntimeError: boom)" in err.getvalue()
    assert Match.objects.get().import_key.endswith(":second")


# --- One error shape, whatever the authentication ---


def basic(username: str, password: str) -> APIClient:
    import base64

    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION="Basic " + base64.b64encode(f"{username}:{password}".encode()).decode())
    return client


def test_errors_have_one_shape_whatever_the_authentication(league, humans, coach_alice, user_factory):
    stranger = user_factory("stranger")
    hire = f"/api/teams/{humans.pk}/hire/"
    data = {"position": "lineman", "name": "Griff"}

    anonymous = api().post(hire, data, format="json")
    refused(anonymous, 401, "not_authenticated")
    assert anonymous["WWW-Authenticate"].startswith("Basic")
    refused(basic("alice", "wrong").post(hire, data, format="json"), 401, "authentication_failed")

    by_session = api(stranger).post(hire, data, format="json")
    by_basic = basic("stranger", "pw-stranger").post(hire, data, format="json")
    refused(by_session, 403, "permission_denied", "You may not change this team.")
    assert by_basic.status_code == 403 and by_basic.json() == by_session.json()

    session_without_csrf = APIClient(enforce_csrf_checks=True)
    session_without_csrf.force_login(coach_alice)
    refused(session_without_csrf.post(hire, data, format="json"), 403, "csrf_failed", "X-CSRFToken")

    bad_by_session = api(coach_alice).post(hire, {"position": "dragon"}, format="json")
    bad_by_basic = basic("alice", "pw-alice").post(hire, {"position": "dragon"}, format="json")
    refused(bad_by_session, 400, "invalid", "position: ", "name: ")
    assert bad_by_basic.json() == bad_by_session.json()
    assert set(bad_by_session.json()["fields"]) == {"position", "name"}


def test_errors_outside_the_views_have_the_same_shape(coach_alice, monkeypatch):
    refused(api().get("/api/no-such-thing/"), 404, "not_found")
    refused(api(coach_alice).get(IMPORT_API), 405, "method_not_allowed")
    refused(
        api(coach_alice).post("/api/teams/", "<xml/>", content_type="application/xml"), 415, "unsupported_media_type"
    )

    from teams.api import teams as team_api

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(team_api, "team_response", broken)
    refused(api().get("/api/teams/1/"), 500, "server_error", "nothing was changed")


def test_errors_are_in_the_requests_language(coach_alice, humans):
    response = api(coach_alice).post(
        f"/api/teams/{humans.pk}/hire/", DEEP, content_type="application/json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    refused(response, 400, "parse_error", "trop profondément")
    refused(api().get("/api/teams/?league=%00", HTTP_ACCEPT_LANGUAGE="fr"), 400, "bad_request", "caractère NUL")


def test_broken_and_oversized_bodies_are_400s(client, coach_alice, humans, settings, unchanged):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    hire = f"/api/teams/{humans.pk}/hire/"
    big = json.dumps({"position": "lineman", "name": "x" * 20_000})
    broken = b"--nope\r\nContent-Disposition: form-data\r\n\r\n"
    with unchanged():
        refused(api(coach_alice).post(hire, big, content_type="application/json"), 400, "parse_error", "too large")
        multipart = "multipart/form-data"  # no boundary: Django cannot split it
        refused(api(coach_alice).post(hire, broken, content_type=multipart), 400, "bad_request")
        client.force_login(coach_alice)
        page = client.post(reverse("teams:player_hire", args=[humans.pk]), broken, content_type=multipart)
        assert page.status_code == 400
