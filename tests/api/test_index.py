"""/api/ answers with the API's index (not a 404): the documentation, the schema and every endpoint
group, each link answering."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.test_schema import PATHS

pytestmark = pytest.mark.django_db


def test_the_api_root_is_an_index_of_every_endpoint_and_the_documents():
    client = APIClient()
    response = client.get("/api/")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    index = response.json()
    for document in ("docs", "redoc", "schema"):
        assert client.get(index[document]).status_code == 200, document
    listed = {path for group in index["groups"].values() for path in group["endpoints"]}
    # Every endpoint of the OpenAPI document, and the import, grouped by their first segment.
    assert set(PATHS) | {"/api/matches/import/"} <= listed
    assert set(index["groups"]) == {"leagues", "matches", "notifications", "players", "rulesets", "teams"}
    for group, links in index["groups"].items():
        assert all(path.startswith(f"/api/{group}/") for path in links["endpoints"])
        if links["url"] is not None:  # one's notifications are read with a login or a token only
            assert client.get(links["url"]).status_code == (401 if group == "notifications" else 200), group
    assert index["groups"]["teams"]["url"] == "http://testserver/api/teams/"


def test_the_index_is_read_only():
    assert APIClient().post("/api/", {}, format="json").status_code == 405
