"""A justified concession (too few players at a kick-off) can be recorded, through the
import and the result page, and has the consequences of A3 in docs/decisions/rules.md,
"Readings of the rule ambiguities"."""

from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from matches.models import Match, MatchEffect
from matches.services import report_confirm
from tests.matches.test_import_service import example, imported
from tests.matches.test_views_support import login, report_data

pytestmark = pytest.mark.django_db


def justified_report() -> dict:
    data = copy.deepcopy(example("conceded-match"))  # the Reavers (home) concede to Gouged Eye
    data["result"]["concession_justified"] = True
    data["casualties"]["home"][0].pop("apothecary")  # the fixture's Reavers have no apothecary
    return data


def test_a_justified_concession_is_imported_with_its_consequences(humans, orcs, django_capture_on_commit_callbacks):
    match = imported(justified_report(), django_capture_on_commit_callbacks).match
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    assert (match.conceded_by, match.concession_justified) == ("home", True)
    dice = set(match.dice.values_list("purpose", flat=True))
    # A3: the conceder rolls no winnings and transfers nothing; each side keeps its one MVP; the
    # conceder rolls its fan factor as a loser (2D6) instead of losing a point; nobody leaves.
    assert "winnings:home" not in dice and "winnings:away" in dice
    assert {"mvp:home:1", "mvp:away:1", "ff:home", "ff:away"} <= dice and "mvp:away:2" not in dice
    assert len(match.dice.get(purpose="ff:home").values) == 2
    kinds = set(MatchEffect.objects.filter(match=match).values_list("kind", flat=True))
    assert "winnings_transfer" not in kinds and "departure" not in kinds
    winnings = MatchEffect.objects.filter(match=match, kind="winnings")
    assert not winnings.filter(team=humans).exclude(amount=0).exists() and winnings.get(team=orcs).amount > 0


def test_a_justified_concession_is_submitted_from_the_result_page(
    client, ready_match, coach_alice, coach_bob, orcs, django_capture_on_commit_callbacks
):
    # Reavers (home) v Gouged Eye: the orcs concede with good reason; the server rolls every die.
    data = report_data(ready_match, home_score=0, away_score=0, conceded_by="away", concession_justified="on")
    data["action"] = "submit"
    response = login(client, coach_alice).post(reverse("matches:result", args=[ready_match.pk]), data)
    assert response.status_code == 302, response.content.decode()
    ready_match.refresh_from_db()
    assert ready_match.status == Match.Status.SUBMITTED
    assert (ready_match.conceded_by, ready_match.concession_justified) == ("away", True)
    with django_capture_on_commit_callbacks(execute=True):
        report_confirm(match=ready_match, by=coach_bob)
    ready_match.refresh_from_db()
    assert ready_match.status == Match.Status.PROCESSED, ready_match.failure_reason
    assert not MatchEffect.objects.filter(match=ready_match, kind="winnings", team=orcs).exclude(amount=0).exists()
