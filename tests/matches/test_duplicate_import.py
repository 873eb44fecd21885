"""The same match imported twice under a new report id is refused, naming the match
already recorded (import service, command, API and upload page), unless the report says it is
a distinct match."""

from __future__ import annotations

import copy
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.test import APIClient

from matches.importing import import_match
from matches.models import Match, MatchEffect
from matches.services import MatchError
from teams.models import TreasuryEntry
from tests.matches.test_full_match import play
from tests.matches.test_import_service import example, imported, row_counts

pytestmark = pytest.mark.django_db


def again(data: dict | None = None, **changes) -> dict:
    """The same report under another report id."""
    report = copy.deepcopy(data or example())
    report.update(report_id="2025-round-1-again", **changes)
    return report


def twin_message(match: Match, date: str = "March 14, 2025") -> str:
    return (
        f"This report describes a match already recorded: match {match.pk}, Reavers v Gouged Eye, played on "
        f"{date} (/matches/{match.pk}/), with the same score, player lines and casualties. Importing it would "
        "count that match twice. If it really is another match, add “distinct_match”: true to the report."
    )


def test_the_same_match_under_a_new_report_id_is_refused(humans, orcs, django_capture_on_commit_callbacks):
    first = imported(example(), django_capture_on_commit_callbacks).match
    assert first.status == Match.Status.PROCESSED
    before, winnings = row_counts(), TreasuryEntry.objects.filter(kind=TreasuryEntry.Kind.WINNINGS).count()
    with django_capture_on_commit_callbacks(execute=True) as callbacks, pytest.raises(MatchError) as refused:
        import_match(again(), by=None)
    # First of the reasons: the others (the Reavers' #3, hurt in that match, now misses the game) follow from it.
    assert refused.value.messages[0] == twin_message(first)
    assert row_counts() == before and callbacks == []
    assert TreasuryEntry.objects.filter(kind=TreasuryEntry.Kind.WINNINGS).count() == winnings
    assert MatchEffect.objects.exclude(match=first).count() == 0


def test_a_report_flagged_distinct_is_imported(humans, orcs, django_capture_on_commit_callbacks):
    first = imported(example(), django_capture_on_commit_callbacks).match
    # A 0-0 where nothing happened, played twice: the second says it is another match.
    quiet = again(dice={}, decisions={}, players={}, casualties={}, result={"home_score": 0, "away_score": 0})
    second = imported(quiet, django_capture_on_commit_callbacks).match
    with pytest.raises(MatchError) as refused:
        import_match({**quiet, "report_id": "round-3"}, by=None)
    assert refused.value.messages == [twin_message(second)]
    third = imported({**quiet, "report_id": "round-3", "distinct_match": True}, django_capture_on_commit_callbacks)
    assert third.created and third.match.status == Match.Status.PROCESSED, third.match.failure_reason
    fingerprints = Match.objects.in_bulk([first.pk, second.pk, third.match.pk])
    assert len({m.content_fingerprint for m in fingerprints.values()}) == 2


def test_a_match_entered_on_the_site_is_found_too(
    ready_match, worked_report, coach_alice, coach_bob, django_capture_on_commit_callbacks
):
    # The plain example is the worked report of test_full_match, typed in through the services.
    entered = play(ready_match, worked_report, coach_alice, coach_bob, django_capture_on_commit_callbacks)
    data = example()
    data["casualties"]["home"][0]["number"] = 3  # as in the worked report (the demo's example hurts #4)
    with pytest.raises(MatchError) as refused:
        import_match(data, by=None)
    assert refused.value.messages[0] == twin_message(entered, "date not given")


def test_the_command_the_api_and_the_page_refuse_it(
    tmp_path, client, humans, orcs, commissioner, django_capture_on_commit_callbacks
):
    first = imported(example(), django_capture_on_commit_callbacks).match
    path = tmp_path / "again.json"
    path.write_text(json.dumps(again()), encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_match", str(path), stdout=StringIO(), stderr=err)
    assert f"  - {twin_message(first)}" in err.getvalue()

    api = APIClient()
    api.force_authenticate(commissioner)
    response = api.post("/api/matches/import/", again(), format="json")
    assert response.status_code == 400 and response.json()["errors"][0] == twin_message(first)

    client.force_login(commissioner)
    page = client.post("/matches/import/", {"text": json.dumps(again())})
    assert page.status_code == 400
    assert f"match {first.pk}, Reavers v Gouged Eye" in page.content.decode()
    assert Match.objects.count() == 1
