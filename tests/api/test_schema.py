"""The OpenAPI document and its two viewers, served without any CDN."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from drf_spectacular.validation import validate_schema
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PATHS = {
    "/api/rulesets/": {"get"},
    "/api/rulesets/{key}/": {"get"},
    "/api/rulesets/{key}/teams/{team_key}/": {"get"},
    "/api/teams/": {"get", "post"},
    "/api/teams/{team_id}/": {"get", "put", "patch"},
    "/api/teams/{team_id}/ready/": {"post"},
    "/api/teams/{team_id}/hire/": {"post"},
    "/api/teams/{team_id}/rerolls/": {"post"},
    "/api/teams/{team_id}/staff/": {"post"},
    "/api/teams/{team_id}/retire/": {"post"},
    "/api/teams/{team_id}/ledger/": {"get"},
    "/api/teams/{team_id}/ledger/{entry_id}/reverse/": {"post"},
    "/api/players/{player_id}/": {"get", "patch"},
    "/api/players/{player_id}/fire/": {"post"},
    "/api/notifications/": {"get"},
    "/api/notifications/read/": {"post"},
    "/api/leagues/{slug}/ratings/": {"get"},
    "/api/leagues/{slug}/seasons/": {"get", "post"},
    "/api/leagues/{slug}/seasons/{number}/": {"get"},
    "/api/leagues/{slug}/seasons/{number}/advance/": {"post"},
    "/api/leagues/{slug}/seasons/{number}/teams/": {"post"},
    "/api/leagues/{slug}/seasons/{number}/teams/{team_id}/": {"delete"},
    "/api/leagues/{slug}/seasons/{number}/fixtures/": {"get", "post"},
    "/api/leagues/{slug}/seasons/{number}/standings/": {"get"},
    "/api/leagues/{slug}/seasons/{number}/naf.xml": {"get"},
    "/api/leagues/{slug}/seasons/{number}/playoffs/": {"get", "post"},
    "/api/leagues/{slug}/seasons/{number}/playoffs/preview/": {"post"},
}


@pytest.fixture
def schema() -> dict:
    response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return response.json()


def test_schema_is_valid_openapi_3_with_every_endpoint(schema):
    validate_schema(schema)  # raises on an invalid document
    assert schema["openapi"].startswith("3.")
    # Other apps add their own paths; these must all be there with exactly these methods.
    listed = {path: set(ops) - {"parameters"} for path, ops in schema["paths"].items()}
    assert {path: listed.get(path) for path in PATHS} == PATHS


def test_write_operations_document_their_body_and_the_400_shape(schema):
    create = schema["paths"]["/api/teams/"]["post"]
    body = create["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert {"league", "name", "race", "players", "draft"} <= set(schema["components"]["schemas"][body]["properties"])
    for path, method in [
        ("/api/teams/", "post"),
        ("/api/teams/{team_id}/hire/", "post"),
        ("/api/players/{player_id}/", "patch"),
        ("/api/teams/{team_id}/", "put"),
        ("/api/teams/{team_id}/", "patch"),
        ("/api/teams/{team_id}/retire/", "post"),
        ("/api/teams/{team_id}/ledger/{entry_id}/reverse/", "post"),
    ]:
        bad = schema["paths"][path][method]["responses"]["400"]["content"]["application/json"]["schema"]
        assert bad == {"$ref": "#/components/schemas/Error"}
    for path in ("/api/teams/{team_id}/rerolls/", "/api/teams/{team_id}/retire/"):
        assert "requestBody" not in schema["paths"][path]["post"]


def request_body(schema: dict, path: str, method: str) -> dict:
    ref = schema["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]]


def test_draft_edits_and_reversals_document_their_bodies(schema):
    put = request_body(schema, "/api/teams/{team_id}/", "put")
    fields = {
        "name",
        "race",
        "players",
        "rerolls",
        "fan_factor",
        "assistant_coaches",
        "cheerleaders",
        "apothecary",
        "college",
        "second_roster",  # an alliance team's rosters (docs/rulesets.md, "Alliance teams")
        "third_roster",
    }
    assert set(put["properties"]) == fields and set(put["required"]) == {"name", "race", "players"}
    player = schema["components"]["schemas"]["PlayerOrder"]["properties"]
    assert (
        set(player) == {"position", "name", "number", "roster"} and "second_roster" in player["roster"]["description"]
    )
    patch = request_body(schema, "/api/teams/{team_id}/", "patch")
    assert set(patch["properties"]) == fields and not patch.get("required")
    assert not any("default" in prop for prop in patch["properties"].values())  # what is not sent is kept
    assert set(request_body(schema, "/api/teams/{team_id}/ledger/{entry_id}/reverse/", "post")["properties"]) == {
        "memo"
    }
    reverse = schema["paths"]["/api/teams/{team_id}/ledger/{entry_id}/reverse/"]["post"]["responses"]
    assert set(reverse) == {"201", "400", "401", "403", "404", "429"}


def test_schema_generates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/"])
def test_viewers_use_only_local_static_files(url, settings):
    # tests/settings.py drops WhiteNoise for speed; this test is about the files it serves.
    settings.MIDDLEWARE = [
        settings.MIDDLEWARE[0],
        "whitenoise.middleware.WhiteNoiseMiddleware",
        *settings.MIDDLEWARE[1:],
    ]
    client = APIClient()
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html) + re.findall(r"""["']([^"']+\.(?:js|css))["']""", html)
    assert assets, html
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", html)
    assert "cdn.jsdelivr" not in html and "unpkg.com" not in html
    scripts = {a for a in assets if a.endswith(".js")}
    assert any("drf_spectacular_sidecar" in a for a in scripts), scripts
    for asset in {a for a in assets if a.startswith("/static/")}:
        assert client.get(asset).status_code == 200, asset


def test_the_documentation_says_how_to_authenticate_and_what_an_error_looks_like(schema):
    description = schema["info"]["description"]
    for words in ("HTTP Basic", "X-CSRFToken", "csrf_failed", "locked_out", "Retry-After", '"fields"', "NUL"):
        assert words in description, words
    error = schema["components"]["schemas"]["Error"]
    assert set(error["properties"]) == set(error["required"]) == {"code", "detail", "errors", "fields"}
    # Every write documents its refusals with it, and the lockout of its Basic authentication.
    hire = schema["paths"]["/api/teams/{team_id}/hire/"]["post"]["responses"]
    for status in ("400", "401", "403", "404", "429"):
        assert hire[status]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    assert {"basicAuth", "cookieAuth"} <= set(schema["components"]["securitySchemes"])
