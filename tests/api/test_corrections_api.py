"""Corrections through the JSON API: draft with a preview, read, confirm (the worker replays),
discard; the pages' rules (who may, bad input changes nothing) with the API's error shape."""

from __future__ import annotations

import pytest

from matches.models import Match, MatchCorrection
from matches.services.corrections import inputs_of

pytestmark = pytest.mark.django_db


def _lines_moving_a_touchdown(match) -> list[dict]:
    """H1 scored twice in the worked match: one of them was H2's."""
    h1, h2 = (match.home.players.get(number=n).pk for n in (1, 2))
    lines = []
    for line in inputs_of(match)["lines"]:
        if line["player_id"] == h1:
            line["touchdowns"] = 1
        if line["player_id"] == h2:
            line["touchdowns"] = 1
        lines.append(line)
    return lines


def test_a_commissioner_drafts_reads_and_confirms_a_correction(
    client_for, commissioner, processed_match, django_capture_on_commit_callbacks
):
    api = client_for(commissioner)
    match = processed_match
    h2 = match.home.players.get(number=2)
    before = h2.spp
    response = api.post(
        f"/api/matches/{match.pk}/corrections/",
        {"reason": "The second touchdown was H2's", "inputs": {"lines": _lines_moving_a_touchdown(match)}},
        format="json",
    )
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["status"] == "draft" and data["kind"] == "edit" and data["url"].endswith(f"/corrections/{data['id']}/")
    reavers = next(t for t in data["preview"]["teams"] if t["name"] == "Reavers")
    spp = {p["number"]: c for p in reavers["players"] for c in p["changes"] if c["field"] == "spp"}
    assert spp[2]["after"] - spp[2]["before"] == 3
    h2.refresh_from_db()
    assert h2.spp == before  # a preview changes nothing

    assert api.get(f"/api/matches/corrections/{data['id']}/").json()["preview"] == data["preview"]
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = api.post(f"/api/matches/corrections/{data['id']}/confirm/", {}, format="json")
    # Accepted: the worker applies it once the confirmation is committed.
    assert confirmed.status_code == 202 and confirmed.json()["status"] == "queued", confirmed.content
    applied = api.get(f"/api/matches/corrections/{data['id']}/").json()
    assert applied["status"] == "applied" and applied["moved"]["teams"]
    h2.refresh_from_db()
    assert h2.spp == before + 3


def test_bad_input_and_strangers_change_nothing(client_for, commissioner, coach_alice, processed_match):
    api = client_for(commissioner)
    url = f"/api/matches/{processed_match.pk}/corrections/"
    for body in (
        {"reason": "x", "inputs": {"lines": "many"}},
        {"reason": "x", "inputs": {"colour": "red"}},
        {"reason": "x", "inputs": {"result": {"home_score": 9}}},  # touchdowns no longer add up
        {"reason": "  ", "void": True},
        {"reason": "x", "void": "yes"},
        {"reason": "x", "inputs": {"lines": [{"player_id": 1, "goals": 3}]}},
    ):
        response = api.post(url, body, format="json")
        assert response.status_code == 400, (body, response.content)
        assert response.json()["errors"], response.content
    assert client_for(coach_alice).post(url, {"reason": "mine", "void": True}, format="json").status_code == 403
    assert client_for(None).post(url, {"reason": "x", "void": True}, format="json").status_code in (401, 403)
    assert not MatchCorrection.objects.exists()
    assert Match.objects.get(pk=processed_match.pk).status == Match.Status.PROCESSED


def test_a_void_drafted_then_discarded(client_for, commissioner, coach_alice, processed_match):
    api = client_for(commissioner)
    draft = api.post(
        f"/api/matches/{processed_match.pk}/corrections/", {"reason": "never played", "void": True}, format="json"
    ).json()
    assert draft["kind"] == "void" and draft["preview"]["teams"]
    alice = client_for(coach_alice)  # a coach of the match, where the league does not let coaches correct
    for url in (f"/api/matches/corrections/{draft['id']}/confirm/", f"/api/matches/corrections/{draft['id']}/discard/"):
        assert alice.post(url, {}, format="json").status_code == 403
    assert alice.get(f"/api/matches/corrections/{draft['id']}/").status_code == 403
    discarded = api.post(f"/api/matches/corrections/{draft['id']}/discard/")
    assert discarded.json()["status"] == "discarded"
    assert Match.objects.get(pk=processed_match.pk).status == Match.Status.PROCESSED
