"""An apothecary used on a KO'd player (LRB6 p.17 L2162-2165: he stays on the pitch Stunned, or
goes to the Reserves) is that apothecary's one use of the match (spec A31: one apothecary_used flag
per match for KO or CAS): the sheet records it without dice, and a later casualty re-roll by the
same single apothecary is refused, on the result page and through the JSON import."""

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

REFUSED = (
    "Reavers used an apothecary on a KO'd player: an apothecary works once per match, on a KO'd player or on a "
    "casualty, so that one re-rolls no casualty (KO'd players treated: 1, casualty re-rolls: 1, apothecaries in "
    "this match: 1)."
)


def casualty_rerolled(humans) -> dict[str, object]:
    p = f"p{pid(humans, 3)}"
    return {f"{p}_d6": 4, f"{p}_d8": 1, f"{p}_apo": "on", f"{p}_apo_d6": 1, f"{p}_apo_d8": 1}


def test_the_sheet_records_an_apothecary_used_on_a_kod_player(client, ready_match, humans, coach_alice):
    Team.objects.filter(pk=humans.pk).update(apothecary=True)
    url = reverse("matches:result", args=[ready_match.pk])
    sheet = login(client, coach_alice).get(url).content.decode()
    assert 'name="home_apothecary_ko"' in sheet and 'name="away_apothecary_ko"' in sheet
    assert client.post(url, report_data(ready_match, home_apothecary_ko=1)).status_code == 302
    ready_match.refresh_from_db()
    assert (ready_match.home_apothecary_ko, ready_match.away_apothecary_ko) == (1, 0)
    # The draft shows it back, and so does the match page.
    assert 'name="home_apothecary_ko" value="1"' in client.get(url).content.decode()
    page = client.get(reverse("matches:detail", args=[ready_match.pk])).content.decode()
    assert "Apothecaries used on a KO'd player: 1 / 0" in page


def test_a_casualty_reroll_after_the_ko_use_is_refused(client, ready_match, humans, coach_alice):
    Team.objects.filter(pk=humans.pk).update(apothecary=True)
    url = reverse("matches:result", args=[ready_match.pk])
    data = report_data(ready_match, home_score=0, home_apothecary_ko=1, **casualty_rerolled(humans))
    response = login(client, coach_alice).post(url, data)
    assert response.status_code == 200
    assert REFUSED.replace("'", "&#x27;") in response.content.decode()
    assert not MatchCasualty.objects.exists()
    # In French too.
    client.cookies["django_language"] = "fr"
    french = client.post(url, data).content.decode()
    client.cookies["django_language"] = "en"
    assert "a utilisé un apothicaire sur un joueur KO" in french
    # Without the KO use, the same re-roll stands.
    data = report_data(ready_match, home_score=0, **casualty_rerolled(humans))
    assert client.post(url, data).status_code == 302
    assert MatchCasualty.objects.get().apothecary_used


def test_a_wandering_apothecary_is_a_second_use(client, scheduled, humans, coach_alice):
    """Two apothecaries: one on a KO'd player, the other re-rolls a casualty."""
    from league.rules import InducementOrder
    from matches.services import PrematchInput, prematch_record

    Team.objects.filter(pk=humans.pk).update(apothecary=True)
    order = InducementOrder({"wandering_apothecaries": 1})
    match = prematch_record(
        match=scheduled,
        data=PrematchInput(weather_dice=(3, 4), home_petty_cash=100_000, home_inducements=order),
        by=coach_alice,
    )
    data = report_data(match, home_score=0, home_apothecary_ko=1, **casualty_rerolled(humans))
    assert login(client, coach_alice).post(reverse("matches:result", args=[match.pk]), data).status_code == 302


def test_the_import_counts_the_ko_use(humans, orcs, django_capture_on_commit_callbacks):
    Team.objects.filter(pk=humans.pk).update(apothecary=True)
    data = copy.deepcopy(example())
    data["casualties"]["home"] = [{"number": 3, "d6": 4, "d8": 1, "apothecary": {"d6": 1, "d8": 1, "kept": True}}]
    data["result"]["home_apothecary_ko"] = 1
    before = row_counts()
    with pytest.raises(MatchError) as refused:
        import_match(data, by=None)
    assert refused.value.messages == [REFUSED]
    assert row_counts() == before
    data["result"]["home_apothecary_ko"] = 0
    data["result"]["away_apothecary_ko"] = 1  # the Orcs' KO'd player: no apothecary of theirs
    with pytest.raises(MatchError) as refused:
        import_match(data, by=None)
    assert any("Gouged Eye had no apothecary in this match" in m for m in refused.value.messages)
    del data["result"]["away_apothecary_ko"]
    match = imported(data, django_capture_on_commit_callbacks).match
    assert match.status == Match.Status.PROCESSED, match.failure_reason
