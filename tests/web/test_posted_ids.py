"""An id posted by a form or a button that is not an id (letters, "²", which str.isdigit() accepts
and int() refuses, a number no column holds) is a clear refusal in the reader's language, never a
500, and changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse
from league.core.models import AuditEntry, Membership, MembershipRequest

from tests.web.test_team_creation_pages import form_data

pytestmark = pytest.mark.django_db

NOT_IDS = ["abc", "²", "٣", "1.5", "-1", " ", "", "9" * 40]


@pytest.mark.parametrize("value", NOT_IDS)
@pytest.mark.parametrize(
    "action,field",
    [("promote", "membership"), ("demote", "membership"), ("approve", "request"), ("decline", "request")],
)
def test_the_coaches_page_refuses_an_id_that_is_not_one(
    client, league, commissioner, coach_alice, action, field, value
):
    client.force_login(commissioner)
    roles = list(Membership.objects.values_list("pk", "role"))
    audit = AuditEntry.objects.count()
    response = client.post(reverse("league:members", args=[league.slug]), {"action": action, field: value})
    assert response.status_code == 400
    text = response.content.decode()
    assert ("No such coach in this league." if field == "membership" else "No such request to join.") in text
    assert list(Membership.objects.values_list("pk", "role")) == roles and AuditEntry.objects.count() == audit
    assert not MembershipRequest.objects.exclude(status="pending").exists()


def test_the_refusal_reads_in_french(client, league, commissioner):
    client.force_login(commissioner)
    client.cookies["django_language"] = "fr"
    response = client.post(reverse("league:members", args=[league.slug]), {"action": "promote", "membership": "x"})
    assert response.status_code == 400 and "Aucun coach de ce nom dans cette ligue." in response.content.decode()


def test_an_unknown_numeric_id_is_still_a_404(client, league, commissioner):
    client.force_login(commissioner)
    response = client.post(reverse("league:members", args=[league.slug]), {"action": "promote", "membership": "999999"})
    assert response.status_code == 404


def test_removing_a_row_that_is_not_a_number_removes_none(alice_client, league):
    url = reverse("league:team_new_fields", args=[league.slug])
    rows = [("lineman", 1, "A"), ("lineman", 2, "B")]
    for value in ("²", "abc", "9" * 40):
        kept = alice_client.post(url, {**form_data(rows=rows), "remove_row": value}, HTTP_HX_REQUEST="true")
        assert kept.status_code == 200 and kept.text.count('player-row"') == 2, value
