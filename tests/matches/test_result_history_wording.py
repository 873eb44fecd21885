"""A result's history says what happened once: "submitted" once per submission (the save that is
part of it is not a second entry), a draft saved on its own once, and the commissioner's edit once,
not "edited by the commissioner by commissioner"."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from matches.models import Match
from tests.matches.test_dispute import correction_form, result_url, send_back_url
from tests.matches.test_views_support import login, report_data

pytestmark = pytest.mark.django_db


def history(client, match: Match) -> tuple[list[str], str]:
    html = client.get(match.get_absolute_url()).content.decode()
    section = html[html.index('id="result-history"') :].split("</section>", 1)[0]
    return re.findall(r'data-action="([a-z_]+)"', section), " ".join(section.split())


def test_a_result_submitted_from_the_sheet_is_one_entry_submitted(client, ready_match, coach_alice, coach_bob):
    login(client, coach_alice)
    assert client.post(result_url(ready_match), report_data(ready_match, action="submit")).status_code == 302
    actions, text = history(client, ready_match)
    assert actions == ["submitted"]
    assert "Result submitted by alice" in text and "saved as a draft" not in text
    # Sent back, saved as a draft, then submitted again: each submission once, the draft once.
    login(client, coach_bob).post(send_back_url(ready_match), {"reason": "Wrong score"})
    login(client, coach_alice)
    assert client.post(result_url(ready_match), report_data(ready_match)).status_code == 302
    assert client.post(result_url(ready_match), report_data(ready_match, action="submit")).status_code == 302
    actions, text = history(client, ready_match)
    assert actions == ["submitted", "sent_back", "saved", "submitted"]
    assert text.count("Result saved as a draft") == 1 and text.count("Result submitted") == 2


def test_a_refused_submission_keeps_its_draft_in_the_history(client, ready_match, coach_alice):
    login(client, coach_alice)
    # A touchdown credited to nobody: saved, but not submittable (every touchdown has its scorer).
    refused = client.post(
        result_url(ready_match), report_data(ready_match, action="submit", home_uncredited_touchdowns=0)
    )
    assert refused.status_code == 200
    assert Match.objects.get(pk=ready_match.pk).status == Match.Status.DRAFT
    assert history(client, ready_match)[0] == ["saved"]


def test_the_commissioners_edit_is_said_once(client, ready_match, coach_alice, commissioner):
    login(client, coach_alice).post(result_url(ready_match), report_data(ready_match, action="submit"))
    login(client, commissioner)
    assert client.post(result_url(ready_match), correction_form(ready_match)).status_code == 302
    actions, text = history(client, ready_match)
    assert actions == ["submitted", "corrected"]
    assert text.count("by the commissioner") == 1
    assert "Result edited by the commissioner, commissioner" in text


def test_a_send_back_in_the_morning_takes_one_period(client, ready_match, coach_alice, coach_bob):
    login(client, coach_alice).post(result_url(ready_match), report_data(ready_match, action="submit"))
    login(client, coach_bob).post(send_back_url(ready_match), {"reason": "Wrong score"})
    morning = timezone.localtime().replace(hour=9, minute=30)
    Match.objects.filter(pk=ready_match.pk).update(sent_back_at=morning)
    html = login(client, coach_alice).get(ready_match.get_absolute_url()).content.decode()
    assert "Result sent back by bob on" in html and "a.m." in html and "a.m.." not in html
