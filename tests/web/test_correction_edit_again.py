"""The "Edit it again" button on a correction's preview: the sheet comes back as the commissioner posted it,
the reason he typed and every other value, not the match's stored ones; posted again unchanged, it
drafts the same inputs.

The worked match (tests/builders.py): Reavers 2-1 Gouged Eye, #1 Lineman 1 scored both Reavers
touchdowns, every die entered at the table."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from matches.models import MatchCorrection
from tests.web.test_correction_pages import correct_url

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_rendered")]


def shown(client: Client, url: str) -> dict[str, str]:
    """The sheet's values as the page shows them (what a browser would post back)."""
    form = client.get(url).context["form"]
    values = {name: form[name].value() for name in form.fields}
    return {
        name: "on" if value is True else str(value)
        for name, value in values.items()
        if value not in (None, "", False, [])
    }


def test_edit_it_again_keeps_the_reason_and_every_value(boss, processed_match):
    match = processed_match
    h1, h2 = (match.home.players.get(number=n).pk for n in (1, 2))
    reason = "The second touchdown was #2's; the gate was 27\nand it was played on the 3rd."
    posted = shown(boss, correct_url(match)) | {
        "action": "edit",
        "reason": reason,
        f"p{h1}_td": "1",
        f"p{h2}_td": "1",
        "gate": "27",
        "played_on": "2026-11-03",
        "die__ff__home": "6, 5, 6",
    }
    response = boss.post(correct_url(match), posted)
    assert response.status_code == 302, response.context["form"].errors if response.context else response
    draft = MatchCorrection.objects.get()
    preview = boss.get(response["Location"]).content.decode()
    link = re.search(r'id="edit-again" href="([^"]+)"', preview)
    assert link, "the preview offers to edit it again"
    again_url = html.unescape(link.group(1))

    page = boss.get(again_url)
    assert html.escape(reason) in page.content.decode()  # the reason typed, in its box
    again = shown(boss, again_url)
    for name, value in posted.items():
        if name != "action":
            assert again.get(name) == value, (name, again.get(name), value)

    # Posted back as shown, it drafts the same inputs (replacing the draft before it).
    assert boss.post(again_url, again | {"action": "edit"}).status_code == 302
    redrafted = MatchCorrection.objects.get(status=MatchCorrection.Status.DRAFT)
    assert redrafted.pk != draft.pk and redrafted.reason == reason.strip()
    assert redrafted.inputs == draft.inputs


def test_the_stored_sheet_starts_without_a_day_when_none_was_entered(boss, processed_match):
    """No day played was entered with the result: the sheet leaves it empty, not today's date,
    which posting back would take as the day played and move the match in play order."""
    assert processed_match.played_on is None
    assert "played_on" not in shown(boss, correct_url(processed_match))
