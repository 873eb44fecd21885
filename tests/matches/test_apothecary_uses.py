"""A side uses no more apothecaries than it fielded (its own, once per match, and induced
Wandering Apothecaries), checked at save and submission through the import and the result page."""

from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from matches.importing import import_match
from matches.models import Match, MatchCasualty
from matches.services import MatchError
from teams.models import Team
from tests.builders import pid
from tests.matches.test_import_service import example, imported, row_counts
from tests.matches.test_views_support import login, report_data

pytestmark = pytest.mark.django_db

APOTHECARY = {"d6": 1, "d8": 1, "kept": True}  # re-rolled to a Badly Hurt


def two_apothecary_uses() -> dict:
    """The plain example, with a second Reavers casualty: both re-rolled by an apothecary."""
    data = copy.deepcopy(example())
    data["casualties"]["home"] = [
        {"number": 3, "d6": 4, "d8": 1, "apothecary": APOTHECARY},
        {"number": 5, "d6": 5, "d8": 1, "apothecary": APOTHECARY},
    ]
    return data


def test_one_apothecary_is_used_once_per_match(humans, orcs, django_capture_on_commit_callbacks):
    Team.objects.filter(pk=humans.pk).update(apothecary=True)
    before = row_counts()
    with pytest.raises(MatchError) as refused:
        import_match(two_apothecary_uses(), by=None)
    assert refused.value.messages == [
        "Reavers used an apothecary on 2 casualties but had only 1 apothecary in this match: "
        "its own apothecary and each Wandering Apothecary work once per match."
    ]
    assert row_counts() == before
    one = copy.deepcopy(example())
    one["casualties"]["home"] = [{"number": 3, "d6": 4, "d8": 1, "apothecary": APOTHECARY}]
    match = imported(one, django_capture_on_commit_callbacks).match
    assert match.status == Match.Status.PROCESSED, match.failure_reason


def test_no_apothecary_without_one(humans, orcs):
    data = copy.deepcopy(example())
    data["casualties"]["home"][0]["apothecary"] = APOTHECARY
    with pytest.raises(MatchError) as refused:
        import_match(data, by=None)
    assert any("Reavers had no apothecary in this match" in m for m in refused.value.messages)


def test_a_wandering_apothecary_adds_one_use(humans, orcs, django_capture_on_commit_callbacks):
    Team.objects.filter(pk=humans.pk).update(apothecary=True)
    data = two_apothecary_uses()
    data["prematch"]["home"] = {"petty_cash": 100_000, "inducements": {"items": {"wandering_apothecaries": 1}}}
    match = imported(data, django_capture_on_commit_callbacks).match
    assert match.status == Match.Status.PROCESSED, match.failure_reason
    assert MatchCasualty.objects.filter(match=match, apothecary_used=True).count() == 2


def test_igor_is_no_apothecary(league, coach_alice, orcs, django_capture_on_commit_callbacks):
    from teams.services import PlayerOrder, team_create

    undead = team_create(
        league=league,
        coach=coach_alice,
        name="Restless",
        race="undead",
        players=[PlayerOrder("skeleton", f"U{i}") for i in range(1, 12)],
    )
    data = copy.deepcopy(example())
    data.update(home="Restless", dice={}, decisions={})
    data["players"] = {"away": [{"number": 1, "touchdowns": 1}]}
    data["result"].update(home_score=0, away_score=1)
    data["prematch"]["home"] = {"petty_cash": 100_000, "inducements": {"items": {"igor": 1}}}
    data["casualties"] = {"home": [{"number": 3, "d6": 4, "d8": 1, "apothecary": APOTHECARY}]}
    with pytest.raises(MatchError) as refused:
        import_match(data, by=None)
    assert any("Restless had no apothecary in this match" in m for m in refused.value.messages), refused.value
    assert not Match.objects.filter(home=undead).exists()


def test_the_result_page_refuses_a_second_use(client, ready_match, humans, coach_alice):
    Team.objects.filter(pk=humans.pk).update(apothecary=True)
    fields = {}
    for number in (3, 5):
        p = f"p{pid(humans, number)}"
        fields.update({f"{p}_d6": 4, f"{p}_d8": 1, f"{p}_apo": "on", f"{p}_apo_d6": 1, f"{p}_apo_d8": 1})
    response = login(client, coach_alice).post(
        reverse("matches:result", args=[ready_match.pk]), report_data(ready_match, home_score=0, **fields)
    )
    assert response.status_code == 200
    assert "Reavers used an apothecary on 2 casualties but had only 1 apothecary" in response.content.decode()
    assert not MatchCasualty.objects.exists()


def test_submitting_a_saved_sheet_checks_the_uses_again(client, ready_match, humans, coach_alice):
    # A draft saved while the team had its apothecary, which it no longer has at submission.
    Team.objects.filter(pk=humans.pk).update(apothecary=True)
    p = f"p{pid(humans, 3)}"
    data = report_data(
        ready_match, **{f"{p}_d6": 4, f"{p}_d8": 1, f"{p}_apo": "on", f"{p}_apo_d6": 1, f"{p}_apo_d8": 1}
    )
    url = reverse("matches:result", args=[ready_match.pk])
    assert login(client, coach_alice).post(url, data).status_code == 302
    Team.objects.filter(pk=humans.pk).update(apothecary=False)
    response = client.post(reverse("matches:submit", args=[ready_match.pk]), follow=True)
    ready_match.refresh_from_db()
    assert ready_match.status == Match.Status.DRAFT
    assert "Reavers had no apothecary in this match" in response.content.decode()
