"""A result line posted for "p²" (a digit str.isdigit() accepts and int() refuses) is ignored, not a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match
from tests.matches.test_views_support import login, report_data

pytestmark = pytest.mark.django_db


def test_a_result_line_for_a_player_named_with_another_digit_is_ignored(client, ready_match, coach_alice):
    login(client, coach_alice)
    response = client.post(
        reverse("matches:result", args=[ready_match.pk]), {**report_data(ready_match), "p²_td": "1", "p٣_td": "1"}
    )
    assert response.status_code == 302
    assert Match.objects.get(pk=ready_match.pk).status == Match.Status.DRAFT
